import Foundation

/// The matches of one path as an `AsyncSequence`: input is read only as fast as matches are
/// consumed, so a consumer that stops early never reads the rest.
///
/// The parse runs on the consumer's task, in its isolation (no executor hop per match); a file
/// or descriptor is read ahead on a thread of its own (see ``JSONInput``). When the task is
/// cancelled, the next call throws `CancellationError` without waiting for more input. The
/// sequence is `Sendable`: it can be handed to another task and iterated there, each iteration
/// reading the input anew.
///
/// ```swift
/// for try await title in JSONInput.file("feed.json").values(at: try JSONPath("$.body[*].text.title").string) {
///     print(title)
/// }
/// ```
public struct JSONMatchSequence<Value>: AsyncSequence, Sendable {
    /// Each element is one match: its value, normalized path and location.
    public typealias Element = JSONMatch<Value>

    let path: TypedJSONPath<Value>
    let options: JSONParserOptions
    let makeChunks: @Sendable () -> any ChunkSource
    /// Adds what the input knows to a parse error (see `JSONInput.explaining(_:)`).
    var explain: @Sendable (JSONParseError) -> JSONParseError = { $0 }

    /// Creates the matches of `path` over an asynchronous sequence of byte chunks.
    ///
    /// The chunks are `Sendable` (an `AsyncStream`, an HTTP body) so that the matches are.
    ///
    /// ```swift
    /// let matches = JSONMatchSequence(path: titles, chunks: response.body)
    /// ```
    public init<Chunks: AsyncSequence & Sendable>(
        path: TypedJSONPath<Value>, chunks: Chunks, options: JSONParserOptions = JSONParserOptions()
    ) where Chunks.Element: Sequence<UInt8> {
        self.path = path
        self.options = options
        self.makeChunks = { IteratorChunkSource(chunks.makeAsyncIterator()) }
    }

    init(path: TypedJSONPath<Value>, input: JSONInput, options: JSONParserOptions) {
        self.path = path
        self.options = options
        self.makeChunks = { IteratorChunkSource(JSONInputChunks(input).makeAsyncIterator()) }
        self.explain = { input.explaining($0) }
    }

    /// Creates the iterator that drives the parse.
    ///
    /// ```swift
    /// var iterator = matches.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(path: path, options: options, chunks: makeChunks(), explain: explain)
    }

    /// Pulls chunks into the tokenizer until a match is ready.
    ///
    /// ```swift
    /// while let match = try await iterator.next() { print(match.value) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var pump: MatchPump<JSONMatch<Value>>

        init(
            path: TypedJSONPath<Value>, options: JSONParserOptions, chunks: any ChunkSource,
            explain: @escaping @Sendable (JSONParseError) -> JSONParseError
        ) {
            pump = MatchPump(path: path, options: options, chunks: chunks, explain: explain) { $0 }
        }

        /// The next match, reading more input only when none is waiting.
        ///
        /// ```swift
        /// let match = try await iterator.next()
        /// ```
        public mutating func next() async throws -> JSONMatch<Value>? {
            try await pump.next(isolation: nil)
        }

        /// The next match, parsing in the caller's isolation.
        ///
        /// Throws `CancellationError` when the task is cancelled, even with matches waiting.
        ///
        /// ```swift
        /// let match = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONMatch<Value>? {
            try await pump.next(isolation: actor)
        }
    }
}

/// The parse behind both sequences: a tokenizer fed chunk by chunk until an element is waiting.
struct MatchPump<Element> {
    let tokenizer: JSONTokenizer<PathMatcher<QueryConsumer>>
    let queue: MatchQueue<Element>
    let chunks: any ChunkSource
    let explain: @Sendable (JSONParseError) -> JSONParseError
    var finished = false

    /// `element` makes what is queued of each match; a match it does not keep needs no path
    /// or location resolved.
    init<Value>(
        path: TypedJSONPath<Value>, options: JSONParserOptions, chunks: any ChunkSource,
        explain: @escaping @Sendable (JSONParseError) -> JSONParseError,
        element: @escaping (JSONMatch<Value>) -> Element
    ) {
        let queue = MatchQueue<Element>()
        var query = JSONQuery(options: options)
        query.add(path) { match in queue.items.append(element(match)) }
        tokenizer = JSONTokenizer(options: options, handler: query.makeMatcher())
        self.queue = queue
        self.chunks = chunks
        self.explain = explain
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
        do {
            return try await nextElement(isolation: actor)
        } catch let error as JSONParseError {
            throw explain(error)
        }
    }

    /// The error that ended the parse, thrown once the matches found before it are handed out
    /// (as the callback forms call their body with each of them before the error).
    private var ending: (any Error)?

    private mutating func nextElement(isolation actor: isolated (any Actor)?) async throws -> Element? {
        while true {
            try Task.checkCancellation()
            if let element = queue.popFirst() { return element }
            if let ending {
                self.ending = nil
                throw ending
            }
            if finished { return nil }
            do {
                if !tokenizer.isStopped, try await chunks.feedNext(tokenizer, isolation: actor) { continue }
                finished = true
                try tokenizer.finish()
            } catch let error as JSONParseError {
                finished = true
                ending = error.kind == .consumerError ? error.consumerThrownError : error
            } catch {
                finished = true
                ending = error
            }
        }
    }
}

/// The values of one path as an `AsyncSequence`; `Sendable`, like ``JSONMatchSequence``.
///
/// ```swift
/// for try await id in input.values(at: JSONPath.root.goTo("items").forEach().goTo("id").integer) {
///     print(id)
/// }
/// ```
public struct JSONValueSequence<Value>: AsyncSequence, Sendable {
    /// Each element is one value.
    public typealias Element = Value
    let matches: JSONMatchSequence<Value>

    /// Creates the values of `path` over an asynchronous sequence of byte chunks.
    ///
    /// ```swift
    /// let ids = JSONValueSequence(path: idPath, chunks: stream)
    /// ```
    public init<Chunks: AsyncSequence & Sendable>(
        path: TypedJSONPath<Value>, chunks: Chunks, options: JSONParserOptions = JSONParserOptions()
    ) where Chunks.Element: Sequence<UInt8> {
        matches = JSONMatchSequence(path: path, chunks: chunks, options: options)
    }

    init(matches: JSONMatchSequence<Value>) {
        self.matches = matches
    }

    /// Creates the iterator.
    ///
    /// ```swift
    /// var iterator = values.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            pump: MatchPump(
                path: matches.path, options: matches.options, chunks: matches.makeChunks(), explain: matches.explain
            ) { $0.value })
    }

    /// Yields the values of the matches; their paths and locations are never resolved.
    ///
    /// ```swift
    /// let value = try await iterator.next()
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var pump: MatchPump<Value>

        /// The next value.
        ///
        /// ```swift
        /// let value = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Value? {
            try await pump.next(isolation: nil)
        }

        /// The next value, parsing in the caller's isolation.
        ///
        /// ```swift
        /// let value = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Value? {
            try await pump.next(isolation: actor)
        }
    }
}

extension JSONInput {
    /// The values `path` selects, as an `AsyncSequence` that reads the input only as fast as
    /// the values are consumed.
    ///
    /// ```swift
    /// for try await title in JSONInput.file("feed.json").values(at: try JSONPath("$.body[*].text.title").string) {
    ///     print(title)
    /// }
    /// ```
    public func values<Value>(at path: TypedJSONPath<Value>, options: JSONParserOptions = JSONParserOptions())
        -> JSONValueSequence<Value>
    {
        JSONValueSequence(matches: JSONMatchSequence(path: path, input: self, options: options))
    }

    /// The values at an RFC 9535 path string, decoded as `type`, each captured alone and dropped
    /// once decoded.
    ///
    /// ```swift
    /// struct Item: Decodable { let id: Int }
    /// for try await item in JSONInput.file("items.json").values(at: "$.items[*]", as: Item.self) {
    ///     print(item.id)
    /// }
    /// ```
    public func values<T: Decodable & SendableMetatype>(
        at path: String, as type: T.Type, decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> JSONValueSequence<T> {
        values(at: try JSONPath(path).decoded(type, decoder: decoder), options: options)
    }

    /// The matches `path` selects (value, normalized path, location), as an `AsyncSequence`.
    ///
    /// ```swift
    /// for try await match in input.matches(at: JSONPath.root.goTo("a").forEach().value) {
    ///     print(match.path, match.value)
    /// }
    /// ```
    public func matches<Value>(at path: TypedJSONPath<Value>, options: JSONParserOptions = JSONParserOptions())
        -> JSONMatchSequence<Value>
    {
        JSONMatchSequence(path: path, input: self, options: options)
    }

    /// Calls `body` with each value at an RFC 9535 path string decoded as `type`, as soon as it
    /// is complete.
    ///
    /// ```swift
    /// try JSONInput.file("items.json").forEachValue(at: "$.items[*]", as: Item.self) { print($0.id) }
    /// ```
    public func forEachValue<T: Decodable & SendableMetatype>(
        at path: String, as type: T.Type, decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions(), _ body: @escaping (T) throws -> Void
    ) throws {
        var query = JSONQuery(options: options)
        query.add(try JSONPath(path).decoded(type, decoder: decoder)) { try body($0.value) }
        try query.run(self)
    }

    /// Every value at an RFC 9535 path string, decoded as `type`.
    ///
    /// ```swift
    /// let items = try JSONInput.file("items.json").decodeValues(at: "$.items[*]", as: Item.self)
    /// ```
    public func decodeValues<T: Decodable & SendableMetatype>(
        at path: String, as type: T.Type, decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> [T] {
        try JSONQuery.collect(try JSONPath(path).decoded(type, decoder: decoder), from: self, options: options)
    }
}

extension AsyncSequence where Self: Sendable, Element: Sequence<UInt8> {
    /// The values `path` selects in this stream of byte chunks.
    ///
    /// ```swift
    /// for try await id in byteChunks.jsonValues(at: idPath) { print(id) }
    /// ```
    public func jsonValues<Value>(at path: TypedJSONPath<Value>, options: JSONParserOptions = JSONParserOptions())
        -> JSONValueSequence<Value>
    {
        JSONValueSequence(path: path, chunks: self, options: options)
    }
}

/// Matches (or their values) waiting to be handed out.
final class MatchQueue<Element> {
    var items: [Element] = []
    var head = 0

    func popFirst() -> Element? {
        guard head < items.count else {
            if head > 0 {
                items.removeAll(keepingCapacity: true)
                head = 0
            }
            return nil
        }
        defer { head += 1 }
        return items[head]
    }
}

/// Any source of byte chunks, fed to the match tokenizer one at a time.
protocol ChunkSource: AnyObject {
    /// Feeds the next chunk; false at the end of the chunks.
    func feedNext(
        _ tokenizer: JSONTokenizer<PathMatcher<QueryConsumer>>, isolation: isolated (any Actor)?
    )
        async throws -> Bool
}

/// The chunk source of one asynchronous sequence's iterator.
final class IteratorChunkSource<Base: AsyncIteratorProtocol>: ChunkSource where Base.Element: Sequence<UInt8> {
    var base: Base

    init(_ base: Base) { self.base = base }

    func feedNext(
        _ tokenizer: JSONTokenizer<PathMatcher<QueryConsumer>>, isolation: isolated (any Actor)?
    )
        async throws -> Bool
    {
        try await tokenizer.feedNextChunk(of: &base, isolation: isolation)
    }
}
