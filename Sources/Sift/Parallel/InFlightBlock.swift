import Synchronization

/// A block being parsed by a ``LineBlockWorkers`` thread, and its outcome once parsed.
final class InFlightBlock<Output: Sendable>: Sendable {
    let block: JSONLineBlock
    private let state = Mutex<State>(State())

    /// The outcome, or the consumer waiting for it.
    private struct State: ~Copyable {
        var outcome: LineBlockOutcome<Output>?
        var waiter: UnsafeContinuation<LineBlockOutcome<Output>, Never>?
    }

    /// Whether the parse has ended (its outcome can be taken without waiting).
    var isDone: Bool { state.withLock { $0.outcome != nil } }

    /// Submits the parse of `block` to `workers`, skipping invalid lines when `skipsInvalidLines`.
    init<Handler: JSONLineHandler>(
        _ block: JSONLineBlock, options: JSONParserOptions, skipsInvalidLines: Bool, workers: LineBlockWorkers,
        makeHandler: @escaping @Sendable (JSONLineBlock) -> Handler
    ) where Handler.Output == Output {
        self.block = block
        workers.submit { [self] in
            complete(
                skipsInvalidLines
                    ? LineBlockOutcome.parseSkippingInvalidLines(block, options: options, makeHandler: makeHandler)
                    : LineBlockOutcome.parse(block, options: options, makeHandler: makeHandler))
        }
    }

    /// A piece of a line longer than a block (``JSONLineBlock/isPartOfLongLine``), which is not
    /// parsed on its own: its outcome is ``LineBlockOutcome/unfinished`` at once, so that it is
    /// read in order with the blocks after it.
    init(partOfLongLine block: JSONLineBlock) {
        self.block = block
        state.withLock { $0.outcome = .unfinished }
    }

    /// The outcome, waiting for the parse to end.
    var outcome: LineBlockOutcome<Output> {
        get async {
            await withUnsafeContinuation { continuation in
                let ready = state.withLock { state -> LineBlockOutcome<Output>? in
                    if let outcome = state.outcome { return outcome }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }

    private func complete(_ outcome: LineBlockOutcome<Output>) {
        let waiter = state.withLock { state in
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}
