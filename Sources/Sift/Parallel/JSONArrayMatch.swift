/// A value a JSONPath selected in one document matched on several threads, with its place in
/// the document (see ``JSONInput/arrayMatches(at:parallelism:options:)``).
///
/// ```swift
/// for try await match in JSONInput.file("feed.json").arrayMatches(at: try JSONPath("$.body[*].id")) {
///     print(match.path.normalized, match.location, match.value)  // $['body'][0]['id'] 1:29 17
/// }
/// ```
public struct JSONArrayMatch: Sendable, Hashable {
    /// The matched value.
    ///
    /// ```swift
    /// match.value  // .number(17)
    /// ```
    public let value: JSONValue

    /// The RFC 9535 normalized path of the value in the document.
    ///
    /// ```swift
    /// match.path.normalized  // "$['body'][12345]['id']"
    /// ```
    public let path: JSONNodePath

    /// Where the value starts in the document (byte offset from 0, line and column from 1), as
    /// one tokenizer reading the whole document reports it.
    ///
    /// ```swift
    /// match.location.offset  // 28
    /// ```
    public let location: SourceLocation

    /// Creates a match.
    ///
    /// ```swift
    /// JSONArrayMatch(
    ///     value: 17, path: [.key("body"), .index(0), .key("id")],
    ///     location: SourceLocation(offset: 28, line: 1, column: 29))
    /// ```
    public init(value: JSONValue, path: JSONNodePath, location: SourceLocation) {
        self.value = value
        self.path = path
        self.location = location
    }
}
