/// The bytes a writer produces: stages the many small pieces of JSON text (a quote, a comma, a
/// run of a string) in one fixed block and hands the sink whole blocks: when the block is full,
/// when the writer flushes, when the caller looks at the sink, and when the writer goes away.
///
/// So the writer never holds more than ``capacity`` bytes, and the sink is called once per block rather
/// than once per piece.
class WriterOutput {
    static let capacity = 65_536

    final let staging: UnsafeMutableRawPointer
    /// Eight bytes after the block, where an escape is put together before it is appended.
    final let scratch: UnsafeMutableRawPointer
    /// The number of staged bytes, behind a pointer: appends update it without exclusivity checks.
    private final let stagedCount: UnsafeMutablePointer<Int>
    /// The first error the sink threw; later output is dropped.
    final var failure: (any Error)?

    init() {
        staging = .allocate(byteCount: Self.capacity + 8, alignment: 16)
        scratch = staging + Self.capacity
        stagedCount = .allocate(capacity: 1)
        stagedCount.initialize(to: 0)
    }

    deinit {
        staging.deallocate()
        stagedCount.deallocate()
    }

    final var staged: Int {
        @inline(__always) get { stagedCount.pointee }
        @inline(__always) set { stagedCount.pointee = newValue }
    }

    /// The room left in the block.
    final var room: Int {
        @inline(__always) get { Self.capacity &- staged }
    }

    /// Appends one byte.
    @inline(__always)
    final func append(_ byte: UInt8) {
        if staged == Self.capacity { drain() }
        staging.storeBytes(of: byte, toByteOffset: staged, as: UInt8.self)
        staged &+= 1
    }

    /// Appends the text of a literal (`true`, `null`, `[]`).
    @inline(__always)
    final func append(_ text: StaticString) {
        append(UnsafeRawPointer(text.utf8Start), text.utf8CodeUnitCount)
    }

    /// Appends `length` bytes, filling blocks exactly.
    @inline(__always)
    final func append(_ text: UnsafeRawPointer, _ length: Int) {
        if length <= room {
            (staging + staged).copyMemory(from: text, byteCount: length)
            staged &+= length
            return
        }
        appendSpanningBlocks(text, length)
    }

    private final func appendSpanningBlocks(_ text: UnsafeRawPointer, _ length: Int) {
        var offset = 0
        while offset < length {
            if staged == Self.capacity { drain() }
            let piece = min(length - offset, Self.capacity - staged)
            (staging + staged).copyMemory(from: text + offset, byteCount: piece)
            staged += piece
            offset += piece
        }
    }

    /// Hands the staged bytes to the sink.
    final func drain() {
        guard staged > 0 else { return }
        let count = staged
        staged = 0
        deliver(JSONBytes(base: UnsafeRawPointer(staging).assumingMemoryBound(to: UInt8.self), count: count))
    }

    /// Writes bytes to the sink, recording its error.
    func deliver(_ bytes: JSONBytes) {}

    /// Flushes the sink.
    func flushSink() throws {}
}

/// The output of a writer whose sink has type `Sink`.
final class SinkOutput<Sink: JSONOutputSink>: WriterOutput {
    var sink: Sink

    init(sink: Sink) {
        self.sink = sink
    }

    override func deliver(_ bytes: JSONBytes) {
        guard failure == nil else { return }
        do {
            try sink.write(bytes)
        } catch {
            failure = error
        }
    }

    override func flushSink() throws {
        try sink.flush()
    }
}
