/// The kind of a JSON value, and the words every message of the library uses for it.
///
/// ```swift
/// JSONValueKind(of: ["a": 1]).description // "an object"
/// JSONValueKind(of: .bool(true))          // .boolean
/// ```
public enum JSONValueKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A JSON object.
    case object
    /// A JSON array.
    case array
    /// A JSON string.
    case string
    /// A JSON number.
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null

    /// The kind of `value`.
    ///
    /// ```swift
    /// JSONValueKind(of: "text") // .string
    /// ```
    public init(of value: JSONValue) {
        switch value {
        case .object: self = .object
        case .array: self = .array
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        }
    }

    /// The kind of the value an event begins, or nil for a key or the end of a container.
    ///
    /// ```swift
    /// JSONValueKind(of: JSONEvent.startArray) // .array
    /// JSONValueKind(of: JSONEvent.endArray)   // nil
    /// ```
    public init?(of event: JSONEvent) {
        switch event {
        case .startObject: self = .object
        case .startArray: self = .array
        case .string: self = .string
        case .number: self = .number
        case .bool: self = .boolean
        case .null: self = .null
        case .endObject, .endArray, .key: return nil
        }
    }

    /// The kind with its article, as messages write it: "an object", "a string", "null".
    ///
    /// ```swift
    /// "expected \(JSONValueKind.array), found \(JSONValueKind.string)"
    /// // "expected an array, found a string"
    /// ```
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        }
    }
}
