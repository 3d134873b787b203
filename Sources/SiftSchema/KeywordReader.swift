import Sift

/// Reads the keywords of a subschema that assert something of the instance itself (type,
/// enum, const, the numeric, string, count and name keywords) into its ``SchemaNode``.
enum KeywordReader {
    static func readAssertions(_ object: JSONObject, at location: String, into node: inout SchemaNode)
        throws(JSONSchemaError)
    {
        for member in object {
            let value = member.value
            switch member.key {
            case "type": node.types = try types(value, at: location)
            case "enum":
                guard case .array(let values) = value else { throw invalid("enum", location) }
                node.enumValues = values
                node.comparesContainers = node.comparesContainers || values.contains(where: isContainer)
            case "const":
                node.constValue = value
                node.comparesContainers = node.comparesContainers || isContainer(value)
            case "multipleOf": node.multipleOf = try number(value, "multipleOf", location)
            case "minimum": node.minimum = try number(value, "minimum", location)
            case "maximum": node.maximum = try number(value, "maximum", location)
            case "exclusiveMinimum": node.exclusiveMinimum = try number(value, "exclusiveMinimum", location)
            case "exclusiveMaximum": node.exclusiveMaximum = try number(value, "exclusiveMaximum", location)
            case "minLength": node.minLength = try count(value, "minLength", location)
            case "maxLength": node.maxLength = try count(value, "maxLength", location)
            case "minProperties": node.minProperties = try count(value, "minProperties", location)
            case "maxProperties": node.maxProperties = try count(value, "maxProperties", location)
            case "minItems": node.minItems = try count(value, "minItems", location)
            case "maxItems": node.maxItems = try count(value, "maxItems", location)
            case "minContains": node.minContains = try count(value, "minContains", location)
            case "maxContains": node.maxContains = try count(value, "maxContains", location)
            case "uniqueItems": node.uniqueItems = value.boolValue ?? false
            case "pattern":
                guard case .string(let source) = value else { throw invalid("pattern", location) }
                node.pattern = try pattern(source, at: location)
            case "format": node.format = value.stringValue
            case "required": node.required = try names(value, "required", location)
            case "dependentRequired":
                guard case .object(let map) = value else { throw invalid("dependentRequired", location) }
                for entry in map {
                    node.dependentRequired.append((entry.key, try names(entry.value, "dependentRequired", location)))
                }
            default: break
            }
        }
    }

    /// Compiles a `pattern` or `patternProperties` expression with the engine's linear-time
    /// matcher.
    static func pattern(_ source: String, at location: String) throws(JSONSchemaError) -> SchemaPattern {
        let translated = PatternTranslation.translate(source)
        guard let expression = RegularExpression(translated) else {
            throw JSONSchemaError(
                .unsupportedPattern,
                "the pattern \"\(source)\" at \(location) is not an I-Regexp (RFC 9485), which Sift matches in linear time"
            )
        }
        return SchemaPattern(source: source, expression: expression, bytePattern: BytePattern(translated))
    }

    private static func isContainer(_ value: JSONValue) -> Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }

    private static func invalid(_ keyword: String, _ location: String) -> JSONSchemaError {
        JSONSchemaError(.invalidSchema, "\"\(keyword)\" has a value of the wrong type at \(location)")
    }

    private static func types(_ value: JSONValue, at location: String) throws(JSONSchemaError) -> InstanceTypes {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let array): names = array
        default: throw invalid("type", location)
        }
        var types: InstanceTypes = []
        for name in names {
            guard case .string(let text) = name, let type = InstanceTypes(name: text) else {
                throw invalid("type", location)
            }
            types.insert(type)
        }
        return types
    }

    private static func number(_ value: JSONValue, _ keyword: String, _ location: String) throws(JSONSchemaError)
        -> SchemaNumber
    {
        guard case .number(let number) = value, let parsed = SchemaNumber(text: number.text) else {
            throw invalid(keyword, location)
        }
        return parsed
    }

    private static func count(_ value: JSONValue, _ keyword: String, _ location: String) throws(JSONSchemaError)
        -> Int
    {
        guard case .number(let number) = value, let parsed = SchemaNumber(text: number.text), parsed.isIntegral,
            parsed.double >= 0
        else { throw invalid(keyword, location) }
        return parsed.double > Double(Int.max / 2) ? Int.max / 2 : Int(parsed.double)
    }

    private static func names(_ value: JSONValue, _ keyword: String, _ location: String) throws(JSONSchemaError)
        -> [String]
    {
        guard case .array(let array) = value else { throw invalid(keyword, location) }
        var names: [String] = []
        for element in array {
            guard case .string(let name) = element else { throw invalid(keyword, location) }
            names.append(name)
        }
        return names
    }
}
