import Sift

extension JSONSchemaValidator {
    /// A scalar value: every frame checks it at once, then folds.
    mutating func validateScalar(_ event: JSONEvent) {
        guard let kind = JSONValueKind(of: event) else { return }
        let start = frames.count
        pushFramesForNewValue(kind)
        let end = frames.count
        let keepsElement = levels.last?.keepsElements ?? false
        guard end > start || keepsElement else { return }
        var scalar = ScalarValue(
            event, validatedUTF8: validatesUTF8,
            exactNumber: kind == .number && (start..<end).contains { schema.nodes[frames[$0].node].comparesNumbers })
        for id in start..<end { checkStart(id, kind: kind, event: event, scalar: &scalar) }
        finish(from: start, kind: kind, value: nil)
        if keepsElement { compareElement(scalar.value()) }
        decideIfDue()
    }

    /// A member name: `propertyNames` checks it as a string instance.
    mutating func checkName(_ event: JSONEvent) {
        guard let last = levels.indices.last else { return }
        let start = frames.count
        for parent in levels[last].frames where frames[parent].isOpen {
            guard let child = schema.nodes[frames[parent].node].propertyNames else { continue }
            instantiate(child, parent: parent, role: .propertyName, kind: .string)
        }
        let end = frames.count
        guard end > start else { return }
        var scalar = ScalarValue(event, validatedUTF8: validatesUTF8, exactNumber: false)
        for id in start..<end { checkStart(id, kind: .string, event: event, scalar: &scalar) }
        finish(from: start, kind: .string, value: nil)
        decideIfDue()
    }

    mutating func beginContainer(_ event: JSONEvent, context: JSONEventContext) {
        let isObject: Bool
        if case .startObject = event { isObject = true } else { isObject = false }
        let kind: JSONValueKind = isObject ? .object : .array
        let start = frames.count
        pushFramesForNewValue(kind)
        let end = frames.count
        let parentKeeps = levels.last?.keepsElements ?? false
        let location = end == start && !parentKeeps ? SourceLocation(offset: 0, line: 0, column: 0) : context.location
        var comparesValue = parentKeeps
        var keepsElements = false
        var checksNames = false
        var empty = ScalarValue(.null, validatedUTF8: true, exactNumber: false)
        levels.append(
            ValidationLevel(
                frameStart: start, frameEnd: end, isObject: isObject, keyStart: keyBytes.count,
                keyEnd: keyBytes.count, location: location, keepsElements: false))
        var decides = false
        for id in start..<end {
            checkStart(id, kind: kind, event: event, scalar: &empty)
            if schema.nodes[frames[id].node].hasBranches { decides = true }
        }
        if decides {
            levels[levels.count - 1].decides = true
            decide(level: levels.count - 1)
        }
        var reads = false
        for id in start..<end where frames[id].isOpen {
            reads = true
            let node = schema.nodes[frames[id].node]
            if node.comparesContainers && frames[id].valid { comparesValue = true }
            if !isObject && node.uniqueItems { keepsElements = true }
            if isObject && node.propertyNames != nil { checksNames = true }
        }
        levels[levels.count - 1].keepsElements = keepsElements
        levels[levels.count - 1].checksNames = checksNames
        if comparesValue {
            var builder = JSONValueBuilder()
            _ = builder.consume(event)
            levels[levels.count - 1].isCaptured = true
            captures.append((levels.count - 1, builder))
        }
        if !reads && captures.isEmpty {
            // No frame looks into the container (none, or all settled): nothing inside counts.
            context.skipContents()
        } else if isObject && captures.isEmpty, let names = memberPass(for: start..<end) {
            context.takeOnlyMembers(named: names)
        }
    }

    /// The names the frames `range` of an object take, when none looks at the other members.
    ///
    /// The tokenizer may then pass the other members without events. A boolean schema takes no
    /// name.
    private mutating func memberPass(for range: Range<Int>) -> MemberNameSet? {
        if range.count == 1 {
            let node = schema.nodes[frames[range.lowerBound].node]
            return node.constant != nil ? Self.noMembers : node.memberPass
        }
        var key: [Int] = []
        for id in range where frames[id].isOpen {
            let node = schema.nodes[frames[id].node]
            guard node.constant == nil else { continue }
            guard node.memberPass != nil else { return nil }
            key.append(frames[id].node)
        }
        if let names = memberPasses[key] { return names }
        var names: [[UInt8]] = []
        var seen: Set<[UInt8]> = []
        for node in key {
            for name in schema.nodes[node].memberNames where seen.insert(name).inserted { names.append(name) }
        }
        let union = MemberNameSet(names)
        memberPasses[key] = union
        return union
    }

    mutating func endContainer(capturedValue: JSONValue?) {
        guard let level = levels.last else { return }
        finish(from: level.frameStart, kind: level.isObject ? .object : .array, value: capturedValue)
        if level.isCaptured { captures.removeLast() }
        levels.removeLast()
        keyBytes.removeLast(keyBytes.count - level.keyStart)
        if levels.last?.keepsElements == true, let capturedValue { compareElement(capturedValue) }
        decideIfDue()
    }

    /// Records an element for the `uniqueItems` of the enclosing array's frames.
    private mutating func compareElement(_ value: JSONValue) {
        guard let last = levels.indices.last else { return }
        let index = levels[last].index
        for id in levels[last].frames
        where schema.nodes[frames[id].node].uniqueItems && frames[id].valid && !frames[id].stopped {
            if let earlier = frames[id].extra().uniqueItems.updateValue(index, forKey: ExactValue(value: value)) {
                fail(id, "uniqueItems", "the items at \(earlier) and \(index) are equal; items must be unique")
            }
        }
    }

    /// The checks a frame makes on a value's first event: the boolean schema, `type`, and for a
    /// scalar every keyword about it.
    private mutating func checkStart(_ id: Int, kind: JSONValueKind, event: JSONEvent, scalar: inout ScalarValue) {
        let node = schema.nodes[frames[id].node]
        if let constant = node.constant {
            if !constant { fail(id, "", "no value is allowed here (the schema is false)", keywordPath: "") }
            return
        }
        if let types = node.types,
            kind == .number
                ? !types.contains(.number) && !(types.contains(.integer) && scalar.isIntegral())
                : !kind.isAllowed(by: types, number: nil)
        {
            fail(
                id, "type",
                "expected \(types.phrase), found \(JSONValueKind.phrase(for: event, number: scalar.number()))")
        }
        switch kind {
        case .object:
            if schema.tracksAnnotations && node.additionalProperties != nil {
                frames[id].extra().annotations.allNames = true
            }
            if !node.comparesContainers { checkEnumAndConst(id, node: node, value: nil) }
        case .array:
            if schema.tracksAnnotations && node.items != nil { frames[id].extra().annotations.allItems = true }
            if !node.comparesContainers { checkEnumAndConst(id, node: node, value: nil) }
        default:
            if node.enumValues != nil || node.constValue != nil {
                checkScalarEnumAndConst(id, node: node, scalar: &scalar)
            }
            if kind == .number, node.boundsNumbers, let number = scalar.number() {
                checkNumber(id, node: node, number: number)
            }
            if node.checksStrings, let bytes = scalar.bytes {
                checkString(id, node: node, bytes: bytes, scalar: &scalar)
            }
        }
    }

    /// `enum` and `const`: `equals` tells whether the instance equals a listed value, `found`
    /// names the instance in a message.
    func enumAndConstFailures(
        _ node: SchemaNode, equals: (JSONValue) -> Bool, found: () -> String
    ) -> [(String, String)] {
        var failures: [(String, String)] = []
        if let values = node.enumValues, !values.contains(where: equals) {
            let listed = values.prefix(5).map { $0.description }.joined(separator: ", ")
            failures.append(("enum", "expected one of \(listed)\(values.count > 5 ? ", …" : ""), found \(found())"))
        }
        if let constant = node.constValue, !equals(constant) {
            failures.append(("const", "expected \(constant.description), found \(found())"))
        }
        return failures
    }

    /// `enum` and `const` on a whole value; `value` is nil for a container no listed value can equal.
    func enumAndConstFailures(_ node: SchemaNode, value: JSONValue?) -> [(String, String)] {
        guard node.enumValues != nil || node.constValue != nil else { return [] }
        let exact = value.map(ExactValue.init(value:))
        // The phrase is made for a failure only: it costs more than the comparison.
        return enumAndConstFailures(
            node, equals: { exact != nil && ExactValue(value: $0) == exact },
            found: { value.map(JSONValueKind.phrase(for:)) ?? "a container" })
    }

    mutating func checkEnumAndConst(_ id: Int, node: SchemaNode, value: JSONValue?) {
        for (keyword, message) in enumAndConstFailures(node, value: value) { fail(id, keyword, message) }
    }

    /// `enum` and `const` on a scalar; a string compared by its bytes, without a `String`.
    private mutating func checkScalarEnumAndConst(_ id: Int, node: SchemaNode, scalar: inout ScalarValue) {
        let failures: [(String, String)]
        if validatesUTF8, let bytes = scalar.bytes {
            failures = enumAndConstFailures(
                node,
                equals: { listed in
                    guard case .string(let text) = listed else { return false }
                    return bytes.equals(text.utf8)
                },
                found: { JSONValueKind.phrase(for: .string(bytes.string(validated: true))) })
        } else {
            failures = enumAndConstFailures(node, value: scalar.value())
        }
        for (keyword, message) in failures { fail(id, keyword, message) }
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

    /// The string keywords, over the string's UTF-8 bytes; a `String` is made only for `format`,
    /// a pattern the byte matcher does not take, or a failure's message.
    private mutating func checkString(_ id: Int, node: SchemaNode, bytes: JSONBytes, scalar: inout ScalarValue) {
        if node.minLength != nil || node.maxLength != nil {
            let length = validatesUTF8 ? Self.scalarCount(bytes) : scalar.text().unicodeScalars.count
            if let minimum = node.minLength, length < minimum {
                fail(id, "minLength", "expected at least \(minimum) characters, found \(length)")
            }
            if let maximum = node.maxLength, length > maximum {
                fail(id, "maxLength", "expected at most \(maximum) characters, found \(length)")
            }
        }
        if schema.assertsFormat, let format = node.format, !FormatAssertion.isValid(scalar.text(), format: format) {
            fail(
                id, "format",
                "expected a string in the format \(format), found \(JSONValueKind.quoted(scalar.text()))")
        }
        if let pattern = node.pattern, bytes.withContiguousStorageIfAvailable({ pattern.matches($0) }) == false {
            fail(
                id, "pattern",
                "expected a string matching \(JSONValueKind.quoted(pattern.source)), found "
                    + JSONValueKind.quoted(scalar.text()))
        }
    }

    /// The number of Unicode scalars in valid UTF-8: the bytes that do not continue a sequence.
    private static func scalarCount(_ bytes: JSONBytes) -> Int {
        bytes.withUnsafeBytes { buffer in buffer.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }
}

/// A scalar event's value in the forms the keywords use, each made the first time one asks.
struct ScalarValue {
    /// The event; its bytes are the tokenizer's, valid while it is handled.
    let event: JSONEvent
    let validatedUTF8: Bool
    /// Whether a number is made exact (see ``SchemaNumber/init(text:exact:deferred:)``).
    let exactNumber: Bool
    private var madeText: String?
    private var madeNumber: SchemaNumber??

    /// The value of a scalar event (a member name counts as a string); `validatedUTF8`: the
    /// tokenizer checked its UTF-8; a number as a `Decimal` too when `exactNumber` (see
    /// ``SchemaNumber/init(text:exact:deferred:)``).
    init(_ event: JSONEvent, validatedUTF8: Bool, exactNumber: Bool) {
        self.event = event
        self.validatedUTF8 = validatedUTF8
        self.exactNumber = exactNumber
    }

    /// A number's value (nil for other kinds).
    mutating func number() -> SchemaNumber? {
        if let madeNumber { return madeNumber }
        guard case .number(let bytes) = event else { return nil }
        let number = SchemaNumber(text: bytes.string, exact: exactNumber, deferred: true)
        madeNumber = .some(number)
        return number
    }

    /// Whether a number is an integer (`1`, `1.0`, `1e2`): at once for one written without a
    /// fraction or an exponent, however long, else as its ``SchemaNumber`` says.
    mutating func isIntegral() -> Bool {
        if case .number(let bytes) = event,
            bytes.withUnsafeBytes({
                $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: "-") }
            })
        {
            return true
        }
        return number()?.isIntegral == true
    }

    /// A string's (or a member name's) bytes.
    var bytes: JSONBytes? {
        switch event {
        case .string(let bytes), .key(let bytes): bytes
        default: nil
        }
    }

    /// A string's text (empty for other kinds).
    mutating func text() -> String {
        if let madeText { return madeText }
        let text = bytes?.string(validated: validatedUTF8) ?? ""
        madeText = text
        return text
    }

    /// The value as a `JSONValue`.
    mutating func value() -> JSONValue {
        switch event {
        case .string, .key: .string(text())
        case .number(let bytes): JSONNumber(text: bytes.string).map(JSONValue.number) ?? .null
        case .bool(let flag): .bool(flag)
        default: .null
        }
    }
}
