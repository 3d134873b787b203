import Foundation
import Sift

/// The JSON type a schema property expects, and the Swift type it is mapped to.
///
/// Types are strict: a boolean is not an integer, a string is not a number, and a number that
/// does not fit the Swift type (`1.5` for ``int``, `-1` or `18446744073709551616` for ``uint``)
/// is a wrong type, never rounded or wrapped.
///
/// | type | JSON | Swift value (without decoder or mapped type) |
/// | --- | --- | --- |
/// | ``string`` | string | `String` |
/// | ``int`` | integral number | `Int` |
/// | ``uint`` | non-negative integral number | `UInt` |
/// | ``float`` | number | `Float` |
/// | ``double`` | number | `Double` |
/// | ``bool`` | `true` / `false` | `Bool` |
/// | ``array`` | array | `[JSONValue]` (each element decoded or mapped when asked) |
/// | ``dictionary`` | object | `[String: JSONValue]` (decoded or mapped when asked) |
/// | ``url`` | string that is a valid URL | `URL` |
///
/// ```swift
/// Property("age", .int)
/// Property("homepage", .url, optional: true)
/// ```
public enum PropertyType: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A JSON string, as `String`.
    case string
    /// A JSON number that is an integer fitting `Int`.
    case int
    /// A JSON number that is an integer fitting `UInt`.
    case uint
    /// A JSON number, as the nearest `Float` (a magnitude beyond `Float` is a wrong type).
    case float
    /// A JSON number, as the nearest `Double`.
    case double
    /// A JSON boolean.
    case bool
    /// A JSON array.
    case array
    /// A JSON object.
    case dictionary
    /// A JSON string parsed with `URL(string:encodingInvalidCharacters: false)`.
    case url

    /// The type's name as written in Swift code: `.string`, `.int`...
    ///
    /// ```swift
    /// PropertyType.uint.description // "uint"
    /// ```
    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .uint: "uint"
        case .float: "float"
        case .double: "double"
        case .bool: "bool"
        case .array: "array"
        case .dictionary: "dictionary"
        case .url: "url"
        }
    }

    /// What a value of this type is, for messages: "a string", "an integer (Int)"...
    ///
    /// ```swift
    /// PropertyType.int.expectation // "an integer (Int)"
    /// ```
    public var expectation: String {
        switch self {
        case .string: String.jsonExpectation
        case .int: Int.jsonExpectation
        case .uint: UInt.jsonExpectation
        case .float: Float.jsonExpectation
        case .double: Double.jsonExpectation
        case .bool: Bool.jsonExpectation
        case .array: JSONValueKind.array.description
        case .dictionary: JSONValueKind.object.description
        case .url: URL.jsonExpectation
        }
    }

    /// Whether the JSON value of this type is a scalar (not an array or object).
    var isScalar: Bool {
        switch self {
        case .array, .dictionary: false
        default: true
        }
    }
}
