public import Sift

/// Decodes an integer written as a JSON string, such as `"42"` or `"-7"` (decimal digits with an
/// optional sign; anything else, or a value beyond `Int`, is rejected).
///
/// ```swift
/// let schema = MappingSchema {
///     Property("count", .string, decoder: StringToIntDecoder())
/// }
/// // {"count": "12"} → 12
/// // {"count": "12a"} → $.count: decoder failed: "12a" is not an integer
/// ```
public struct StringToIntDecoder: ValueDecoder {
    /// Creates the decoder.
    ///
    /// ```swift
    /// let decoder = StringToIntDecoder()
    /// ```
    public init() {}

    /// Decodes the integer of a string value.
    ///
    /// ```swift
    /// try StringToIntDecoder().decode(.string("42")) // 42
    /// ```
    public func decode(_ value: JSONValue) throws -> Int {
        guard case .string(let text) = value else {
            throw ValueDecodingError("expected an integer string, found \(value.summary)")
        }
        guard let number = Int(text) else {
            throw ValueDecodingError("\(JSONValue.quoted(text)) is not an integer")
        }
        return number
    }
}
