import Foundation
import Sift
import Synchronization

/// The body components of a `JSONInput`, yielded one by one as their JSON objects close (made by
/// `HubSchema.components(in:)`).
///
/// The input (a file, standard input, bytes) is read with blocking reads, so it is parsed on a
/// thread of its own, never on the tasks of the caller; that thread stays at most a few components
/// ahead of the consumer and stops when the iteration stops or its task is cancelled.
///
/// ```swift
/// for try await component in HubSchema.default.components(in: .file("feed.json")) {
///     print(component.identifier)
/// }
/// ```
public struct ComponentModelStream: AsyncSequence, Sendable {
    /// Each element is one body component.
    ///
    /// ```swift
    /// let component: ComponentModel? = try await iterator.next()
    /// ```
    public typealias Element = ComponentModel

    let schema: HubSchema
    let input: JSONInput
    let options: JSONParserOptions

    /// Prepares an iteration; the input is read from the first call to ``AsyncIterator/next()``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: IteratorHandle(ComponentChannel(schema: schema, input: input, options: options)))
    }

    /// Waits for the next component from the reading thread.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: IteratorHandle

        /// The next body component, or nil at the end of the document.
        ///
        /// Throws the parse error of invalid JSON (after which it returns nil), or `CancellationError`
        /// when the task is cancelled.
        ///
        /// ```swift
        /// let component = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ComponentModel? {
            try await handle.channel.next()
        }
    }
}

/// Owned by an iterator (and its copies): when the last of them is gone, the reading stops.
final class IteratorHandle: Sendable {
    let channel: ComponentChannel

    init(_ channel: ComponentChannel) {
        self.channel = channel
    }

    deinit {
        channel.cancel()
    }
}

/// The hand-off between the thread that parses and the task that consumes: a bounded buffer, so
/// the parser blocks (on its own thread) when the consumer is behind.
final class ComponentChannel: @unchecked Sendable {
    private enum State {
        case idle, running, finished
    }

    /// The most components parsed ahead of the consumer.
    static let capacity = 16

    /// The number of reading threads running, for tests.
    static let runningThreads = Atomic<Int>(0)

    private let schema: HubSchema
    private let input: JSONInput
    private let options: JSONParserOptions
    private let condition = NSCondition()
    private var state = State.idle
    private var buffer: [ComponentModel] = []
    private var head = 0
    private var failure: (any Error)?
    private var waiter: CheckedContinuation<ComponentModel?, any Error>?
    private var cancelled = false

    init(schema: HubSchema, input: JSONInput, options: JSONParserOptions) {
        self.schema = schema
        self.input = input
        self.options = options
    }

    // MARK: Consumer

    func next() async throws -> ComponentModel? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                condition.lock()
                if state == .idle { start() }
                if head < buffer.count {
                    let component = buffer[head]
                    head += 1
                    if head == buffer.count {
                        buffer.removeAll(keepingCapacity: true)
                        head = 0
                    }
                    condition.signal()
                    condition.unlock()
                    continuation.resume(returning: component)
                } else if cancelled {
                    condition.unlock()
                    continuation.resume(throwing: CancellationError())
                } else if state == .finished {
                    let failure = self.failure
                    self.failure = nil
                    condition.unlock()
                    if let failure {
                        continuation.resume(throwing: failure)
                    } else {
                        continuation.resume(returning: nil)
                    }
                } else {
                    waiter = continuation
                    condition.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the reading thread (at its next component) and fails a waiting `next()`.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        let waiter = self.waiter
        self.waiter = nil
        condition.unlock()
        waiter?.resume(throwing: CancellationError())
    }

    /// Starts the reading thread; called with the lock held.
    private func start() {
        state = .running
        let schema = self.schema
        let input = self.input
        let options = self.options
        let thread = Thread { [self] in
            Self.runningThreads.add(1, ordering: .relaxed)
            defer { Self.runningThreads.subtract(1, ordering: .relaxed) }
            var outcome: (any Error)?
            do {
                try schema.forEachComponent(in: input, options: options) { component in
                    guard send(component) else { throw StreamStopped() }
                }
            } catch is StreamStopped {
            } catch {
                outcome = error
            }
            finish(outcome)
        }
        thread.start()
    }

    // MARK: Producer

    /// Hands a component to the consumer, waiting while the buffer is full; false when the
    /// consumer is gone.
    private func send(_ component: ComponentModel) -> Bool {
        condition.lock()
        while buffer.count - head >= Self.capacity && !cancelled {
            condition.wait()
        }
        if cancelled {
            condition.unlock()
            return false
        }
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: component)
        } else {
            buffer.append(component)
            condition.unlock()
        }
        return true
    }

    private func finish(_ failure: (any Error)?) {
        condition.lock()
        state = .finished
        let waiter = self.waiter
        self.waiter = nil
        if waiter == nil { self.failure = failure }
        condition.unlock()
        guard let waiter else { return }
        if let failure {
            waiter.resume(throwing: failure)
        } else {
            waiter.resume(returning: nil)
        }
    }
}

/// Thrown into the parse when the consumer is gone.
struct StreamStopped: Error {}
