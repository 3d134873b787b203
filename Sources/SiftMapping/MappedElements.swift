import DequeModule
import Sift

/// The elements of a JSON array, mapped as `Model` while chunks of input arrive (see
/// ``Mapper/elements(of:from:atKeyPath:options:)-(_,Chunks,_,_)``).
///
/// Iterating pulls chunks from the upstream sequence only until the next element is complete,
/// so memory is bounded by a chunk and the elements it completes. Valid elements come in order;
/// the sequence ends by throwing a ``MappingError`` when some elements were invalid, a
/// `JSONParseError` for invalid JSON, or the upstream's own error.
///
/// ```swift
/// let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
/// Task { for piece in pieces { continuation.yield(piece) }; continuation.finish() }
/// for try await person in Mapper.elements(of: Person.self, from: chunks, atKeyPath: "people") {
///     print(person.name)
/// }
/// ```
public struct MappedElements<Model: Mappable, Chunks: AsyncSequence>: AsyncSequence
where Chunks.Element: Sequence<UInt8> {
    /// The mapped models.
    public typealias Element = Model

    let keyPath: JSONKeyPath
    let chunks: Chunks
    let options: JSONParserOptions

    /// Starts a new parse of the upstream sequence.
    ///
    /// ```swift
    /// var iterator = elements.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        let queue = ElementQueue<Model>()
        return Iterator(
            upstream: ChunkSlices(upstream: chunks.makeAsyncIterator(), size: MappingStream.sliceSize), queue: queue,
            stream: MappingStream(
                target: Property("", .array, mappedType: Model.self).at(keyPath), rootSink: queue, options: options))
    }

    /// Parses chunks on demand and hands out completed elements.
    ///
    /// ```swift
    /// while let person = try await iterator.next() { print(person) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var upstream: ChunkSlices<Chunks.AsyncIterator>
        let queue: ElementQueue<Model>
        let stream: MappingStream
        /// The error that ended the parse, thrown once the elements completed before it are out.
        var failure: (any Error)?

        /// The next valid element, or nil at the end of a valid input.
        ///
        /// ```swift
        /// let next = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Model? {
            while true {
                if let element = queue.pop() { return element }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                if stream.isDone { return nil }
                do {
                    if try await !stream.feedNext(of: &upstream) { _ = try stream.finish() }
                } catch {
                    failure = error
                }
            }
        }
    }
}

extension MappedElements: Sendable where Chunks: Sendable {}

/// A mapping fed chunk by chunk: the parse behind a ``MappedElements`` iterator and the `async`
/// forms of ``Mapper``.
///
/// Failures are always located (the chunks cannot be read a second time to locate them).
final class MappingStream {
    let tokenizer: JSONTokenizer<PathMatcher<MappingConsumer>>
    let run: MappingRun
    private(set) var isDone = false

    init(target: Property, rootSink: ElementSink?, options: JSONParserOptions) {
        let plan = MappingPlan(target: target)
        run = MappingRun(plan: plan, rootSink: rootSink, textIsValidUTF8: options.validatesUTF8)
        tokenizer = JSONTokenizer(
            options: options, handler: PathMatcher(paths: plan.paths, receiver: MappingConsumer(run: run)))
    }

    /// Large chunks are fed in slices: locating a value costs the engine a scan from the start
    /// of the chunk that holds it, so bounded slices keep locations cheap.
    static var sliceSize: Int { 128 }

    /// Feeds the next slice; false when the chunks have ended.
    ///
    /// After a parse error it reads on only as far as the error's source line needs, as
    /// `JSONTokenizer.parse` does, so that every split gives the same error text.
    func feedNext<Slices: AsyncIteratorProtocol>(
        of slices: inout Slices, isolation actor: isolated (any Actor)? = #isolation
    ) async throws -> Bool where Slices.Element: Sequence<UInt8> {
        do {
            return try await tokenizer.feedNextChunk(of: &slices, isolation: actor)
        } catch let error as JSONParseError where error.kind == .consumerError {
            isDone = true
            throw error.underlyingError ?? error
        } catch {
            isDone = true
            throw error
        }
    }

    /// Ends the input and returns the mapped value (for a streamed array, an empty one).
    func finish() throws -> Any {
        isDone = true
        try Mapper.unwrappingConsumerErrors { try tokenizer.finish() }
        return try run.result()
    }
}

/// Completed elements waiting for the consumer.
final class ElementQueue<Model: Mappable>: ElementSink {
    private var items = Deque<Model>()

    func appendModel(_ entity: MappedEntity) throws {
        items.append(try Model(entity: entity))
    }

    func pop() -> Model? {
        items.popFirst()
    }

    func takeResult() -> MappedBox { TypedMappedBox([Model]()) }

    func discarding() -> ElementSink { ModelStream<Model> { _ in } }
}

/// The chunks of an upstream iterator cut into slices of at most `size` bytes.
struct ChunkSlices<Upstream: AsyncIteratorProtocol>: AsyncIteratorProtocol where Upstream.Element: Sequence<UInt8> {
    var upstream: Upstream
    let size: Int
    var bytes: [UInt8] = []
    var start = 0

    init(upstream: Upstream, size: Int) {
        self.upstream = upstream
        self.size = size
    }

    mutating func next() async throws -> ArraySlice<UInt8>? {
        try await next(isolation: nil)
    }

    mutating func next(isolation actor: isolated (any Actor)?) async throws -> ArraySlice<UInt8>? {
        while start == bytes.count {
            guard let chunk = try await upstream.next(isolation: actor) else { return nil }
            bytes = Array(chunk)
            start = 0
        }
        let end = min(start + size, bytes.count)
        defer { start = end }
        return bytes[start..<end]
    }
}
