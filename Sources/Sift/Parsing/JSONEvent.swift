/// One token of a JSON document, as the tokenizer delivers it.
///
/// Keys, strings and numbers carry ``JSONBytes`` borrowed from the tokenizer: they are valid
/// only while the event is being handled. A number's bytes are its exact text; convert them with
/// ``JSONBytes/integer(_:)``, ``JSONBytes/double()`` or ``JSONBytes/decimal()`` when needed.
///
/// ```swift
/// try JSONTokenizer.tokenize("[1, true]") { event, _ in print(event) }
/// // Prints:
/// // startArray
/// // number(1)
/// // bool(true)
/// // endArray
/// ```
public enum JSONEvent: CustomStringConvertible {
    /// `{`: an object begins.
    case startObject
    /// `}`: the innermost open object ends.
    case endObject
    /// `[`: an array begins.
    case startArray
    /// `]`: the innermost open array ends.
    case endArray
    /// A member name inside an object, unescaped UTF-8.
    case key(JSONBytes)
    /// A string value, unescaped UTF-8.
    case string(JSONBytes)
    /// A number value: its exact text as written in the document.
    case number(JSONBytes)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A one-line rendering of the event, used by golden traces and debugging.
    ///
    /// ```swift
    /// JSONEvent.bool(true).description // "bool(true)"
    /// ```
    public var description: String {
        switch self {
        case .startObject: "startObject"
        case .endObject: "endObject"
        case .startArray: "startArray"
        case .endArray: "endArray"
        case .key(let bytes): "key(\(Self.quoted(bytes)))"
        case .string(let bytes): "string(\(Self.quoted(bytes)))"
        case .number(let bytes): "number(\(bytes.string))"
        case .bool(let value): "bool(\(value))"
        case .null: "null"
        }
    }

    /// Whether the event begins a value (a scalar, or the opening of a container).
    ///
    /// ```swift
    /// JSONEvent.startArray.beginsValue // true
    /// ```
    @inlinable public var beginsValue: Bool {
        switch self {
        case .endObject, .endArray, .key: false
        default: true
        }
    }

    private static func quoted(_ bytes: JSONBytes) -> String {
        var result = "\""
        for scalar in bytes.string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16).uppercased()
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
