/// Values decoded on several threads, handed out one by one in input order, as one thread would
/// decode them (see ``JSONInput/values(at:as:parallelism:decoder:options:)`` and
/// ``JSONInput/lineValues(at:as:parallelism:decoder:options:)``).
///
/// ```swift
/// struct Item: Decodable, Sendable { let id: Int }
/// let items: JSONOrderedValues<Item> = try JSONInput.file("items.json").values(at: "$.items[*]", as: Item.self, parallelism: 4)
/// for try await item in items { print(item.id) }
/// ```
public typealias JSONOrderedValues<Value: Sendable> = JSONOrderedMatches<Value>

extension JSONInput {
    /// The values at an RFC 9535 path string in this document, decoded as `type` in document
    /// order; when the path selects the elements of one array (`$.items[*]`, `$.body[*].text`),
    /// the elements are parsed and decoded on `parallelism` threads.
    ///
    /// The values and the first error are those of ``values(at:as:decoder:options:)`` on one
    /// thread: a parse error ends the sequence after the values before it, and a value that
    /// does not decode throws its `DecodingError`, whose coding path and located
    /// ``JSONParseError`` name its place in the whole document (the document is then read once
    /// more, from its start, to place it). A path that does not split, or an input that cannot
    /// be read twice (stdin, a download), is read on one thread. Memory is bounded by the blocks
    /// in flight (2 × `parallelism` blocks of about 1 MB) and their values.
    ///
    /// ```swift
    /// struct Item: Decodable, Sendable { let id: Int }
    /// for try await item in try JSONInput.file("items.json").values(at: "$.items[*]", as: Item.self, parallelism: 4) {
    ///     print(item.id)
    /// }
    /// ```
    public func values<T: Decodable & Sendable & SendableMetatype>(
        at path: String, as type: T.Type, parallelism: Int, decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> JSONOrderedValues<T> {
        try values(
            at: path, as: type, parallelism: parallelism,
            blockSize: JSONArrayOutputs<ArrayMatchCollector>.defaultBlockSize,
            decoder: decoder, options: options)
    }

    /// ``values(at:as:parallelism:decoder:options:)`` with blocks of `blockSize` bytes.
    func values<T: Decodable & Sendable & SendableMetatype>(
        at path: String, as type: T.Type, parallelism: Int, blockSize: Int, decoder: JSONValueDecoder,
        options: JSONParserOptions
    ) throws -> JSONOrderedValues<T> {
        let path = try JSONPath(path)
        return JSONOrderedValues(
            JSONArrayOutputs(self, path: path, options: options, parallelism: parallelism, blockSize: blockSize) {
                block in
                MatchCollector(path: block.path.decoded(T.self, decoder: decoder), options: options) { $0 }
            }, unwrapsConsumerErrors: true)
    }

    /// The values at an RFC 9535 path string in each record of this newline-delimited input
    /// (NDJSON, or JSON values one after another), decoded as `type` on `parallelism` threads and
    /// handed out in input order.
    ///
    /// The input is cut into blocks of whole lines, parsed and decoded side by side (see
    /// ``JSONLineOutputs``). The first invalid record ends the sequence with its
    /// ``JSONParseError``, placed in the whole input, after the values of the records before
    /// it; a value that does not decode throws its `DecodingError`, whose located
    /// ``JSONParseError`` gives its line and column in the whole input.
    ///
    /// ```swift
    /// struct Event: Decodable, Sendable { let user: String }
    /// for try await event in try JSONInput.file("events.ndjson").lineValues(at: "$", as: Event.self) {
    ///     print(event.user)
    /// }
    /// ```
    public func lineValues<T: Decodable & Sendable & SendableMetatype>(
        at path: String, as type: T.Type, parallelism: Int = JSONLineMatches.defaultParallelism,
        decoder: JSONValueDecoder = JSONValueDecoder(), options: JSONParserOptions = JSONParserOptions()
    ) throws -> JSONOrderedValues<T> {
        try lineValues(
            at: path, as: type, parallelism: parallelism,
            blockSize: JSONLineOutputs<JSONInputChunks, LineMatchCollector>.defaultBlockSize, decoder: decoder,
            options: options)
    }

    /// ``lineValues(at:as:parallelism:decoder:options:)`` with blocks of `blockSize` bytes.
    func lineValues<T: Decodable & Sendable & SendableMetatype>(
        at path: String, as type: T.Type, parallelism: Int, blockSize: Int, decoder: JSONValueDecoder,
        options: JSONParserOptions
    ) throws -> JSONOrderedValues<T> {
        let path = try JSONPath(path).decoded(T.self, decoder: decoder)
        return JSONOrderedValues(
            JSONLineOutputs(JSONInputChunks(self), options: options, parallelism: parallelism, blockSize: blockSize) {
                _ in
                MatchCollector(path: path, options: options) { $0 }
            }, unwrapsConsumerErrors: true)
    }
}
