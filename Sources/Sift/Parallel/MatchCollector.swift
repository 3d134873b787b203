/// The ``JSONLineHandler`` behind the ordered matches of several threads
/// (``JSONInput/lineMatches(at:parallelism:options:)``, ``JSONInput/arrayMatches(at:parallelism:options:)``):
/// the matches of one block, each made by `makeMatch` from the query's view, held until the
/// tokenizer commits the value they are in. (The fuzz checks collect with it too.)
///
/// ```swift
/// let paths = JSONArrayOutputs(.file("feed.json"), path: path) { block in
///     MatchCollector(path: block.path, places: .path, options: options) { block.documentPath(of: $0.path ?? .root) }
/// }
/// for try await batch in paths { print(batch.map(\.normalized)) }
/// ```
package struct MatchCollector<Match: Sendable>: JSONLineHandler {
    /// The matches of the value being read, and those of the committed values.
    final class Found {
        var pending: [Match] = []
        var committed: [Match] = []
    }

    private var query: JSONQueryHandler
    private let found = Found()

    /// A collector of the matches of `path`, with the `places` `makeMatch` reads.
    package init(
        path: JSONPath, places: JSONMatchView.Places, options: JSONParserOptions,
        makeMatch: @escaping (JSONMatchView) -> Match
    ) {
        var query = JSONQuery(options: options)
        let found = found
        query.add(path, places: places) { found.pending.append(makeMatch($0)) }
        self.query = JSONQueryHandler(query)
    }

    /// A collector of the values of `path`, a typed destination (decoded, for the Codable
    /// forms), each made into a match by `makeMatch`.
    package init<Value>(path: TypedJSONPath<Value>, options: JSONParserOptions, makeMatch: @escaping (Value) -> Match) {
        var query = JSONQuery(options: options)
        let found = found
        query.add(path) { found.pending.append(makeMatch($0.value)) }
        self.query = JSONQueryHandler(query)
    }

    package mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try query.handle(event, context: context)
    }

    package mutating func commitValue() {
        found.committed += found.pending
        found.pending.removeAll()
    }

    package mutating func takeCommitted() -> [Match] {
        defer { found.committed.removeAll() }
        return found.committed
    }
}

/// The matches of one block of lines, placed in the whole input.
typealias LineMatchCollector = MatchCollector<JSONLineMatch>

/// The matches of one block of array elements (or of the rest of the document), placed in the
/// document.
typealias ArrayMatchCollector = MatchCollector<JSONArrayMatch>

extension MatchCollector where Match == JSONLineMatch {
    /// The matches of `path` in the records of `block`, placed in the whole input.
    init(path: JSONPath, block: JSONLineBlock, options: JSONParserOptions) {
        self.init(path: path, places: [.path, .location], options: options) { match in
            let location = match.location.map(block.location(of:)) ?? SourceLocation(offset: 0, line: 1, column: 1)
            return JSONLineMatch(value: match.value, path: match.path ?? .root, location: location)
        }
    }
}

extension MatchCollector where Match == JSONArrayMatch {
    /// The matches of the block's path, placed in the document.
    init(block: JSONArrayBlock, options: JSONParserOptions) {
        self.init(path: block.path, places: [.path, .location], options: options) { match in
            let location = match.location.map(block.location(of:)) ?? SourceLocation(offset: 0, line: 1, column: 1)
            return JSONArrayMatch(
                value: match.value, path: block.documentPath(of: match.path ?? .root), location: location)
        }
    }
}
