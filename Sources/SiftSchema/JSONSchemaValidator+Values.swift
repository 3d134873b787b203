import Sift

extension JSONSchemaValidator {
    /// A scalar value: every frame checks it at once, then folds.
    mutating func validateScalar(_ event: JSONEvent) {
        guard let kind = InstanceKind(event) else { return }
        let list = framesForNewValue(kind)
        let keepsElement = levels.last?.keepsElements ?? false
        guard !list.isEmpty || keepsElement else { return }
        let scalar = ScalarValue(
            event, validatedUTF8: validatesUTF8,
            exactNumber: list.contains { comparesNumbers(schema.nodes[frames[$0].node]) })
        for id in list { checkStart(id, kind: kind, event: event, scalar: scalar) }
        finish(list, kind: kind, value: scalar.value)
        if keepsElement { compareElement(scalar.value) }
    }

    /// Whether `node` compares a number exactly: a bound, `multipleOf`, `integer`, `enum`, `const`.
    private func comparesNumbers(_ node: SchemaNode) -> Bool {
        node.minimum != nil || node.maximum != nil || node.exclusiveMinimum != nil || node.exclusiveMaximum != nil
            || node.multipleOf != nil || node.types?.contains(.integer) == true || node.enumValues != nil
            || node.constValue != nil
    }

    /// A member name: `propertyNames` checks it as a string instance.
    mutating func checkName(_ name: String, event: JSONEvent) {
        guard let last = levels.indices.last else { return }
        var list: [Int] = []
        for parent in levels[last].frames where frames[parent].isOpen {
            guard let child = schema.nodes[frames[parent].node].propertyNames else { continue }
            instantiate(child, parent: parent, role: .propertyName, kind: .string, into: &list)
        }
        guard !list.isEmpty else { return }
        let value = JSONValue.string(name)
        let scalar = ScalarValue(value: value, number: nil, text: name)
        for id in list { checkStart(id, kind: .string, event: event, scalar: scalar) }
        finish(list, kind: .string, value: value)
    }

    mutating func beginContainer(_ event: JSONEvent, context: JSONEventContext) {
        let isObject: Bool
        if case .startObject = event { isObject = true } else { isObject = false }
        let kind: InstanceKind = isObject ? .object : .array
        let list = framesForNewValue(kind)
        let parentKeeps = levels.last?.keepsElements ?? false
        let location = list.isEmpty && !parentKeeps ? SourceLocation(offset: 0, line: 0, column: 0) : context.location
        var comparesValue = parentKeeps
        var keepsElements = false
        let empty = ScalarValue(value: .null, number: nil, text: nil)
        levels.append(
            ValidationLevel(frames: list, isObject: isObject, location: location, capture: nil, keepsElements: false))
        for id in list {
            checkStart(id, kind: kind, event: event, scalar: empty)
            let node = schema.nodes[frames[id].node]
            if node.comparesContainers && frames[id].valid { comparesValue = true }
            if !isObject && node.uniqueItems { keepsElements = true }
        }
        levels[levels.count - 1].keepsElements = keepsElements
        if comparesValue {
            var builder = JSONValueBuilder()
            _ = builder.consume(event)
            levels[levels.count - 1].capture = builder
            activeCaptures += 1
        }
        if list.isEmpty && activeCaptures == 0 { context.skipContents() }
    }

    mutating func endContainer(capturedValue: JSONValue?) {
        guard let level = levels.last else { return }
        finish(level.frames, kind: level.isObject ? .object : .array, value: capturedValue)
        if level.capture != nil { activeCaptures -= 1 }
        levels.removeLast()
        if levels.last?.keepsElements == true, let capturedValue { compareElement(capturedValue) }
    }

    /// Records an element for the `uniqueItems` of the enclosing array's frames.
    private mutating func compareElement(_ value: JSONValue) {
        guard let last = levels.indices.last else { return }
        let index = levels[last].index
        for id in levels[last].frames where schema.nodes[frames[id].node].uniqueItems && frames[id].valid {
            if let earlier = frames[id].uniqueItems.updateValue(index, forKey: ExactValue(value: value)) {
                fail(id, "uniqueItems", "the items at \(earlier) and \(index) are equal; items must be unique")
            }
        }
    }

    /// The checks a frame makes on a value's first event: the boolean schema, `type`, and for a
    /// scalar every keyword about it.
    private mutating func checkStart(_ id: Int, kind: InstanceKind, event: JSONEvent, scalar: ScalarValue) {
        let node = schema.nodes[frames[id].node]
        if let constant = node.constant {
            if !constant { fail(id, "", "no value is allowed here (the schema is false)", keywordPath: "") }
            return
        }
        if let types = node.types, !kind.isAllowed(by: types, number: scalar.number) {
            fail(
                id, "type", "expected \(types.phrase), found \(InstanceKind.phrase(for: event, number: scalar.number))")
        }
        switch kind {
        case .object:
            if schema.tracksAnnotations && node.additionalProperties != nil { frames[id].annotations.allNames = true }
            if !node.comparesContainers { checkEnumAndConst(id, node: node, value: nil) }
        case .array:
            if schema.tracksAnnotations && node.items != nil { frames[id].annotations.allItems = true }
            if !node.comparesContainers { checkEnumAndConst(id, node: node, value: nil) }
        default:
            checkEnumAndConst(id, node: node, value: scalar.value)
            if let number = scalar.number { checkNumber(id, node: node, number: number) }
            if let text = scalar.text { checkString(id, node: node, text: text) }
        }
    }

    /// `enum` and `const`; `value` is nil for a container no listed value can equal.
    func enumAndConstFailures(_ node: SchemaNode, value: JSONValue?) -> [(String, String)] {
        guard node.enumValues != nil || node.constValue != nil else { return [] }
        var failures: [(String, String)] = []
        // The phrase is made for a failure only: it costs more than the comparison.
        var found: String { value.map(InstanceKind.phrase(for:)) ?? "a container" }
        if let values = node.enumValues,
            value.map({ found in values.contains { ExactValue(value: $0) == ExactValue(value: found) } }) != true
        {
            let listed = values.prefix(5).map { $0.description }.joined(separator: ", ")
            failures.append(("enum", "expected one of \(listed)\(values.count > 5 ? ", …" : ""), found \(found)"))
        }
        if let constant = node.constValue, value.map({ ExactValue(value: $0) }) != ExactValue(value: constant) {
            failures.append(("const", "expected \(constant.description), found \(found)"))
        }
        return failures
    }

    mutating func checkEnumAndConst(_ id: Int, node: SchemaNode, value: JSONValue?) {
        for (keyword, message) in enumAndConstFailures(node, value: value) { fail(id, keyword, message) }
    }

    private mutating func checkNumber(_ id: Int, node: SchemaNode, number: SchemaNumber) {
        let text = number.text
        if let bound = node.minimum, number.compare(bound) < 0 {
            fail(id, "minimum", "expected at least \(bound.text), found \(text)")
        }
        if let bound = node.maximum, number.compare(bound) > 0 {
            fail(id, "maximum", "expected at most \(bound.text), found \(text)")
        }
        if let bound = node.exclusiveMinimum, number.compare(bound) <= 0 {
            fail(id, "exclusiveMinimum", "expected more than \(bound.text), found \(text)")
        }
        if let bound = node.exclusiveMaximum, number.compare(bound) >= 0 {
            fail(id, "exclusiveMaximum", "expected less than \(bound.text), found \(text)")
        }
        if let step = node.multipleOf, !number.isMultiple(of: step) {
            fail(id, "multipleOf", "expected a multiple of \(step.text), found \(text)")
        }
    }

    private mutating func checkString(_ id: Int, node: SchemaNode, text: String) {
        if node.minLength != nil || node.maxLength != nil {
            let length = text.unicodeScalars.count
            if let minimum = node.minLength, length < minimum {
                fail(id, "minLength", "expected at least \(minimum) characters, found \(length)")
            }
            if let maximum = node.maxLength, length > maximum {
                fail(id, "maxLength", "expected at most \(maximum) characters, found \(length)")
            }
        }
        if schema.assertsFormat, let format = node.format, !FormatAssertion.isValid(text, format: format) {
            fail(id, "format", "expected a string in the format \(format), found \(InstanceKind.quoted(text))")
        }
        if let pattern = node.pattern, !pattern.matches(text) {
            fail(
                id, "pattern",
                "expected a string matching \(InstanceKind.quoted(pattern.source)), found \(InstanceKind.quoted(text))")
        }
    }
}

/// A scalar event's value in the forms the keywords use.
struct ScalarValue {
    var value: JSONValue
    var number: SchemaNumber?
    var text: String?

    init(value: JSONValue, number: SchemaNumber?, text: String?) {
        self.value = value
        self.number = number
        self.text = text
    }

    /// The value of a scalar event; `validatedUTF8`: the tokenizer checked its UTF-8; a number as
    /// a `Decimal` too when `exactNumber` (see ``SchemaNumber/init(text:exact:)``).
    init(_ event: JSONEvent, validatedUTF8: Bool, exactNumber: Bool) {
        switch event {
        case .string(let bytes):
            let text = bytes.string(validated: validatedUTF8)
            self.init(value: .string(text), number: nil, text: text)
        case .number(let bytes):
            let text = bytes.string
            self.init(
                value: JSONNumber(text: text).map(JSONValue.number) ?? .null,
                number: SchemaNumber(text: text, exact: exactNumber),
                text: nil)
        case .bool(let flag): self.init(value: .bool(flag), number: nil, text: nil)
        default: self.init(value: .null, number: nil, text: nil)
        }
    }
}
