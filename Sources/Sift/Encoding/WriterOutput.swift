/// Where yajl's print callback lands: stages the many small pieces yajl prints (a quote, a comma,
/// a run of a string) in one fixed block and hands the sink whole blocks: when the block is
/// full, when the writer flushes, when the caller looks at the sink, and when the writer goes
/// away.
///
/// So the writer never holds more than ``capacity`` bytes, and the sink is called once per block rather
/// than once per piece.
class WriterOutput {
    static let capacity = 65_536

    final let staging: UnsafeMutableRawPointer
    /// The number of staged bytes, behind a pointer: the print callback updates it without
    /// exclusivity checks.
    private final let stagedCount: UnsafeMutablePointer<Int>
    /// The first error the sink threw; later output is dropped.
    final var failure: (any Error)?

    init() {
        staging = .allocate(byteCount: Self.capacity, alignment: 16)
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

    /// Takes one piece of yajl's output, filling blocks exactly.
    @inline(__always)
    final func receive(_ text: UnsafeRawPointer, _ length: Int) {
        if length <= Self.capacity &- staged {
            (staging + staged).copyMemory(from: text, byteCount: length)
            staged &+= length
            return
        }
        receiveSpanningBlocks(text, length)
    }

    private final func receiveSpanningBlocks(_ text: UnsafeRawPointer, _ length: Int) {
        var offset = 0
        while offset < length {
            let piece = min(length - offset, Self.capacity - staged)
            (staging + staged).copyMemory(from: text + offset, byteCount: piece)
            staged += piece
            offset += piece
            if staged == Self.capacity { drain() }
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

/// yajl's print callback: the context is the writer's ``WriterOutput``, unretained.
func siftWriterPrint(_ context: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ length: Int) {
    guard length > 0, let context, let text else { return }
    Unmanaged<WriterOutput>.fromOpaque(context)._withUnsafeGuaranteedRef { output in
        output.receive(UnsafeRawPointer(text), length)
    }
}
