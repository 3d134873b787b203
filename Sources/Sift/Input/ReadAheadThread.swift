import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file or descriptor on a thread of its own, at most ``capacity`` chunks ahead of the
/// task that consumes them, so that a blocking `read` never occupies a thread of Swift's
/// cooperative pool.
///
/// Why a dedicated thread that polls, rather than the alternatives:
/// - Reading inside `async` code (what Sift did before) blocks a cooperative thread for as long
///   as a pipe stays quiet, and a cancelled task cannot end the wait.
/// - Non-blocking reads would need `O_NONBLOCK`, a flag of the *open file description*: set on
///   standard input it changes the descriptor under the shell and every other process sharing
///   it, and regular files ignore it anyway. Sift reads descriptors it does not own, so it
///   leaves their flags alone.
/// - Sift depends on yajl only: no NIO thread pool. A `DispatchQueue` would park a blocked read
///   on one of Dispatch's limited worker threads; a `Thread` of our own has a plain lifetime.
///
/// The thread waits in `poll(2)` on the descriptor and on a wake-up pipe; ``cancel()`` writes to
/// that pipe, so a read that would block on an idle pipe or terminal ends at once and the thread
/// exits (closing the file it opened). Between the thread and the consumer, a bounded hand-off:
/// the thread reads ahead while the consumer parses, and waits when ``capacity`` chunks are
/// ready, so memory stays at a few chunks whatever the input's length.
///
/// ```swift
/// let reading = ReadAheadThread(InputChunkReader(.standardInput))
/// defer { reading.cancel() }
/// while let chunk = try await reading.next() { try tokenizer.feed(chunk) }
/// ```
final class ReadAheadThread: @unchecked Sendable {
    /// The most chunks read ahead of the consumer.
    static let capacity = 2

    /// The number of reading threads running (for tests: a stopped iteration leaves none).
    package static let runningThreads = Atomic<Int>(0)

    private enum Outcome {
        case chunk([UInt8])
        case end
        case failure(JSONParseError)
        case cancelled
        case pending
    }

    /// Used by the reading thread once started (before that, only here and in `deinit`).
    private let reader: InputChunkReader
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var ready: [[UInt8]] = []
    private var end: Result<Void, JSONParseError>?
    private var waiter: UnsafeContinuation<[UInt8]?, any Error>?
    private var isStarted = false
    private var isCancelled = false
    private var wakeWriteEnd: Int32 = -1

    init(_ reader: InputChunkReader) {
        self.reader = reader
    }

    // MARK: Consumer

    /// The next chunk, waiting for the reading thread when none is ready; nil at the end.
    ///
    /// Throws the reader's ``JSONParseError`` once (then returns nil), or `CancellationError`
    /// as soon as the task is cancelled.
    func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> [UInt8]? {
        if Task.isCancelled {
            cancel()
            throw CancellationError()
        }
        let outcome = takeNow()
        if case .pending = outcome {
            return try await withTaskCancellationHandler {
                try await withUnsafeThrowingContinuation { continuation in
                    condition.lock()
                    let outcome = take()
                    if case .pending = outcome {
                        waiter = continuation
                        condition.unlock()
                    } else {
                        condition.unlock()
                        Self.resume(continuation, with: outcome)
                    }
                }
            } onCancel: {
                cancel()
            }
        }
        return try Self.value(of: outcome)
    }

    /// Stops the reading thread (a `read` waiting on a quiet pipe included) and fails a waiting
    /// ``next(isolation:)`` with `CancellationError`.
    func cancel() {
        condition.lock()
        isCancelled = true
        condition.broadcast()
        let waiter = self.waiter
        self.waiter = nil
        if wakeWriteEnd >= 0 {
            var byte: UInt8 = 1
            _ = write(wakeWriteEnd, &byte, 1)
        }
        condition.unlock()
        waiter?.resume(throwing: CancellationError())
    }

    /// What the consumer gets now.
    private func takeNow() -> Outcome {
        condition.lock()
        defer { condition.unlock() }
        return take()
    }

    /// What the consumer gets now; called with the lock held.
    private func take() -> Outcome {
        if !isStarted { start() }
        if !ready.isEmpty {
            condition.signal()
            return .chunk(ready.removeFirst())
        }
        if isCancelled { return .cancelled }
        guard let end else { return .pending }
        // A failure is thrown once; after it the sequence ends.
        self.end = .success(())
        switch end {
        case .success: return .end
        case .failure(let error): return .failure(error)
        }
    }

    private static func value(of outcome: Outcome) throws -> [UInt8]? {
        switch outcome {
        case .chunk(let chunk): return chunk
        case .end, .pending: return nil
        case .failure(let error): throw error
        case .cancelled: throw CancellationError()
        }
    }

    private static func resume(_ continuation: UnsafeContinuation<[UInt8]?, any Error>, with outcome: Outcome) {
        continuation.resume(with: Result { try value(of: outcome) })
    }

    // MARK: Reading thread

    /// Starts the reading thread; called with the lock held.
    private func start() {
        isStarted = true
        var ends: [Int32] = [-1, -1]
        // Without a wake-up pipe (no descriptors left), cancellation waits for the next read.
        if pipe(&ends) == 0 {
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        }
        wakeWriteEnd = ends[1]
        let wakeReadEnd = ends[0]
        let thread = Thread { [self] in
            Self.runningThreads.add(1, ordering: .relaxed)
            defer { Self.runningThreads.subtract(1, ordering: .relaxed) }
            let outcome = readAll(wakeReadEnd: wakeReadEnd)
            reader.close()
            finish(outcome, wakeReadEnd: wakeReadEnd)
        }
        thread.name = "Sift input reader"
        thread.start()
    }

    /// Reads until the end, a failure or cancellation.
    private func readAll(wakeReadEnd: Int32) -> Result<Void, JSONParseError> {
        while true {
            condition.lock()
            while ready.count >= Self.capacity && !isCancelled { condition.wait() }
            let stops = isCancelled
            condition.unlock()
            if stops { return .success(()) }
            var failure: JSONParseError?
            let chunk = [UInt8](unsafeUninitializedCapacity: JSONInput.readAheadChunkSize) { buffer, count in
                count = 0
                do throws(JSONParseError) {
                    let descriptor = try reader.openedDescriptor()
                    guard Self.waitUntilReadable(descriptor, wakeReadEnd: wakeReadEnd) else { return }
                    count = try reader.read(into: UnsafeMutableRawBufferPointer(buffer))
                } catch {
                    failure = error
                }
            }
            if let failure { return .failure(failure) }
            if chunk.isEmpty { return .success(()) }
            deliver(chunk)
        }
    }

    /// Waits until `descriptor` can be read without blocking (data, its end, or an error that
    /// `read` will report); false when woken up to stop.
    private static func waitUntilReadable(_ descriptor: Int32, wakeReadEnd: Int32) -> Bool {
        guard wakeReadEnd >= 0 else { return true }
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let result = poll(&watched, 2, -1)
            if result < 0 && errno == EINTR { continue }
            // A failing poll leaves the verdict to `read`.
            return watched[1].revents == 0
        }
    }

    /// Hands a chunk to a waiting consumer, or queues it.
    private func deliver(_ chunk: [UInt8]) {
        condition.lock()
        if let waiter {
            self.waiter = nil
            condition.unlock()
            waiter.resume(returning: chunk)
        } else {
            ready.append(chunk)
            condition.unlock()
        }
    }

    /// Records how the reading ended, wakes a waiting consumer and closes the wake-up pipe.
    private func finish(_ outcome: Result<Void, JSONParseError>, wakeReadEnd: Int32) {
        condition.lock()
        if wakeReadEnd >= 0 { systemClose(wakeReadEnd) }
        if wakeWriteEnd >= 0 { systemClose(wakeWriteEnd) }
        wakeWriteEnd = -1
        let waiter = self.waiter
        self.waiter = nil
        end = waiter == nil ? outcome : .success(())
        condition.unlock()
        guard let waiter else { return }
        waiter.resume(with: outcome.map { nil }.mapError { $0 as any Error })
    }
}
