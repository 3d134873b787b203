/// The matches of a path in each record of a newline-delimited input, parsed on several threads,
/// in input order (see ``JSONInput/lineMatches(at:parallelism:options:)``).
///
/// ```swift
/// var iterator = JSONInput.file("events.ndjson").lineMatches(at: path).makeAsyncIterator()
/// let first = try await iterator.next()
/// ```
public typealias JSONLineMatches = JSONOrderedMatches<JSONLineMatch>

extension JSONInput {
    /// The values `path` selects in each record of this newline-delimited input (NDJSON, or JSON
    /// values one after another), parsed on `parallelism` threads and handed out in input order,
    /// each with its place in the whole input.
    ///
    /// The input is cut into blocks of whole lines, parsed side by side (see
    /// ``JSONLineOutputs``); memory is bounded by the blocks in flight. The first invalid record
    /// ends the sequence with its ``JSONParseError``, placed in the whole input, after the
    /// matches of the records before it: no match of the invalid record is handed out.
    ///
    /// ```swift
    /// for try await match in JSONInput.file("events.ndjson").lineMatches(at: try JSONPath("$.user.id")) {
    ///     print(match.location.line, match.value)
    /// }
    /// ```
    public func lineMatches(
        at path: JSONPath, parallelism: Int = JSONLineMatches.defaultParallelism,
        options: JSONParserOptions = JSONParserOptions()
    ) -> JSONLineMatches {
        JSONLineMatches(
            JSONLineOutputs(JSONInputChunks(self), options: options, parallelism: parallelism) { block in
                LineMatchCollector(path: path, block: block, options: options)
            })
    }

    /// Calls `body` with each value `path` selects in each record of this newline-delimited
    /// input, in input order, the records parsed on `parallelism` threads (the callback form of
    /// ``lineMatches(at:parallelism:options:)``).
    ///
    /// ```swift
    /// var total = 0
    /// try await JSONInput.file("orders.ndjson").forEachLineMatch(at: try JSONPath("$.amount")) { match in
    ///     if case .number(let amount) = match.value { total += Int(amount) ?? 0 }
    /// }
    /// ```
    public func forEachLineMatch(
        at path: JSONPath, parallelism: Int = JSONLineMatches.defaultParallelism,
        options: JSONParserOptions = JSONParserOptions(), _ body: (JSONLineMatch) throws -> Void
    ) async throws {
        for try await match in lineMatches(at: path, parallelism: parallelism, options: options) {
            try body(match)
        }
    }
}
