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

/// The ``JSONLineHandler`` behind ``JSONInput/arrayMatches(at:parallelism:options:)``: the
/// matches of one block, placed in the document.
struct ArrayMatchCollector: JSONLineHandler {
    /// The matches found and not yet committed, and those committed.
    final class Found {
        var pending: [JSONArrayMatch] = []
        var committed: [JSONArrayMatch] = []
    }

    private var query: JSONQueryHandler
    private let found = Found()

    init(block: JSONArrayBlock, options: JSONParserOptions) {
        var query = JSONQuery(options: options)
        let found = found
        query.add(block.path, places: .path) { match in
            found.pending.append(JSONArrayMatch(value: match.value, path: block.documentPath(of: match.path ?? .root)))
        }
        self.query = JSONQueryHandler(query)
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try query.handle(event, context: context)
    }

    mutating func commitValue() {
        found.committed += found.pending
        found.pending.removeAll()
    }

    mutating func takeCommitted() -> [JSONArrayMatch] {
        defer { found.committed.removeAll() }
        return found.committed
    }
}
