/// The matches of a path in one document, the elements of the array it selects from matched on
/// several threads, in document order (see ``JSONInput/arrayMatches(at:parallelism:options:)``).
///
/// ```swift
/// var iterator = JSONInput.file("feed.json").arrayMatches(at: path).makeAsyncIterator()
/// let first = try await iterator.next()
/// ```
public typealias JSONArrayMatches = JSONOrderedMatches<JSONArrayMatch>

extension JSONInput {
    /// The values `path` selects in this document, in document order, each with its normalized
    /// path; when the path selects the elements of one array (`$.body[*].text.title`, `$[*]`,
    /// `$.a.b[*]..id`), the elements are matched on `parallelism` threads.
    ///
    /// The matches and the first error are those one tokenizer gives (see
    /// ``JSONArrayOutputs``): the error ends the sequence after the matches before it. A path
    /// that does not split, or an input that cannot be read twice, is matched on one thread.
    ///
    /// ```swift
    /// for try await match in JSONInput.file("feed.json").arrayMatches(at: try JSONPath("$.body[*].text.title")) {
    ///     print(match.path.normalized, match.value)
    /// }
    /// ```
    public func arrayMatches(
        at path: JSONPath, parallelism: Int = JSONLineMatches.defaultParallelism,
        options: JSONParserOptions = JSONParserOptions()
    ) -> JSONArrayMatches {
        JSONArrayMatches(
            JSONArrayOutputs(self, path: path, options: options, parallelism: parallelism) { block in
                ArrayMatchCollector(block: block, options: options)
            })
    }

    /// Calls `body` with each value `path` selects in this document, in document order, the
    /// elements of the array it selects from matched on `parallelism` threads (the callback form
    /// of ``arrayMatches(at:parallelism:options:)``).
    ///
    /// ```swift
    /// var titles: [String] = []
    /// try await JSONInput.file("feed.json").forEachArrayMatch(at: try JSONPath("$.body[*].text.title")) { match in
    ///     if case .string(let title) = match.value { titles.append(title) }
    /// }
    /// ```
    public func forEachArrayMatch(
        at path: JSONPath, parallelism: Int = JSONLineMatches.defaultParallelism,
        options: JSONParserOptions = JSONParserOptions(), _ body: (JSONArrayMatch) throws -> Void
    ) async throws {
        for try await match in arrayMatches(at: path, parallelism: parallelism, options: options) {
            try body(match)
        }
    }
}
