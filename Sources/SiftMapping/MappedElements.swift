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
        let plan = MappingPlan(target: Property("", .array, mappedType: Model.self).at(keyPath))
        return Iterator(
            elements: JSONElementStream.AsyncIterator(chunks: SlicedChunks(base: chunks), options: options) { outlet in
                let run = MappingRun(
                    plan: plan, rootSink: ElementQueue(outlet: outlet), textIsValidUTF8: options.validatesUTF8)
                return plan.program.matcher(MappingConsumer(run: run))
            })
    }

    /// Parses chunks on demand and hands out completed elements.
    ///
    /// ```swift
    /// while let person = try await iterator.next() { print(person) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var elements: JSONElementStream<Model, MatchHandler<MappingConsumer>, SlicedChunks<Chunks>>.AsyncIterator
        /// Whether the sequence has ended (after its last element, or an error).
        var isDone = false

        /// The next valid element, or nil at the end of a valid input.
        ///
        /// ```swift
        /// let next = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Model? {
            guard !isDone else { return nil }
            do {
                if let element = try await elements.next(isolation: nil) { return element }
                isDone = true
                // The failures of invalid elements, as one MappingError.
                _ = try elements.handler.consumer.run.result()
                return nil
            } catch {
                isDone = true
                throw error
            }
        }
    }
}

extension MappedElements: Sendable where Chunks: Sendable {}

/// Completed elements, mapped as they complete and handed to the iterating task.
final class ElementQueue<Model: Mappable>: ElementSink {
    let outlet: JSONElementOutlet<Model>

    init(outlet: JSONElementOutlet<Model>) {
        self.outlet = outlet
    }

    func appendModel(_ entity: MappedEntity) throws {
        outlet.yield(try Model(entity: entity))
    }

    func takeResult() -> MappedBox { TypedMappedBox([Model]()) }

    func discarding() -> ElementSink { ModelStream<Model> { _ in } }
}

/// The chunks of an upstream sequence cut into slices of at most `size` bytes: locating a value
/// costs the engine a scan from the start of the chunk that holds it, so bounded slices keep
/// locations cheap.
struct SlicedChunks<Base: AsyncSequence>: AsyncSequence where Base.Element: Sequence<UInt8> {
    let base: Base
    var size = 128

    func makeAsyncIterator() -> ChunkSlices<Base.AsyncIterator> {
        ChunkSlices(upstream: base.makeAsyncIterator(), size: size)
    }
}

extension SlicedChunks: Sendable where Base: Sendable {}

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
