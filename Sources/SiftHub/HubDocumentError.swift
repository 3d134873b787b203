/// The root of a Hub document is neither an object (a view model) nor an array (body components).
///
/// It is the `JSONParseError.underlyingError` of the `JSONParseError` thrown by the parsing
/// functions, which carries the location.
///
/// ```swift
/// do {
///     _ = try ViewModel(parsing: .string("42"))
/// } catch let error as JSONParseError {
///     print(error.underlyingError is HubDocumentError) // true
///     print(error) // 1:1: error: ... a Hub document must be an object (a view model) or an array ...
/// }
/// ```
public struct HubDocumentError: Error, Sendable, CustomStringConvertible {
    /// What the root value is: "a string", "a number", "a boolean" or "null".
    ///
    /// ```swift
    /// error.found // "a number"
    /// ```
    public let found: String

    /// A sentence for a person.
    ///
    /// ```swift
    /// print(error) // a Hub document must be an object (a view model) or an array (body components), not a number
    /// ```
    public var description: String {
        "a Hub document must be an object (a view model) or an array (body components), not \(found)"
    }
}
