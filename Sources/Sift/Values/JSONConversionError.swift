/// Why a JSON value did not convert to the Swift type asked for (see ``JSONScalarConvertible``).
///
/// ```swift
/// do { _ = try Int.converting(JSONValue.number(JSONNumber(text: "1.5")!)) } catch {
///     print(error) // expected an integer (Int), found the number 1.5, which is not an integer
/// }
/// ```
public struct JSONConversionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the value did not convert.
    ///
    /// ```swift
    /// if error.reason == .wrongKind { /* a string where a number was expected */ }
    /// ```
    public enum Reason: Sendable, Hashable {
        /// The value is of another JSON kind (a string where a number is expected).
        case wrongKind
        /// The number has a fraction where an integer is expected.
        case notAnInteger
        /// The integer does not fit the type.
        case outOfRange
        /// The number's magnitude is beyond the type (`1e400` as `Double`).
        case notRepresentable
        /// The string is not a valid URL.
        case invalidURL
    }

    /// Why the value did not convert.
    ///
    /// ```swift
    /// error.reason // .notAnInteger
    /// ```
    public let reason: Reason
    /// What was expected: "a string", "an integer (Int)", "a URL string"...
    ///
    /// ```swift
    /// error.expected // "an integer (Int)"
    /// ```
    public let expected: String
    /// What was found: `the string "abc"`, `the number 1.5, which is not an integer`, `an object`...
    ///
    /// ```swift
    /// error.found // "the number 1.5, which is not an integer"
    /// ```
    public let found: String

    /// Creates an error.
    ///
    /// ```swift
    /// JSONConversionError(reason: .wrongKind, expected: "a string", found: "an array")
    /// ```
    public init(reason: Reason, expected: String, found: String) {
        self.reason = reason
        self.expected = expected
        self.found = found
    }

    /// `expected <expected>, found <found>`.
    ///
    /// ```swift
    /// error.description // "expected a string, found an array"
    /// ```
    public var description: String { "expected \(expected), found \(found)" }

    /// An error for a number that did not convert to `typeName`.
    init(_ error: JSONNumberConversionError, expected: String) {
        let found =
            switch error.reason {
            case .notAnInteger: "the number \(error.text), which is not an integer"
            case .outOfRange: "the number \(error.text), which does not fit in \(error.typeName)"
            case .notRepresentable: "the number \(error.text), which cannot be represented as \(error.typeName)"
            }
        let reason: Reason =
            switch error.reason {
            case .notAnInteger: .notAnInteger
            case .outOfRange: .outOfRange
            case .notRepresentable: .notRepresentable
            }
        self.init(reason: reason, expected: expected, found: found)
    }

    /// An error for a number beyond the range of a floating-point type.
    static func tooLarge(_ text: String, for typeName: String, expected: String) -> JSONConversionError {
        JSONConversionError(
            reason: .notRepresentable, expected: expected,
            found: "the number \(text), which is too large for \(typeName)")
    }
}

extension JSONValue {
    /// The value as messages show it: `the string "abc"`, `the number 12`, `the boolean true`,
    /// `null`, `an object`, `an array` (strings shortened past 40 characters).
    ///
    /// ```swift
    /// JSONValue.string("abc").summary // "the string \"abc\""
    /// ```
    public var summary: String {
        switch self {
        case .object, .array: JSONValueKind(of: self).description
        case .string(let text): "the string " + JSONValue.quoted(text)
        case .number(let number): "the number \(number.text)"
        case .bool(let flag): "the boolean \(flag)"
        case .null: "null"
        }
    }

    /// `text` in double quotes, escaped as in a Swift literal, shortened to 40 characters and `…`.
    ///
    /// ```swift
    /// JSONValue.quoted("a\"b") // "\"a\\\"b\""
    /// ```
    public static func quoted(_ text: String) -> String {
        let limit = 40
        let shown = text.count > limit ? text.prefix(limit) : text[...]
        var result = "\""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + (text.count > limit ? "…\"" : "\"")
    }
}

extension JSONEvent {
    /// The value an event begins as messages show it (see ``JSONValue/summary``); a container
    /// is named by its kind, a key or a container's end by the event itself.
    ///
    /// ```swift
    /// JSONEvent.startArray.summary // "an array"
    /// ```
    public var summary: String {
        switch self {
        case .startObject: JSONValueKind.object.description
        case .startArray: JSONValueKind.array.description
        case .string(let bytes): "the string " + JSONValue.quoted(bytes.string)
        case .number(let bytes): "the number \(bytes.string)"
        case .bool(let flag): "the boolean \(flag)"
        case .null: "null"
        case .endObject, .endArray, .key: "\(self)"
        }
    }
}
