import DequeModule
import Foundation

/// The threads that parse the blocks of one ``JSONLineOutputs`` iteration: up to `count`
/// threads of their own, started as blocks come and ended with ``shutDown()``.
///
/// Parsing a block is long work that never waits; on Swift's cooperative threads it would hold
/// them while the consumer's task, which reads the input chunk by chunk and hands the outputs
/// out, waited behind it after every chunk, and the blocks would be read no faster than one is
/// parsed. On threads of their own, the parses leave the cooperative threads to the consumer.
///
/// ```swift
/// let workers = LineBlockWorkers(count: 4)
/// defer { workers.shutDown() }
/// workers.submit { parse(block) }
/// ```
final class LineBlockWorkers: @unchecked Sendable {
    private let count: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var jobs: Deque<@Sendable () -> Void> = []
    private var started = 0
    private var idle = 0
    private var isShutDown = false

    init(count: Int) {
        self.count = max(count, 1)
    }

    /// Runs `job` on a worker thread, after the jobs submitted before it have started.
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard !isShutDown else { return }
        jobs.append(job)
        condition.signal()
        // A new thread when the idle ones cannot take every waiting job.
        if jobs.count > idle && started < count {
            started += 1
            let thread = Thread { [self] in run() }
            thread.name = "sift-lines-\(started)"
            thread.start()
        }
    }

    /// Drops the jobs not yet started (their blocks are not wanted any more).
    func dropPending() {
        condition.lock()
        jobs.removeAll()
        condition.unlock()
    }

    /// Drops the jobs not yet started and lets every thread end once its job is done.
    func shutDown() {
        condition.lock()
        isShutDown = true
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// A worker thread: runs jobs until shut down.
    private func run() {
        condition.lock()
        while true {
            while jobs.isEmpty && !isShutDown {
                idle += 1
                condition.wait()
                idle -= 1
            }
            guard let job = jobs.popFirst() else { break }
            condition.unlock()
            job()
            condition.lock()
        }
        condition.unlock()
    }
}

extension LineBlockWorkers {
    /// The worker threads of an iteration, shut down when the iteration is dropped.
    final class Owner: Sendable {
        let threads: LineBlockWorkers

        init(_ threads: LineBlockWorkers) {
            self.threads = threads
        }

        deinit {
            threads.shutDown()
        }
    }
}
