import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The matches of one path as an `AsyncSequence`: input is read only as fast as matches are
/// consumed, so a consumer that stops early never reads the rest.
///
/// ```swift
/// for try await title in JSONInput.file("feed.json").values(at: try JSONPath("$.body[*].text.title").string) {
///     print(title)
/// }
/// ```
public struct JSONMatchSequence<Value>: AsyncSequence {
    /// Each element is one match: its value, normalized path and location.
    public typealias Element = JSONMatch<Value>

    let path: TypedJSONPath<Value>
    let options: JSONParserOptions
    let makeChunks: () -> AnyChunkSource

    /// Creates the matches of `path` over an asynchronous sequence of byte chunks.
    ///
    /// ```swift
    /// let matches = JSONMatchSequence(path: titles, chunks: response.body)
    /// ```
    public init<Chunks: AsyncSequence>(
        path: TypedJSONPath<Value>, chunks: Chunks, options: JSONParserOptions = JSONParserOptions()
    ) where Chunks.Element: Sequence<UInt8> {
        self.path = path
        self.options = options
        self.makeChunks = { AnyChunkSource(chunks) }
    }

    init(path: TypedJSONPath<Value>, input: JSONInput, options: JSONParserOptions) {
        self.path = path
        self.options = options
        self.makeChunks = { AnyChunkSource(InputChunkReader(input)) }
    }

    /// Creates the iterator that drives the parse.
    ///
    /// ```swift
    /// var iterator = matches.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(path: path, options: options, chunks: makeChunks())
    }

    /// Pulls chunks into the tokenizer until a match is ready.
    ///
    /// ```swift
    /// while let match = try await iterator.next() { print(match.value) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        let tokenizer: JSONTokenizer<PathMatcher<QueryReceiver>>
        let queue: MatchQueue<Value>
        var chunks: AnyChunkSource
        var finished = false

        init(path: TypedJSONPath<Value>, options: JSONParserOptions, chunks: AnyChunkSource) {
            let queue = MatchQueue<Value>()
            var query = JSONQuery(options: options)
            query.add(path) { match in queue.items.append(match) }
            tokenizer = JSONTokenizer(options: options, handler: query.makeMatcher())
            self.queue = queue
            self.chunks = chunks
        }

        /// The next match, reading more input only when none is waiting.
        ///
        /// ```swift
        /// let match = try await iterator.next()
        /// ```
        public mutating func next() async throws -> JSONMatch<Value>? {
            while true {
                if let match = queue.popFirst() { return match }
                if finished { return nil }
                guard !tokenizer.isStopped, let chunk = try await chunks.next() else {
                    finished = true
                    try JSONQuery.unwrappingConsumerErrors { try tokenizer.finish() }
                    continue
                }
                try JSONQuery.unwrappingConsumerErrors { try tokenizer.feed(chunk) }
            }
        }
    }
}

/// The values of one path as an `AsyncSequence`.
///
/// ```swift
/// for try await id in input.values(at: JSONPath.root.goTo("items").forEach().goTo("id").integer) {
///     print(id)
/// }
/// ```
public struct JSONValueSequence<Value>: AsyncSequence {
    /// Each element is one value.
    public typealias Element = Value
    let matches: JSONMatchSequence<Value>

    /// Creates the values of `path` over an asynchronous sequence of byte chunks.
    ///
    /// ```swift
    /// let ids = JSONValueSequence(path: idPath, chunks: stream)
    /// ```
    public init<Chunks: AsyncSequence>(
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
        Iterator(base: matches.makeAsyncIterator())
    }

    /// Yields the values of the underlying matches.
    ///
    /// ```swift
    /// let value = try await iterator.next()
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var base: JSONMatchSequence<Value>.Iterator

        /// The next value.
        ///
        /// ```swift
        /// let value = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Value? {
            try await base.next()?.value
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

extension AsyncSequence where Element: Sequence<UInt8> {
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

/// Matches waiting to be handed out.
final class MatchQueue<Value> {
    var items: [JSONMatch<Value>] = []
    var head = 0

    func popFirst() -> JSONMatch<Value>? {
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

/// Any source of byte chunks, pulled one at a time.
struct AnyChunkSource {
    let nextChunk: () async throws -> [UInt8]?

    init<Chunks: AsyncSequence>(_ chunks: Chunks) where Chunks.Element: Sequence<UInt8> {
        let box = IteratorBox(chunks.makeAsyncIterator())
        nextChunk = { try await box.next().map { Array($0) } }
    }

    init(_ reader: InputChunkReader) {
        nextChunk = { try reader.next() }
    }

    func next() async throws -> [UInt8]? { try await nextChunk() }
}

final class IteratorBox<Base: AsyncIteratorProtocol> {
    var base: Base
    init(_ base: Base) { self.base = base }
    func next() async throws -> Base.Element? { try await base.next() }
}

/// Reads a ``JSONInput`` one chunk per call: in-memory inputs in 64 KiB slices, files and
/// descriptors with one `read` each.
final class InputChunkReader {
    let input: JSONInput
    private var offset = 0
    private var descriptor: Int32 = -1
    private var ownsDescriptor = false
    private var finished = false
    private var total = 0

    init(_ input: JSONInput) {
        self.input = input
    }

    deinit {
        if ownsDescriptor && descriptor >= 0 { close(descriptor) }
    }

    func next() throws -> [UInt8]? {
        if finished { return nil }
        switch input.source {
        case .bytes(let bytes): return slice(count: bytes.count) { Array(bytes[$0]) }
        case .data(let data):
            return slice(count: data.count) {
                Array(data[data.startIndex + $0.lowerBound..<data.startIndex + $0.upperBound])
            }
        case .text(let text):
            let utf8 = Array(text.utf8)
            return slice(count: utf8.count) { Array(utf8[$0]) }
        case .file(let path):
            if descriptor < 0 {
                repeat {
                    descriptor = open(path, O_RDONLY | O_CLOEXEC)
                } while descriptor < 0 && errno == EINTR
                guard descriptor >= 0 else {
                    throw JSONParseError(
                        kind: .inputError, message: "cannot open '\(path)': \(String(cString: strerror(errno)))",
                        location: SourceLocation(offset: 0, line: 1, column: 1))
                }
                ownsDescriptor = true
            }
            return try read(name: "'\(path)'")
        case .descriptor(let fd, let name):
            descriptor = fd
            return try read(name: name)
        }
    }

    private func slice(count: Int, _ make: (Range<Int>) -> [UInt8]) -> [UInt8]? {
        guard offset < count else {
            finished = true
            return nil
        }
        let end = min(offset + JSONInput.chunkSize, count)
        defer { offset = end }
        let chunk = make(offset..<end)
        input.progress?(end)
        return chunk
    }

    private func read(name: String) throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: JSONInput.chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw JSONParseError(
                    kind: .inputError, message: "cannot read \(name): \(String(cString: strerror(errno)))",
                    location: SourceLocation(offset: total, line: 1, column: total + 1))
            }
            if count == 0 {
                finished = true
                return nil
            }
            total += count
            input.progress?(total)
            buffer.removeSubrange(count...)
            return buffer
        }
    }
}
