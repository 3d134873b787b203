import Synchronization

/// How the parse of one block on its own ended, and what its committed values produced.
enum LineBlockOutcome<Output: Sendable>: Sendable {
    /// Every value of the block parsed.
    case complete(Output)
    /// The handler stopped the parse (``JSONEventContext/stopParsing()``): nothing after it counts.
    case stopped(Output)
    /// The block failed: the output of the values before the failure, and the failure, placed in
    /// the whole input.
    case failed(Output, JSONParseError)
    /// The block ends inside a value that goes on in the next block: the block must be parsed
    /// again together with what follows.
    case unfinished

    /// Parses `block` on its own with the handler `makeHandler` makes for it.
    static func parse<Handler: JSONLineHandler>(
        _ block: JSONLineBlock, options: JSONParserOptions, makeHandler: (JSONLineBlock) -> Handler
    ) -> LineBlockOutcome<Handler.Output> where Handler.Output == Output {
        let tokenizer = JSONTokenizer(options: options, handler: CommittingHandler(makeHandler(block)))
        var finishing = false
        do throws(JSONParseError) {
            if block.isPrefixed { try tokenizer.feed(JSONLineBlock.prefix) }
            try tokenizer.feed(block.bytes)
            if tokenizer.isStopped {
                tokenizer.handler.base.commitValue()
                return .stopped(tokenizer.handler.base.takeCommitted())
            }
            finishing = true
            try tokenizer.finish()
        } catch {
            if finishing && error.kind == .incompleteInput { return .unfinished }
            return .failed(tokenizer.handler.base.takeCommitted(), block.placing(error))
        }
        return .complete(tokenizer.handler.base.takeCommitted())
    }
}

/// A block being parsed on a thread of its own, and whether it is done.
final class InFlightBlock<Output: Sendable>: Sendable {
    let block: JSONLineBlock
    let task: Task<LineBlockOutcome<Output>, Never>
    private let done: Arc
    /// Whether the parse has ended (its outcome can be awaited without waiting).
    var isDone: Bool { done.flag.load(ordering: .acquiring) }

    /// A flag shared with the task.
    final class Arc: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// Starts parsing `block` on a thread of the global pool.
    init<Handler: JSONLineHandler>(
        _ block: JSONLineBlock, options: JSONParserOptions,
        makeHandler: @escaping @Sendable (JSONLineBlock) -> Handler
    ) where Handler.Output == Output {
        self.block = block
        let done = Arc()
        self.done = done
        task = Task.detached {
            let outcome = LineBlockOutcome.parse(block, options: options, makeHandler: makeHandler)
            done.flag.store(true, ordering: .releasing)
            return outcome
        }
    }
}
