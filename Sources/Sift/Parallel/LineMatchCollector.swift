/// The ``JSONLineHandler`` behind ``JSONInput/lineMatches(at:parallelism:options:)``: the matches
/// of one block, held per record until the record has parsed.
struct LineMatchCollector: JSONLineHandler {
    /// The matches of the record being read, and those of the committed records.
    final class Found {
        var pending: [JSONLineMatch] = []
        var committed: [JSONLineMatch] = []
    }

    private var query: JSONQueryHandler
    private let found = Found()

    init(path: JSONPath, block: JSONLineBlock, options: JSONParserOptions) {
        var query = JSONQuery(options: options)
        let found = found
        query.add(path, places: [.path, .location]) { match in
            let location = match.location.map(block.location(of:)) ?? SourceLocation(offset: 0, line: 1, column: 1)
            found.pending.append(JSONLineMatch(value: match.value, path: match.path ?? .root, location: location))
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

    mutating func takeCommitted() -> [JSONLineMatch] {
        defer { found.committed.removeAll() }
        return found.committed
    }
}
