import Sift

/// Where the elements of one mapped array go as they are completed: into a typed Swift array,
/// or straight to a consumer (streaming).
///
/// Models are created here, from their entity, so that an array of `M` is built as `[M]` with
/// no cast per element.
protocol ElementSink: AnyObject {
    /// Creates a model from a valid element's entity and takes it.
    func appendModel(_ entity: MappedEntity) throws
    /// Decodes an element and takes it.
    func appendDecoded(_ value: JSONValue) throws
    /// The array built so far, as `[Element]` (streaming sinks: an empty array).
    func takeResult() -> MappedBox
    /// Drops what was collected so far (a failed array), so that the sink can collect another.
    /// Collectors get it from ``ElementCollector``; sinks that keep nothing do nothing.
    func removeAll()
    /// A sink of the same kind that builds its elements and drops them (to map again for
    /// failures only).
    func discarding() -> ElementSink
}

extension ElementSink {
    func appendModel(_ entity: MappedEntity) throws {
        preconditionFailure("\(Self.self) does not take models")
    }

    func appendDecoded(_ value: JSONValue) throws {
        preconditionFailure("\(Self.self) does not take decoded values")
    }

    func removeAll() {}
}

/// Collects models into `[Model]`.
final class ModelCollector<Model: Mappable>: ElementCollector<Model>, ElementSink {
    func appendModel(_ entity: MappedEntity) throws {
        append(try Model(entity: entity))
    }

    func takeResult() -> MappedBox { boxType.init(take()) }

    func discarding() -> ElementSink { ModelStream<Model> { _ in } }
}

/// Collects decoded values into `[Decoder.Output]`.
final class DecodedCollector<Decoder: ValueDecoder>: ElementCollector<Decoder.Output>, ElementSink {
    let decoder: Decoder

    init(decoder: Decoder) {
        self.decoder = decoder
    }

    func appendDecoded(_ value: JSONValue) throws {
        append(try decoder.decode(value))
    }

    func takeResult() -> MappedBox { boxType.init(take()) }

    func discarding() -> ElementSink { DecodedStream(decoder: decoder) { _ in } }
}

/// The elements of the array being collected, moved into an `[Element]` when it is complete.
///
/// The collectors run unspecialized: appending to an `[Element]` there looked up the array's
/// type metadata for every element, and again each time it grew (as a generic struct would for
/// its own). Here an element costs a move into a chunk of memory; chunks double up to
/// ``maximumChunkCapacity`` elements and are never copied to grow; the array is made once, at
/// its full size, and the last chunk (unless it is one of the largest) serves the next array
/// collected by the same collector.
class ElementCollector<Element> {
    /// The chunk being filled.
    private var chunk: UnsafeMutablePointer<Element>
    private var chunkCapacity: Int
    private var chunkCount = 0
    /// The chunks filled before it, in order (raw pointers and counts: arrays of concrete types
    /// need no metadata lookup here).
    private var filled: [UnsafeMutableRawPointer] = []
    private var filledCounts: [Int] = []
    private var filledTotal = 0
    /// The box of a taken array (see ``TypedMappedBox``).
    final let boxType = TypedMappedBox<[Element]>.self

    private static var firstChunkCapacity: Int { 4 }
    private static var maximumChunkCapacity: Int { 1024 }

    init() {
        chunkCapacity = Self.firstChunkCapacity
        chunk = .allocate(capacity: chunkCapacity)
    }

    final func append(_ element: consuming Element) {
        if chunkCount == chunkCapacity { startChunk() }
        (chunk + chunkCount).initialize(to: element)
        chunkCount &+= 1
    }

    private final func startChunk() {
        filled.append(UnsafeMutableRawPointer(chunk))
        filledCounts.append(chunkCount)
        filledTotal &+= chunkCount
        chunkCapacity = min(chunkCapacity &* 2, Self.maximumChunkCapacity)
        chunk = .allocate(capacity: chunkCapacity)
        chunkCount = 0
    }

    /// The elements collected so far, as an array; the collector is empty again.
    final func take() -> [Element] {
        let total = filledTotal &+ chunkCount
        // Unspecialized, making an array looks up its type metadata twice; an empty one is the
        // shared empty singleton and needs neither (nested arrays are often empty).
        guard total > 0 else { return [] }
        let elements = [Element](unsafeUninitializedCapacity: total) { elements, initialized in
            guard var target = elements.baseAddress else {
                initialized = 0
                return
            }
            releaseFilledChunks { source, count in
                target.moveInitialize(from: source, count: count)
                target += count
            }
            target.moveInitialize(from: chunk, count: chunkCount)
            initialized = total
        }
        chunkCount = 0
        restartChunks()
        return elements
    }

    /// Drops the elements collected so far.
    final func removeAll() {
        dropElements()
        restartChunks()
    }

    private final func dropElements() {
        chunk.deinitialize(count: chunkCount)
        chunkCount = 0
        releaseFilledChunks { source, count in source.deinitialize(count: count) }
    }

    /// Hands each filled chunk and its count to `body` (which must move or destroy the
    /// elements), oldest first, and frees the chunks.
    private final func releaseFilledChunks(_ body: (UnsafeMutablePointer<Element>, Int) -> Void) {
        guard filledTotal > 0 else { return }
        for index in filled.indices {
            let source = filled[index].assumingMemoryBound(to: Element.self)
            body(source, filledCounts[index])
            source.deallocate()
        }
        filled.removeAll(keepingCapacity: true)
        filledCounts.removeAll(keepingCapacity: true)
        filledTotal = 0
    }

    /// Keeps the empty chunk for the next array unless it is one of the largest.
    private final func restartChunks() {
        guard chunkCapacity == Self.maximumChunkCapacity else { return }
        chunk.deallocate()
        chunkCapacity = Self.firstChunkCapacity
        chunk = .allocate(capacity: chunkCapacity)
    }

    deinit {
        dropElements()
        chunk.deallocate()
    }
}

/// Hands each model to a consumer as soon as it is complete; keeps nothing.
final class ModelStream<Model: Mappable>: ElementSink {
    let body: (Model) throws -> Void

    init(body: @escaping (Model) throws -> Void) {
        self.body = body
    }

    func appendModel(_ entity: MappedEntity) throws {
        let model = try Model(entity: entity)
        try body(model)
    }

    func takeResult() -> MappedBox { TypedMappedBox([Model]()) }

    func discarding() -> ElementSink { ModelStream<Model> { _ in } }
}

/// Hands each decoded element to a consumer as soon as it is complete; keeps nothing.
final class DecodedStream<Decoder: ValueDecoder>: ElementSink {
    let decoder: Decoder
    let body: (Decoder.Output) throws -> Void

    init(decoder: Decoder, body: @escaping (Decoder.Output) throws -> Void) {
        self.decoder = decoder
        self.body = body
    }

    func appendDecoded(_ value: JSONValue) throws {
        let output = try decoder.decode(value)
        try body(output)
    }

    func takeResult() -> MappedBox { TypedMappedBox([Decoder.Output]()) }

    func discarding() -> ElementSink { DecodedStream(decoder: decoder) { _ in } }
}

/// A type-erased ``Mappable`` type: its schema, and how to make its models and arrays.
class AnyModelKind: @unchecked Sendable {
    /// Identifies the type, so that a recursive schema compiles once.
    var identifier: ObjectIdentifier { fatalError("abstract") }
    /// The type's name, for messages.
    var typeName: String { fatalError("abstract") }
    /// The type's schema.
    func schema() -> MappingSchema { fatalError("abstract") }
    /// Creates a model from a valid entity, boxed.
    func make(_ entity: MappedEntity) throws -> MappedBox { fatalError("abstract") }
    /// A collector for `[Model]`.
    func makeCollector() -> ElementSink { fatalError("abstract") }
}

/// The box of one ``Mappable`` type.
final class ModelKind<Model: Mappable>: AnyModelKind, @unchecked Sendable {
    override var identifier: ObjectIdentifier { ObjectIdentifier(Model.self) }
    override var typeName: String { String(describing: Model.self) }
    override func schema() -> MappingSchema { Model.schema }
    /// The box of a model (see ``TypedMappedBox``).
    let boxType = TypedMappedBox<Model>.self

    override func make(_ entity: MappedEntity) throws -> MappedBox { boxType.init(try Model(entity: entity)) }
    override func makeCollector() -> ElementSink { ModelCollector<Model>() }
}
