import DequeModule
import Foundation

/// A newline-delimited input (NDJSON, or any stream of JSON values) parsed on several threads:
/// the input is cut into blocks of whole lines, each block is parsed by a ``JSONLineHandler`` of
/// its own, and the handlers' outputs come out in input order, as one thread would give them.
///
/// At most twice `parallelism` blocks are read ahead of the consumer, so memory is bounded by
/// blocks in flight, never by the input. The first error in input order ends the sequence, placed
/// in the whole input (line, column, offset, path and source line as one tokenizer reports it),
/// after the output of the values before it; nothing of the value that failed is handed out.
/// A value that spans a block boundary (pretty-printed values, one after another) is found when
/// its block ends inside it: from that block on, the input is parsed by one tokenizer in order,
/// so the outputs are the same on every split of the input. A line longer than a block is cut
/// into pieces that this one tokenizer reads in order, its outputs held until the line has
/// parsed, and the blocks after it are parsed side by side again: memory does not grow with the
/// line (unless `skipsInvalidLines`, where a line is held whole, to be set aside with its text). When the input pauses (a pipe or a
/// download waiting for its writer), the lines read so far are parsed at once rather than
/// waiting for a whole block.
///
/// ```swift
/// let outputs = JSONLineOutputs(JSONInputChunks(.file("events.ndjson")), parallelism: 4) { block in
///     IDCollector()  // a JSONLineHandler whose Output is [Int]
/// }
/// for try await ids in outputs { print(ids) }
/// ```
public struct JSONLineOutputs<Chunks: AsyncSequence, Handler: JSONLineHandler>: AsyncSequence
where Chunks.Element: Sequence<UInt8> {
    /// The output of one block (or, after a value spans blocks, of one block of the rest).
    ///
    /// ```swift
    /// for try await ids in outputs { all += ids }  // each an IDCollector's [Int]
    /// ```
    public typealias Element = Handler.Output

    /// The default block size: 512 KiB, cut at the end of its last line.
    ///
    /// Large enough that a
    /// block's start (a tokenizer, a handler, a worker's wake-up) costs nothing next to its
    /// parse; small enough that the blocks in flight keep one core's peak RSS near the process's
    /// own (1 MiB blocks took 4 MB more).
    ///
    /// ```swift
    /// JSONLineOutputs<JSONInputChunks, IDCollector>.defaultBlockSize  // 524_288
    /// ```
    public static var defaultBlockSize: Int { 1 << 19 }

    /// The processors this process may run on: the default parallelism.
    ///
    /// ```swift
    /// JSONLineOutputs<JSONInputChunks, IDCollector>.defaultParallelism  // 8 on an 8-core machine
    /// ```
    public static var defaultParallelism: Int { Swift.max(ProcessInfo.processInfo.activeProcessorCount, 1) }

    let chunks: Chunks
    /// The file read straight into blocks (``LineBlockFileReader``) rather than as `chunks`.
    private(set) var file: JSONInput?
    let options: JSONParserOptions
    let parallelism: Int
    let blockSize: Int
    let start: (offset: Int, line: Int)
    let skipsInvalidLines: Bool
    let makeHandler: @Sendable (JSONLineBlock) -> Handler

    /// The outputs of `makeHandler`'s handlers over the blocks of `chunks`.
    ///
    /// - Parameters:
    ///   - chunks: the input, as byte chunks (``JSONInputChunks``, an HTTP body...).
    ///   - options: the tokenizer's options; ``JSONParserOptions/allowsMultipleValues`` is always on.
    ///   - parallelism: the blocks parsed at once (at least 1).
    ///   - blockSize: the size at which a block is cut, at the end of a line.
    ///   - offset: the byte offset of the first chunk's first byte in the whole input (for a part
    ///     of a file that starts at a line start).
    ///   - line: the line of that byte.
    ///   - skipsInvalidLines: whether a line that does not parse on its own is set aside
    ///     (``JSONLineHandler/setAside(_:)``) and the parse goes on at the next line, rather
    ///     than ending the sequence; a value must then end on the line where it starts.
    ///   - makeHandler: makes the handler of a block, on the thread that parses it.
    ///
    /// ```swift
    /// let outputs = JSONLineOutputs(JSONInputChunks(.standardInput), parallelism: 2) { _ in IDCollector() }
    /// ```
    public init(
        _ chunks: Chunks, options: JSONParserOptions = JSONParserOptions(), parallelism: Int = defaultParallelism,
        blockSize: Int = defaultBlockSize, offset: Int = 0, line: Int = 1, skipsInvalidLines: Bool = false,
        makeHandler: @escaping @Sendable (JSONLineBlock) -> Handler
    ) {
        self.skipsInvalidLines = skipsInvalidLines
        self.chunks = chunks
        var options = options
        options.allowsMultipleValues = true
        self.options = options
        self.parallelism = Swift.max(parallelism, 1)
        self.blockSize = Swift.max(blockSize, 1)
        start = (offset, line)
        self.makeHandler = makeHandler
    }

    /// Starts reading.
    ///
    /// ```swift
    /// var iterator = outputs.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Reads blocks, starts their parses and hands out their outputs in order.
    public struct Iterator: AsyncIteratorProtocol {
        private let sequence: JSONLineOutputs
        /// The input's chunks, cut into blocks by `cutter`; nil when `file` reads the input.
        private var chunks: Chunks.AsyncIterator?
        private var cutter: LineBlockCutter
        /// The file read straight into blocks.
        private var file: LineBlockFileReader?
        private let workers: LineBlockWorkers.Owner
        private var inFlight: Deque<InFlightBlock<JSONLineBlock, Handler.Output>> = []
        /// The outputs of the last block parsed, not yet handed out.
        private var ready: Deque<Handler.Output> = []
        /// The blocks cut while the rest is parsed in order, not yet fed.
        private var waiting: Deque<JSONLineBlock> = []
        private var inputEnded = false
        /// Whether the last chunk was short: the input paused.
        private var paused = false
        /// The tokenizer that parses the rest in order, once a value spanned blocks; whether it
        /// reads only a line longer than a block, and the blocks after it go back to the workers
        /// once that line has parsed.
        private var rest:
            (tokenizer: JSONTokenizer<CommittingHandler<Handler>>, base: JSONLineBlock, readsLongLine: Bool)?
        /// The error to throw once the output before it is handed out, or the end.
        private var ending: (any Error)?
        private var ended = false

        init(sequence: JSONLineOutputs) {
            self.sequence = sequence
            workers = LineBlockWorkers.Owner(LineBlockWorkers(count: sequence.parallelism))
            cutter = LineBlockCutter(
                blockSize: sequence.blockSize, offset: sequence.start.offset, line: sequence.start.line,
                splitsLongLines: !sequence.skipsInvalidLines)
            if let input = sequence.file {
                file = LineBlockFileReader(
                    input, blockSize: sequence.blockSize, offset: sequence.start.offset, line: sequence.start.line,
                    splitsLongLines: !sequence.skipsInvalidLines)
            } else {
                chunks = sequence.chunks.makeAsyncIterator()
            }
        }

        /// The output of the next block, in input order; nil after the last.
        ///
        /// ```swift
        /// while let output = try await iterator.next() { consume(output) }
        /// ```
        public mutating func next() async throws -> Handler.Output? {
            while true {
                if let output = ready.popFirst() { return output }
                if ended {
                    defer { ending = nil }
                    if let ending { throw ending }
                    return nil
                }
                if rest != nil { return try await nextInOrder() }
                do {
                    try await read()
                } catch {
                    // Read failures come after the blocks read before them.
                    inputEnded = true
                    ending = error
                }
                guard let head = inFlight.popFirst() else {
                    ended = true
                    continue
                }
                switch await head.outcome {
                case .complete(let outputs):
                    ready.append(contentsOf: outputs)
                case .stopped(let outputs):
                    end(with: nil)
                    ready.append(contentsOf: outputs)
                case .failed(let outputs, let error):
                    end(with: error)
                    ready.append(contentsOf: outputs)
                case .unfinished:
                    startInOrder(at: head.block)
                }
            }
        }

        /// The blocks the next read completes (often none from a chunk); sets `inputEnded` and
        /// `paused`.
        private mutating func readBlocks() async throws -> [JSONLineBlock] {
            if file != nil {
                guard let block = try file?.next() else {
                    inputEnded = true
                    file?.close()
                    return []
                }
                return [block]
            }
            guard let chunk = try await chunks?.next() else {
                inputEnded = true
                return cutter.finish().map { [$0] } ?? []
            }
            var blocks = cutter.append(chunk)
            paused = cutter.inputPaused
            if paused, let block = cutter.cutAtPause() { blocks.append(block) }
            return blocks
        }

        /// Reads and dispatches blocks until enough are in flight, the head is done while the
        /// input pauses, or the input ends.
        private mutating func read() async throws {
            while !inputEnded, inFlight.count < 2 * sequence.parallelism,
                !(paused && !inFlight.isEmpty)
            {
                for block in try await readBlocks() { dispatch(block) }
            }
        }

        private mutating func dispatch(_ block: JSONLineBlock) {
            if rest != nil {
                waiting.append(block)
            } else if block.isPartOfLongLine {
                // Not parsed on its own: read in order with the blocks after it.
                inFlight.append(InFlightBlock(block, outcome: .unfinished))
            } else {
                let (options, makeHandler) = (sequence.options, sequence.makeHandler)
                let skipsInvalidLines = sequence.skipsInvalidLines
                inFlight.append(
                    InFlightBlock(block, workers: workers.threads) { block in
                        skipsInvalidLines
                            ? LineBlockOutcome.parseSkippingInvalidLines(
                                block, options: options, makeHandler: makeHandler)
                            : LineBlockOutcome.parse(block, options: options, makeHandler: makeHandler)
                    })
            }
        }

        /// Ends the sequence after the output being handed out: with `error`, or at once.
        private mutating func end(with error: (any Error)?) {
            ended = true
            ending = error
            workers.threads.shutDown()
            inFlight.removeAll()
        }

        /// Parses from `block` on with one tokenizer: `block` ends inside a value.
        private mutating func startInOrder(at block: JSONLineBlock) {
            let tokenizer = JSONTokenizer(
                options: sequence.options, handler: CommittingHandler(sequence.makeHandler(block)))
            rest = (tokenizer, block, block.endsInsideLine)
            waiting.append(block)
            workers.threads.dropPending()
            waiting.append(contentsOf: inFlight.map(\.block))
            inFlight.removeAll()
        }

        /// Ends the parse in order, after a line longer than a block: the blocks read since are
        /// parsed side by side again.
        private mutating func backToWorkers() {
            rest = nil
            let blocks = waiting
            waiting.removeAll()
            for block in blocks { dispatch(block) }
        }

        /// Feeds the next block to the tokenizer of the rest; its committed output.
        private mutating func nextInOrder() async throws -> Handler.Output? {
            guard let (tokenizer, base, readsLongLine) = rest else { return nil }
            do {
                while waiting.isEmpty && !inputEnded {
                    waiting.append(contentsOf: try await readBlocks())
                }
            } catch {
                end(with: error)
                return tokenizer.handler.base.takeCommitted()
            }
            do throws(JSONParseError) {
                if let block = waiting.popFirst() {
                    if block.index == base.index && block.isPrefixed { try tokenizer.feed(JSONLineBlock.prefix) }
                    try tokenizer.feed(block.bytes)
                    if tokenizer.isStopped {
                        tokenizer.handler.commit()
                        end(with: nil)
                    } else if tokenizer.handler.depth == 0 && block.bytes.last == 0x0A {
                        // The block ends at the end of a line, between values.
                        tokenizer.handler.commit()
                        // A comment may go on past the line, where no block could start.
                        if readsLongLine && !sequence.options.allowsComments {
                            let output = tokenizer.handler.base.takeCommitted()
                            backToWorkers()
                            return output
                        }
                    }
                } else if inputEnded {
                    try tokenizer.finish()
                    tokenizer.handler.commit()
                    end(with: nil)
                }
            } catch {
                let error = await completingSourceLine(of: error, tokenizer)
                tokenizer.handler.commit(before: error.location)
                end(with: base.placing(error))
            }
            return tokenizer.handler.base.takeCommitted()
        }

        /// `error` with its whole source line: the blocks after the one that failed are fed to
        /// `tokenizer` until its excerpt is complete (a line longer than a block goes on in them),
        /// as one tokenizer reading the whole input reports it.
        private mutating func completingSourceLine(
            of error: JSONParseError, _ tokenizer: JSONTokenizer<CommittingHandler<Handler>>
        ) async -> JSONParseError {
            var error = error
            while tokenizer.engine.failureNeedsMoreInput {
                do throws(JSONParseError) {
                    if waiting.isEmpty && !inputEnded {
                        // A failure to read leaves the excerpt as far as it was read.
                        guard let blocks = try? await readBlocks() else { break }
                        waiting.append(contentsOf: blocks)
                    } else if let block = waiting.popFirst() {
                        try tokenizer.feed(block.bytes)
                    } else {
                        try tokenizer.finish()
                    }
                } catch let completed {
                    error = completed
                }
            }
            return error
        }
    }
}

extension JSONLineOutputs: Sendable where Chunks: Sendable {}

extension JSONLineOutputs where Chunks == JSONInputChunks {
    /// The outputs of `makeHandler`'s handlers over the blocks of `input`.
    ///
    /// A file (or a ``JSONInput/reading(bytes:)`` part of one) is read straight into each
    /// block's buffer, one read a block, on the consumer's task: no read-ahead thread and no copy
    /// but the kernel's. Give a regular file: a read waits until a whole block has come (a pipe
    /// opened by path would hold its lines until then). Any other input is read as
    /// ``JSONInputChunks`` and cut at its pauses. The other parameters are the chunks' form's.
    ///
    /// ```swift
    /// let outputs = JSONLineOutputs(.file("events.ndjson"), parallelism: 2) { _ in IDCollector() }
    /// for try await ids in outputs { print(ids) }
    /// ```
    public init(
        _ input: JSONInput, options: JSONParserOptions = JSONParserOptions(), parallelism: Int = defaultParallelism,
        blockSize: Int = defaultBlockSize, offset: Int = 0, line: Int = 1, skipsInvalidLines: Bool = false,
        makeHandler: @escaping @Sendable (JSONLineBlock) -> Handler
    ) {
        self.init(
            JSONInputChunks(input), options: options, parallelism: parallelism, blockSize: blockSize, offset: offset,
            line: line, skipsInvalidLines: skipsInvalidLines, makeHandler: makeHandler)
        if case .file = input.source { file = input }
    }
}
