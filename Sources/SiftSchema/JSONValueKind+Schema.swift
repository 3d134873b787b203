import Sift

/// The JSON type of an instance value, as its first event shows it (``JSONValueKind/init(of:)``),
/// and the words the schema errors use for values.
extension JSONValueKind {
    /// Whether a `type` keyword allowing `types` accepts this value (`number` the number itself,
    /// for `integer`).
    func isAllowed(by types: InstanceTypes, number: SchemaNumber?) -> Bool {
        switch self {
        case .object: types.contains(.object)
        case .array: types.contains(.array)
        case .string: types.contains(.string)
        case .boolean: types.contains(.boolean)
        case .null: types.contains(.null)
        case .number: types.contains(.number) || types.contains(.integer) && number?.isIntegral == true
        }
    }

    /// The value named in a sentence: `the string "12"`, `the number 3.5`, `an object`.
    static func phrase(for event: JSONEvent, number: SchemaNumber? = nil) -> String {
        switch event {
        case .startObject: return "an object"
        case .startArray: return "an array"
        case .string(let bytes): return "the string " + quoted(bytes.string)
        case .number(let bytes): return (number?.isIntegral == true ? "the integer " : "the number ") + bytes.string
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .key(let bytes): return "the name " + quoted(bytes.string)
        case .endObject, .endArray: return "the end of a container"
        }
    }

    /// A JSON value written in a sentence, long ones cut.
    static func phrase(for value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "the string " + quoted(text)
        case .number(let number): "the number \(number.text)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        }
    }

    /// `text` in double quotes, cut after 40 characters.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"" + cut.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
