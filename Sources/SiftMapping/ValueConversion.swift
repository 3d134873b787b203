import Foundation
import Sift

/// Strict conversions from the tokenizer's scalars to a property's Swift type, and the words
/// failures use for what was found.
enum ValueConversion {
    enum Outcome {
        case value(MappedValue)
        case wrongType(found: String)
        case invalidURL(found: String)
    }

    /// Converts a scalar event (not null) to the Swift type of `type`.
    static func convert(_ event: JSONEvent, to type: PropertyType) -> Outcome {
        switch (type, event) {
        case (.string, .string(let bytes)):
            return .value(.string(bytes.string))
        case (.url, .string(let bytes)):
            let text = bytes.string
            guard let url = URL(string: text, encodingInvalidCharacters: false) else {
                return .invalidURL(found: quoted(text))
            }
            return .value(.url(url))
        case (.int, .number(let bytes)):
            do {
                return .value(.int(try bytes.integer(Int.self)))
            } catch {
                return .wrongType(found: describe(number: bytes.string, error))
            }
        case (.uint, .number(let bytes)):
            do {
                return .value(.uint(try bytes.integer(UInt.self)))
            } catch {
                return .wrongType(found: describe(number: bytes.string, error))
            }
        case (.double, .number(let bytes)):
            do {
                return .value(.double(try bytes.double()))
            } catch {
                return .wrongType(found: "the number \(bytes.string), which is too large for Double")
            }
        case (.float, .number(let bytes)):
            guard let double = try? bytes.double(), Float(double).isFinite else {
                return .wrongType(found: "the number \(bytes.string), which is too large for Float")
            }
            return .value(.float(Float(double)))
        case (.bool, .bool(let flag)):
            return .value(.bool(flag))
        default:
            return .wrongType(found: describe(event))
        }
    }

    private static func describe(number text: String, _ error: JSONNumberConversionError) -> String {
        switch error.reason {
        case .notAnInteger: "the number \(text), which is not an integer"
        case .outOfRange: "the number \(text), which does not fit in \(error.typeName)"
        case .notRepresentable: "the number \(text), which cannot be represented as \(error.typeName)"
        }
    }

    /// What a value event is, for messages: `the string "abc"`, `the number 12`, `an object`...
    static func describe(_ event: JSONEvent) -> String {
        switch event {
        case .startObject: "an object"
        case .startArray: "an array"
        case .string(let bytes): "the string \(quoted(bytes.string))"
        case .number(let bytes): "the number \(bytes.string)"
        case .bool(let flag): "the boolean \(flag)"
        case .null: "null"
        case .endObject, .endArray, .key: "\(event)"
        }
    }

    /// What a captured value is, for messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): "the string \(quoted(text))"
        case .number(let number): "the number \(number.text)"
        case .bool(let flag): "the boolean \(flag)"
        case .null: "null"
        }
    }

    /// A string in double quotes, escaped, shortened past 40 characters.
    static func quoted(_ text: String) -> String {
        let limit = 40
        var shown = text.count > limit ? String(text.prefix(limit)) : text
        shown = shown.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where scalar.value < 0x20: "\\u{\(String(scalar.value, radix: 16))}"
            default: String(scalar)
            }
        }.joined()
        return "\"" + shown + (text.count > limit ? "…" : "") + "\""
    }

    /// An object's members as a dictionary (for duplicate keys the last member wins).
    static func dictionary(_ object: JSONObject) -> [String: JSONValue] {
        Dictionary(object.members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }
}
