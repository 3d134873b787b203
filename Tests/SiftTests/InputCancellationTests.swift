import Foundation
import Testing

@testable import Sift

/// Cancelling a task that iterates `values(at:)` ends the loop with `CancellationError` at once,
/// whatever the input: a file, a pipe that stays open and quiet, memory, a caller's own chunks.
@Suite struct InputCancellationTests {
    /// The most a cancelled loop may take to end here; the reader ends in well under 100 ms, the
    /// bound only guards against a loop that waits for its input (which would never end), so it
    /// is wide enough for a machine loaded by other suites and builds (2 s was once exceeded).
    static let bound = Duration.seconds(10)

    /// Runs the iterating tasks, so that the time they take to end is theirs, not the time other
    /// suites keep Swift's cooperative threads busy.
    static let executor = DedicatedThreadExecutor()

    /// `[0,1,2,...]` of about 6 MB.
    static let bigArray: [UInt8] = Array(("[" + (0..<1_000_000).map(String.init).joined(separator: ",") + "]").utf8)

    /// Iterates `values` in a task that cancels itself after the first value; returns how the
    /// loop ended and how long it took after the cancellation.
    static func cancelAfterFirstValue<S: AsyncSequence & SendableMetatype>(
        _ values: @escaping @Sendable () -> S
    ) async -> (error: (any Error)?, elapsed: Duration) {
        let task = Task(executorPreference: executor) { () async -> (error: (any Error)?, elapsed: Duration) in
            let cancelled = Instant()
            var count = 0
            do {
                for try await _ in values() {
                    count += 1
                    if count == 1 {
                        cancelled.set()
                        withUnsafeCurrentTask { $0?.cancel() }
                    }
                }
                return (nil, cancelled.elapsed)
            } catch {
                return (error, cancelled.elapsed)
            }
        }
        return await task.value
    }

    @Test func aFileIterationEndsWithCancellationError() async throws {
        let url = try InputTests.temporaryFile(Self.bigArray)
        defer { try? FileManager.default.removeItem(at: url) }
        let path = url.path
        let outcome = await Self.cancelAfterFirstValue {
            JSONInput.file(path).values(at: JSONPath.root.forEach().integer)
        }
        #expect(outcome.error is CancellationError)
        #expect(outcome.elapsed < Self.bound)
    }

    @Test func aQuietOpenPipeIterationEndsWithCancellationError() async throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("[1,2,".utf8))
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let firstValue = Reports()
        let cancelled = Instant()
        let task = Task(executorPreference: Self.executor) { () async throws -> Duration in
            do {
                for try await value in JSONInput.fileDescriptor(descriptor).values(
                    at: JSONPath.root.forEach().integer)
                {
                    firstValue.append(value)
                }
            } catch is CancellationError {
                return cancelled.elapsed
            }
            throw CancellationTestError.notCancelled
        }
        // The reader now waits on the pipe, which stays open and quiet.
        while firstValue.values.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
        cancelled.set()
        task.cancel()
        #expect(try await task.value < Self.bound)
        #expect(await Self.readingThreadsEnd())
        try pipe.fileHandleForWriting.close()
    }

    @Test func anInMemoryIterationEndsWithCancellationError() async throws {
        for input in [JSONInput.bytes(Self.bigArray), .string(String(decoding: Self.bigArray, as: UTF8.self))] {
            let outcome = await Self.cancelAfterFirstValue { input.values(at: JSONPath.root.forEach().integer) }
            #expect(outcome.error is CancellationError)
            #expect(outcome.elapsed < Self.bound)
        }
    }

    @Test func aCallersEndlessChunksAreCheckedBetweenChunks() async throws {
        let outcome = await Self.cancelAfterFirstValue {
            EndlessArray().jsonValues(at: JSONPath.root.forEach().integer)
        }
        #expect(outcome.error is CancellationError)
        #expect(outcome.elapsed < Self.bound)

        let tokenizer = JSONTokenizer(handler: IgnoringHandler())
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await tokenizer.parse(EndlessArray())
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func aStoppedIterationStopsItsReadingThread() async throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("[1,2,".utf8))
        var iterator: JSONValueSequence<Int>.Iterator? = JSONInput.fileDescriptor(
            pipe.fileHandleForReading.fileDescriptor
        ).values(at: JSONPath.root.forEach().integer).makeAsyncIterator()
        #expect(try await iterator?.next() == 1)
        #expect(ReadAheadThread.runningThreads.load(ordering: .relaxed) >= 1)
        iterator = nil
        #expect(await Self.readingThreadsEnd())
        try pipe.fileHandleForWriting.close()
    }

    /// Whether every reading thread is gone within a few seconds.
    static func readingThreadsEnd() async -> Bool {
        for _ in 0..<200 {
            if ReadAheadThread.runningThreads.load(ordering: .relaxed) == 0 { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }
}

/// A loop that should have ended with `CancellationError` did not.
enum CancellationTestError: Error {
    case notCancelled
}

/// Runs the jobs of the tasks that prefer it on a thread of its own, for as long as the process
/// lives.
final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    init() {
        let thread = Thread { [self] in runJobs() }
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}

/// A moment recorded by one task and read by another.
final class Instant: @unchecked Sendable {
    private let lock = NSLock()
    private var moment: ContinuousClock.Instant?

    func set() { lock.withLock { moment = .now } }

    /// The time since ``set()`` (zero if it was never called).
    var elapsed: Duration {
        lock.withLock { moment.map { ContinuousClock.now - $0 } ?? .zero }
    }
}

/// `[0,0,0,...` forever, one small chunk at a time.
struct EndlessArray: AsyncSequence, Sendable {
    struct AsyncIterator: AsyncIteratorProtocol {
        var started = false

        mutating func next() async -> [UInt8]? {
            defer { started = true }
            return started ? Array("0,".utf8) : Array("[".utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
