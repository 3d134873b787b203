/// The matches of a path in each record of a newline-delimited input, parsed on several threads,
/// in input order (see ``JSONInput/lineMatches(at:parallelism:options:)``).
///
/// ```swift
/// var iterator = JSONInput.file("events.ndjson").lineMatches(at: path).makeAsyncIterator()
/// let first = try await iterator.next()
/// ```
public struct JSONLineMatches: AsyncSequence, Sendable {
    /// A match.
    ///
    /// ```swift
    /// if let match: JSONLineMatches.Element = try await iterator.next() { print(match.value) }
    /// ```
    public typealias Element = JSONLineMatch

    let outputs: JSONLineOutputs<JSONInputChunks, LineMatchCollector>

    /// Starts reading.
    ///
    /// ```swift
    /// var iterator = matches.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(outputs: outputs.makeAsyncIterator())
    }

    /// Hands out the matches of each block in turn.
    public struct Iterator: AsyncIteratorProtocol {
        var outputs: JSONLineOutputs<JSONInputChunks, LineMatchCollector>.Iterator
        var batch: [JSONLineMatch] = []
        var position = 0

        /// The next match in input order; nil after the last.
        ///
        /// Throws the first error of the input.
        ///
        /// ```swift
        /// while let match = try await iterator.next() { print(match.value) }
        /// ```
        public mutating func next() async throws -> JSONLineMatch? {
            while position == batch.count {
                guard let next = try await outputs.next() else { return nil }
                batch = next
                position = 0
            }
            defer { position += 1 }
            return batch[position]
        }
    }
}

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
            outputs: JSONLineOutputs(JSONInputChunks(self), options: options, parallelism: parallelism) { block in
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

extension JSONLineMatches {
    /// The processors this process may run on: the default parallelism.
    ///
    /// ```swift
    /// JSONLineMatches.defaultParallelism  // 8 on an 8-core machine
    /// ```
    public static var defaultParallelism: Int {
        JSONLineOutputs<JSONInputChunks, LineMatchCollector>.defaultParallelism
    }
}
