/// A value a JSONPath selected in one record of a newline-delimited input, with where it is in
/// the whole input (see ``JSONInput/lineMatches(at:parallelism:options:)``).
///
/// ```swift
/// for try await match in JSONInput.file("events.ndjson").lineMatches(at: try JSONPath("$.user.id")) {
///     print(match.location.line, match.value)
/// }
/// ```
public struct JSONLineMatch: Sendable, Hashable {
    /// The matched value.
    ///
    /// ```swift
    /// match.value  // .number(42)
    /// ```
    public let value: JSONValue

    /// The RFC 9535 normalized path of the value inside its record.
    ///
    /// ```swift
    /// match.path.normalized  // "$['user']['id']"
    /// ```
    public let path: JSONNodePath

    /// Where the value starts in the whole input (line from 1, byte offset from 0).
    ///
    /// ```swift
    /// match.location.line  // 7
    /// ```
    public let location: SourceLocation

    /// Creates a match.
    ///
    /// ```swift
    /// JSONLineMatch(value: 1, path: ["id"], location: SourceLocation(offset: 6, line: 1, column: 7))
    /// ```
    public init(value: JSONValue, path: JSONNodePath, location: SourceLocation) {
        self.value = value
        self.path = path
        self.location = location
    }
}
