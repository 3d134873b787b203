import DequeModule

/// One JSON document whose path selects the elements of an array (`$.body[*].text.title`,
/// `$[*]`, `$.a.b[*]..id`), matched on several threads: the array's elements are cut into blocks
/// of whole elements, each block is parsed by a ``JSONLineHandler`` of its own, and the
/// handlers' outputs come out in input order, as one thread would give them.
///
/// The document before the array is parsed first, to find it; the element boundaries are found
/// by a scan that checks every byte it passes, so a bracket or a quote inside a string never
/// cuts a block; after the array, the rest of the document is parsed, with the whole path, by a
/// handler of its own. At most twice `parallelism` blocks are in flight, so memory is bounded by
/// blocks, never by the document (but an element is always held whole).
///
/// A handler matches its block's ``JSONArrayBlock/path`` and places what it finds with
/// ``JSONArrayBlock/documentPath(of:)``. Its ``JSONLineHandler/commitValue()`` is called when
/// its block ends, and before an error: what it produced before the error is handed out, as one
/// tokenizer reading the document would have, then the error, which is the one that tokenizer
/// reports (the document is read again, from the start, to place it: an error costs a second
/// read).
///
/// The document runs on one handler, in order, when the path does not split (``isSplit``), when
/// the value at the array's place is not an array, when the input cannot be read twice (a pipe,
/// standard input), or when comments are allowed.
///
/// ```swift
/// let outputs = JSONArrayOutputs(.file("feed.json"), path: try JSONPath("$.body[*].id"), parallelism: 4) { block in
///     IDCollector(block: block)  // a JSONLineHandler whose Output is [Int]
/// }
/// for try await ids in outputs { print(ids) }
/// ```
public struct JSONArrayOutputs<Handler: JSONLineHandler>: AsyncSequence, Sendable {
    /// The output of one block.
    ///
    /// ```swift
    /// for try await ids in outputs { all += ids }
    /// ```
    public typealias Element = Handler.Output

    /// The default block size: 1 MiB of whole elements.
    ///
    /// Large enough that a block's start (a tokenizer, a handler, a worker's wake-up) costs
    /// nothing next to its parse; small enough that the 2 × `parallelism` blocks in flight keep
    /// the peak RSS within a few MB a thread.
    ///
    /// ```swift
    /// JSONArrayOutputs<IDCollector>.defaultBlockSize  // 1_048_576
    /// ```
    public static var defaultBlockSize: Int { 1 << 20 }

    let input: JSONInput
    let path: JSONPath
    /// The split of the path, when its matches can be found on several threads.
    let split: ArraySplitPath?
    let options: JSONParserOptions
    /// The options of a block of elements: the depth limit is what the document leaves them.
    let elementOptions: JSONParserOptions
    let parallelism: Int
    let blockSize: Int
    let makeHandler: @Sendable (JSONArrayBlock) -> Handler

    /// The outputs of `makeHandler`'s handlers over the blocks of `input`.
    ///
    /// - Parameters:
    ///   - input: the document.
    ///   - path: the path the handlers match; it splits when its matches all lie in the elements
    ///     of one array.
    ///   - options: the tokenizer's options (``JSONParserOptions/allowsMultipleValues`` off).
    ///   - parallelism: the blocks parsed at once (at least 1).
    ///   - blockSize: the size at which a block of elements is cut, after an element.
    ///   - makeHandler: makes the handler of a block, on the thread that parses it.
    ///
    /// ```swift
    /// let outputs = JSONArrayOutputs(.file("feed.json"), path: path, parallelism: 2) { block in
    ///     IDCollector(block: block)
    /// }
    /// ```
    public init(
        _ input: JSONInput, path: JSONPath, options: JSONParserOptions = JSONParserOptions(),
        parallelism: Int = JSONLineMatches.defaultParallelism, blockSize: Int = defaultBlockSize,
        makeHandler: @escaping @Sendable (JSONArrayBlock) -> Handler
    ) {
        self.input = input
        self.path = path
        self.options = options
        self.parallelism = Swift.max(parallelism, 1)
        self.blockSize = Swift.max(blockSize, 1)
        self.makeHandler = makeHandler
        let splits = !options.allowsComments && !options.allowsMultipleValues && ArrayInputReader.canReread(input)
        split = splits ? ArraySplitPath(path).flatMap { $0.prefix.count + 2 <= options.maximumDepth ? $0 : nil } : nil
        var elementOptions = options
        elementOptions.maximumDepth -= split?.prefix.count ?? 0
        self.elementOptions = elementOptions
    }

    /// Whether the path's matches may be found on several threads: the path selects the
    /// elements of one array, and the input can be read twice. (Whether they are also depends
    /// on the document: the value at the array's place must be an array.)
    ///
    /// ```swift
    /// JSONArrayOutputs(.file("feed.json"), path: try JSONPath("$..id")) { _ in IDCollector() }.isSplit  // false
    /// ```
    public var isSplit: Bool { split != nil }

    /// Starts reading.
    ///
    /// ```swift
    /// var iterator = outputs.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Reads the document, starts the parses of its blocks and hands out their outputs in order.
    ///
    /// ```swift
    /// var iterator = outputs.makeAsyncIterator()
    /// while let ids = try await iterator.next() { print(ids) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        private let sequence: JSONArrayOutputs
        private var phase: Phase = .start
        private var workers: LineBlockWorkers.Owner?
        /// The arrays the blocks of elements are read into, used again once parsed.
        private var buffers: ArrayBlockBuffers?
        private var inFlight: Deque<InFlightBlock<JSONArrayBlock, Handler.Output>> = []
        private var ready: Deque<Handler.Output> = []
        /// The error to throw once the output before it is handed out.
        private var ending: (any Error)?
        private var blockCount = 0
        /// The place in the document of the next byte cut, from the array's `[` on, and whether
        /// a comma between blocks comes before it.
        private var cutPlace = LineBreaks.Counter()
        private var cutAfterBlock = false

        private enum Phase {
            case start
            /// The whole document with one handler, in order.
            case inOrder(ArrayInOrderParse<Handler>)
            /// The elements are being cut from `reader`: the array's `[` is at `arrayOpen`.
            case elements(ArrayElementCutter, arrayOpen: SourceLocation, reader: ArrayInputReader)
            /// Every element is cut: once their outputs are out, the rest of the document (`bytes`
            /// from the array's `]` on, then what `reader` reads) is parsed, after the bytes
            /// before the array; nil when nothing is parsed after the elements.
            case rest(Rest?)
            case ended
        }

        /// The document after the array: from its `]` (at `arrayClose`), `bytes`, then what
        /// `reader` reads; the array's `[` is at `arrayOpen`.
        private struct Rest {
            let arrayOpen: SourceLocation
            let arrayClose: SourceLocation
            let bytes: [UInt8]
            let reader: ArrayInputReader
        }

        init(sequence: JSONArrayOutputs) {
            self.sequence = sequence
        }

        /// The output of the next block, in input order; nil after the last.
        ///
        /// ```swift
        /// while let output = try await iterator.next() { consume(output) }
        /// ```
        public mutating func next() async throws -> Handler.Output? {
            while true {
                if let output = ready.popFirst() { return output }
                switch phase {
                case .ended:
                    defer { ending = nil }
                    if let ending { throw ending }
                    return nil
                case .start:
                    start()
                case .inOrder(let parse):
                    let (output, done) = parse.next()
                    ready.append(output)
                    switch done {
                    case nil: break
                    case .success: phase = .ended
                    case .failure(let error): end(with: error)
                    }
                case .elements, .rest:
                    try await nextOfElements()
                }
            }
        }

        /// Finds the array, or parses the whole document in order.
        private mutating func start() {
            guard let split = sequence.split else {
                startInOrder()
                return
            }
            let finder = JSONTokenizer(options: sequence.options, handler: ArrayStartFinder(prefix: split.prefix))
            guard (try? finder.parse(sequence.input)) != nil, let arrayOpen = finder.handler.arrayStart else {
                startInOrder()
                return
            }
            let reader = ArrayInputReader(sequence.input, from: arrayOpen.offset + 1)
            // Twice `parallelism` blocks in flight, one being cut, and one given back while
            // the cutter waits for an output; a block is read up to a read past its size.
            let buffers = ArrayBlockBuffers(
                limit: 2 * sequence.parallelism + 2, largest: 2 * (sequence.blockSize + ArrayElementCutter.readSize))
            self.buffers = buffers
            phase = .elements(
                ArrayElementCutter(reader: reader, blockSize: sequence.blockSize, buffers: buffers),
                arrayOpen: arrayOpen, reader: reader)
            cutPlace = LineBreaks.Counter(
                at: SourceLocation(offset: arrayOpen.offset + 1, line: arrayOpen.line, column: arrayOpen.column + 1))
            workers = LineBlockWorkers.Owner(LineBlockWorkers(count: sequence.parallelism))
        }

        /// Cuts and dispatches blocks until enough are in flight, then hands out the first's
        /// output; parses the rest of the document once every block's output is out.
        private mutating func nextOfElements() async throws {
            do {
                try cut()
            } catch {
                // A failure to read comes after the blocks read before it.
                phase = .rest(nil)
                inFlight.append(InFlightBlock(wholeBlock(), outcome: .failed([], error)))
            }
            guard let head = inFlight.popFirst() else {
                if case .rest(let rest?) = phase {
                    parseRest(rest)
                } else {
                    end(with: nil)
                }
                return
            }
            switch await head.outcome {
            case .complete(let outputs):
                ready.append(contentsOf: outputs)
            case .stopped(let outputs):
                ready.append(contentsOf: outputs)
                end(with: nil)
            case .failed(let outputs, let error):
                ready.append(contentsOf: outputs)
                end(with: error.kind == .inputError ? error : exactError(else: error))
            case .unfinished:
                end(with: exactError(else: nil))
            }
        }

        /// Cuts blocks of elements and starts their parses until twice `parallelism` are in
        /// flight or the array ends.
        private mutating func cut() throws(JSONParseError) {
            while case .elements(var cutter, let arrayOpen, let reader) = phase,
                inFlight.count < 2 * sequence.parallelism
            {
                phase = .ended
                let cut = try cutter.next()
                phase = .elements(cutter, arrayOpen: arrayOpen, reader: reader)
                guard let split = sequence.split, let workers, let buffers else { return }
                let options = sequence.elementOptions
                let makeHandler = sequence.makeHandler
                switch cut {
                case .elements(let bytes, let first, _):
                    let block = JSONArrayBlock(
                        index: nextBlockIndex(), path: split.relative, elements: (split, first),
                        placement: .elements(start: nextCutPlace()))
                    cutPlace.add(bytes)
                    cutAfterBlock = true
                    let handoff = ArrayBlockBuffers.Handoff(bytes)
                    inFlight.append(
                        InFlightBlock(block, workers: workers.threads) { block in
                            let bytes = handoff.take()
                            let outcome = block.parse(bytes, options: options, makeHandler: makeHandler)
                            buffers.give(consume bytes)
                            return outcome
                        })
                case .invalid(let bytes, let first, let atEnd):
                    let block = JSONArrayBlock(
                        index: nextBlockIndex(), path: split.relative, elements: (split, first),
                        placement: .elements(start: nextCutPlace()))
                    inFlight.append(
                        InFlightBlock(block, workers: workers.threads) { block in
                            block.parse(
                                bytes, options: options, holdsError: true, atEnd: atEnd, makeHandler: makeHandler)
                        })
                    // Nothing after the error is read.
                    phase = .rest(nil)
                    return
                case .end(let blank, let rest):
                    cutPlace.add(blank)
                    phase = .rest(
                        Rest(arrayOpen: arrayOpen, arrayClose: cutPlace.location, bytes: rest, reader: reader))
                }
            }
        }

        /// The place of the first byte of the block being cut: past the comma after the block
        /// before it, if there is one (the last block ends at the `]`).
        private mutating func nextCutPlace() -> SourceLocation {
            if cutAfterBlock { cutPlace.add(JSONArrayBlock.separator) }
            cutAfterBlock = false
            return cutPlace.location
        }

        /// Parses the document without the array's elements (the bytes up to its `[`, then
        /// `bytes`, from its `]` on, then what `reader` reads) with the whole path.
        private mutating func parseRest(_ rest: Rest) {
            let (arrayStart, bytes, reader) = (rest.arrayOpen.offset, rest.bytes, rest.reader)
            let block = JSONArrayBlock(
                index: nextBlockIndex(), path: sequence.path, elements: nil,
                placement: .rest(open: rest.arrayOpen, close: rest.arrayClose))
            let tokenizer = JSONTokenizer(options: sequence.options, handler: sequence.makeHandler(block))
            do throws(JSONParseError) {
                var piece: [UInt8] = []
                let before = ArrayInputReader(sequence.input, from: 0)
                while piece.count <= arrayStart,
                    try before.read(upTo: arrayStart + 1 - piece.count, appendingTo: &piece)
                {}
                before.close()
                try tokenizer.feed(piece)
                try tokenizer.feed(bytes)
                piece.removeAll(keepingCapacity: true)
                while !tokenizer.isStopped, try reader.read(upTo: ArrayElementCutter.readSize, appendingTo: &piece) {
                    try tokenizer.feed(piece)
                    piece.removeAll(keepingCapacity: true)
                }
                if !tokenizer.isStopped { try tokenizer.finish() }
            } catch {
                tokenizer.handler.commitValue()
                ready.append(tokenizer.handler.takeCommitted())
                end(with: error.kind == .inputError ? error : exactError(else: error))
                return
            }
            reader.close()
            tokenizer.handler.commitValue()
            ready.append(tokenizer.handler.takeCommitted())
            end(with: nil)
        }

        /// The error one tokenizer reading the document from its start reports (`fallback`, if
        /// it reports none).
        ///
        /// A block's error is placed in the block: its location, and for a handler's error (a
        /// value that failed to decode) the path too. Syntax errors are found again by a
        /// tokenizer that only checks; a handler's error by the handler itself, given the whole
        /// document as one block, in order, its outputs dropped as they come (those before the
        /// error were handed out already).
        private mutating func exactError(else fallback: JSONParseError?) -> (any Error)? {
            guard fallback?.kind == .consumerError else {
                let tokenizer = JSONTokenizer(options: sequence.options, handler: IgnoringHandler())
                do throws(JSONParseError) {
                    try tokenizer.parse(sequence.input)
                } catch {
                    return error
                }
                return fallback
            }
            let parse = ArrayInOrderParse(
                sequence.input, options: sequence.options, handler: sequence.makeHandler(wholeBlock()))
            while true {
                switch parse.next().1 {
                case nil: continue
                case .success: return fallback
                case .failure(let error): return error
                }
            }
        }

        /// Ends after the output being handed out: with `error`, or at once.
        private mutating func end(with error: (any Error)?) {
            phase = .ended
            ending = error
            workers?.threads.shutDown()
            inFlight.removeAll()
        }

        private mutating func nextBlockIndex() -> Int {
            defer { blockCount += 1 }
            return blockCount
        }

        /// Parses the whole document with one handler, in order.
        private mutating func startInOrder() {
            phase = .inOrder(
                ArrayInOrderParse(
                    sequence.input, options: sequence.options, handler: sequence.makeHandler(wholeBlock())))
        }

        /// A block whose events are the whole document's.
        private mutating func wholeBlock() -> JSONArrayBlock {
            JSONArrayBlock(index: nextBlockIndex(), path: sequence.path, elements: nil, placement: .document)
        }
    }
}
