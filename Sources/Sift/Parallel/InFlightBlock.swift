import Synchronization

/// A block being parsed by a ``LineBlockWorkers`` thread, and its outcome once parsed: a
/// ``JSONLineBlock`` of ``JSONLineOutputs``, or a block of array elements of
/// ``JSONArrayOutputs``.
final class InFlightBlock<Block: Sendable, Output: Sendable>: Sendable {
    let block: Block
    private let state = Mutex<State>(State())

    /// The outcome, or the consumer waiting for it.
    private struct State: ~Copyable {
        var outcome: LineBlockOutcome<Output>?
        var waiter: UnsafeContinuation<LineBlockOutcome<Output>, Never>?
    }

    /// Whether the parse has ended (its outcome can be taken without waiting).
    var isDone: Bool { state.withLock { $0.outcome != nil } }

    /// Submits `parse` of `block` to `workers`.
    init(
        _ block: Block, workers: LineBlockWorkers,
        parse: @escaping @Sendable (Block) -> LineBlockOutcome<Output>
    ) {
        self.block = block
        workers.submit { [self] in complete(parse(block)) }
    }

    /// A block whose outcome is known without a parse.
    init(_ block: Block, outcome: LineBlockOutcome<Output>) {
        self.block = block
        state.withLock { $0.outcome = outcome }
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
