import Sift
import Synchronization

/// Reads each input of `--lines` in blocks of lines parsed on `--jobs` threads
/// (``JSONLineOutputs``), for `query` and `validate` alike: a regular file straight into the
/// blocks, `--shard`'s part of it, standard input and downloads through their chunks; and hands
/// each block's output to the command, in input order.
///
/// An input that fails (an invalid line with `--on-invalid fail`, more lines set aside than
/// `--max-invalid` allows, an input that cannot be read) is reported on stderr as it comes, and
/// the next input is read.
///
/// ```swift
/// let reader = LineBlockReader(lines: lineOptions, input: input)
/// let failed = try await reader.read(sources, options: options, output: output, invalidLines: log) { _, block in
///     Handler(block: block)
/// } consume: { output, input, fileName in
///     try write(output)
///     return .goOn
/// }
/// ```
struct LineBlockReader {
    /// What to read after a block's output.
    enum Next {
        /// The rest of the input.
        case goOn
        /// Nothing more of this input: the next one.
        case nextInput
        /// Nothing more of any input.
        case stop
    }

    let lines: LineOptions
    let input: InputOptions

    /// Parses every input in turn with the handlers `makeHandler` makes for its blocks.
    ///
    /// Calls `consume` with each block's output (with the input: its place among `sources`, which
    /// tells two inputs of the same name apart, and its source; and its name when there are
    /// several); `consume` says what to read next. `bytesRead` is told of the bytes read as they
    /// are (0 at the end of each input). Returns whether an input failed.
    func read<Handler: JSONLineHandler>(
        _ sources: [InputSource], options: JSONParserOptions, output: StandardOutput, invalidLines: InvalidLineLog,
        bytesRead: @escaping (Int) -> Void = { _ in },
        makeHandler: @escaping @Sendable (_ fileName: String?, JSONLineBlock) -> Handler,
        consume: (Handler.Output, _ input: (index: Int, source: InputSource), _ fileName: String?) async throws -> Next
    ) async throws -> Bool {
        let blockSize =
            Environment.value("SIFT_LINES_BLOCK_SIZE").flatMap { Int($0) }
            ?? JSONLineOutputs<InputChunks, Handler>.defaultBlockSize
        let parallelism = lines.jobs ?? JSONLineMatches.defaultParallelism
        let skips = lines.skipsInvalidLines
        var failed = false
        var next = Next.goOn
        for (index, source) in sources.enumerated() {
            let fileName = sources.count > 1 ? source.name : nil
            next = .goOn
            let handler: @Sendable (JSONLineBlock) -> Handler = { block in makeHandler(fileName, block) }
            func drain<Chunks>(_ outputs: JSONLineOutputs<Chunks, Handler>, afterBlock: () -> Void = {}) async throws {
                for try await block in outputs {
                    next = try await consume(block, (index, source), fileName)
                    afterBlock()
                    if next != .goOn { return }
                }
            }
            do {
                var start = (offset: 0, line: 1)
                var byteRange: Range<Int>?
                if let shard = lines.shard, case .file(let path) = source {
                    let part = try JSONLineShard(file: path, index: shard.index, of: shard.count)
                    start = (part.range.lowerBound, part.line)
                    byteRange = part.range
                }
                if let file = source.regularFile(progress: input.progress, byteRange: byteRange) {
                    // Read straight into the blocks; the bytes read are counted per block.
                    let read = ReadCount()
                    try await drain(
                        JSONLineOutputs(
                            file.reportingProgress { read.record(total: $0) }, options: options,
                            parallelism: parallelism, blockSize: blockSize, offset: start.offset, line: start.line,
                            skipsInvalidLines: skips, makeHandler: handler)
                    ) { bytesRead(read.takeNew()) }
                } else {
                    let opened = try source.open(
                        progress: input.progress, connectTimeout: input.connectTimeout, byteRange: byteRange)
                    defer { opened.close() }
                    let chunks = CountedChunks(base: opened, onChunk: bytesRead)
                    if source.isStreamed {
                        try await drain(
                            JSONLineOutputs(
                                FlushingChunks(base: chunks, output: output), options: options,
                                parallelism: parallelism, blockSize: blockSize, skipsInvalidLines: skips,
                                makeHandler: handler))
                    } else {
                        try await drain(
                            JSONLineOutputs(
                                chunks, options: options, parallelism: parallelism, blockSize: blockSize,
                                offset: start.offset, line: start.line, skipsInvalidLines: skips,
                                makeHandler: handler))
                    }
                }
                bytesRead(0)
            } catch {
                try Diagnostics.report(error, in: source, flushing: output, offersLines: true)
                failed = true
            }
            if next == .stop || invalidLines.isOverLimit { break }
        }
        try invalidLines.flush()
        return failed
    }
}

/// The bytes of a file read straight into blocks so far, as its progress reports them.
private final class ReadCount: Sendable {
    private let state = Mutex((total: 0, counted: 0))

    /// Records the bytes read so far.
    func record(total: Int) {
        state.withLock { $0.total = total }
    }

    /// The bytes read since the last call.
    func takeNew() -> Int {
        state.withLock { state in
            defer { state.counted = state.total }
            return state.total - state.counted
        }
    }
}
