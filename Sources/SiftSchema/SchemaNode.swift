import Sift

/// One compiled subschema: its keywords, with every subschema it applies replaced by the index
/// of that subschema's node in ``JSONSchema``'s node table (so `$ref` cycles are plain indices).
///
/// A class, so that the validator reads a node's keywords without copying them (a struct of this
/// size costs dozens of retains per copy, on every value). Only ``SchemaCompiler`` writes its
/// properties, before the ``JSONSchema`` holding it exists; afterwards nothing changes it, which is
/// why it is `Sendable`.
final class SchemaNode: @unchecked Sendable {
    /// Where the subschema is, as a URI with a JSON Pointer fragment, for error reports.
    var location: String = "#"
    /// The index of the schema resource (`$id`) the subschema belongs to, for `$dynamicRef`.
    var resource: Int = 0
    /// `true` or `false` for a boolean schema; nil for an object.
    var constant: Bool?

    var types: InstanceTypes?
    var enumValues: [JSONValue]?
    var constValue: JSONValue?
    /// Whether `enum` or `const` lists a container, so that a container instance must be kept
    /// to be compared.
    var comparesContainers = false

    var multipleOf: SchemaNumber?
    var minimum: SchemaNumber?
    var maximum: SchemaNumber?
    var exclusiveMinimum: SchemaNumber?
    var exclusiveMaximum: SchemaNumber?

    var minLength: Int?
    var maxLength: Int?
    var pattern: SchemaPattern?
    var format: String?

    var properties: [String: Int] = [:]
    var patternProperties: [(pattern: SchemaPattern, node: Int)] = []
    var additionalProperties: Int?
    var propertyNames: Int?
    var required: [String] = []
    var dependentRequired: [(name: String, required: [String])] = []
    var dependentSchemas: [(name: String, node: Int)] = []
    var minProperties: Int?
    var maxProperties: Int?
    var unevaluatedProperties: Int?

    var prefixItems: [Int] = []
    var items: Int?
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    var minItems: Int?
    var maxItems: Int?
    var uniqueItems = false
    var unevaluatedItems: Int?

    var allOf: [Int] = []
    var anyOf: [Int] = []
    var oneOf: [Int] = []
    var not: Int?
    var ifNode: Int?
    var thenNode: Int?
    var elseNode: Int?
    var ref: Int?
    /// `$dynamicRef`: the node it resolves to statically, and the anchor name when that node
    /// has a `$dynamicAnchor` of the same name (then the dynamic scope may override it).
    var dynamicRef: (node: Int, anchor: String?)?

    /// Whether any keyword looks at an object's member names after the object's end
    /// (`required`, `dependentRequired`, `dependentSchemas`).
    init() {}

    var keepsMemberNames: Bool { !required.isEmpty || !dependentRequired.isEmpty || !dependentSchemas.isEmpty }

    /// Whether a child value of an object has a subschema to meet.
    var appliesToMembers: Bool {
        !properties.isEmpty || !patternProperties.isEmpty || additionalProperties != nil
            || unevaluatedProperties != nil
    }
}

/// The JSON types a `type` keyword allows, `integer` apart from `number`.
struct InstanceTypes: OptionSet, Sendable {
    let rawValue: UInt8

    static let null = InstanceTypes(rawValue: 1)
    static let boolean = InstanceTypes(rawValue: 2)
    static let object = InstanceTypes(rawValue: 4)
    static let array = InstanceTypes(rawValue: 8)
    static let number = InstanceTypes(rawValue: 16)
    static let string = InstanceTypes(rawValue: 32)
    static let integer = InstanceTypes(rawValue: 64)

    /// The type named `name` in a schema; nil for an unknown name.
    init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The names, for messages: `an integer or a string`.
    var phrase: String {
        let names: [(InstanceTypes, String)] = [
            (.object, "an object"), (.array, "an array"), (.string, "a string"), (.number, "a number"),
            (.integer, "an integer"), (.boolean, "a boolean"), (.null, "null"),
        ]
        let listed = names.filter { contains($0.0) }.map(\.1)
        guard listed.count > 1, let last = listed.last else { return listed.first ?? "nothing" }
        return listed.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// A `pattern` or `patternProperties` regular expression with its source text.
struct SchemaPattern: Sendable {
    var source: String
    var expression: RegularExpression

    /// Whether the expression matches somewhere in `text` (JSON Schema patterns are not anchored).
    func matches(_ text: String) -> Bool { expression.matchesPart(text) }
}
