/// A value a JSONPath selected in one document matched on several threads, with its place in
/// the document (see ``JSONInput/arrayMatches(at:parallelism:options:)``).
///
/// ```swift
/// for try await match in JSONInput.file("feed.json").arrayMatches(at: try JSONPath("$.body[*].id")) {
///     print(match.path.normalized, match.value)  // $['body'][0]['id'] 17
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

    /// Creates a match.
    ///
    /// ```swift
    /// JSONArrayMatch(value: 17, path: [.key("body"), .index(0), .key("id")])
    /// ```
    public init(value: JSONValue, path: JSONNodePath) {
        self.value = value
        self.path = path
    }
}
