import Foundation
import Sift

/// The asynchronous `values(at:)` against the synchronous query on the same input: the strings
/// at one path, from a file and from a `String`.
///
/// The file is written once, untimed, to the temporary directory. The asynchronous contenders
/// run their task on the measuring thread (``CurrentThreadExecutor``), so both clocks see their
/// parse; the file's reads happen on Sift's reading thread, which the CPU clock does not count
/// (the synchronous contenders' reads are counted: a few percent of the work, in page cache).
/// Every Sift contender fingerprints the same strings, in document order.
enum AsyncInputScenarios: ScenarioFamily {
    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.compactMap { dataset in
            guard !dataset.isStreamOnly, let query = PathScenarios.queries[dataset.name] else { return nil }
            return Scenario(
                name: "async-input/\(dataset.name)",
                summary:
                    "collect the strings at \(query.path) in \(dataset.origin): values(at:) against the sync query",
                dataset: dataset, access: .inMemory,
                contenders: [
                    TokenizerContenders.floor,
                    contender("sift sync file", path: query.path, form: .syncFile),
                    contender("sift async file", path: query.path, form: .asyncFile),
                    contender("sift sync string", path: query.path, form: .syncString),
                    contender("sift async string", path: query.path, form: .asyncString),
                ])
        }
    }

    /// How a contender reads the input.
    enum Form {
        case syncFile, asyncFile, syncString, asyncString
    }

    static func contender(_ name: String, path: String, form: Form) -> Contender {
        Contender(name: name, role: .sift, checksumKind: OnePathQuery.kind) { input in
            let typed = try JSONPath(path).string
            let source: JSONInput
            switch form {
            case .syncFile, .asyncFile:
                let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "sift-bench-async-\(input.dataset.name)")
                try input.data.write(to: url)
                source = .file(url.path)
            case .syncString, .asyncString:
                source = .string(String(decoding: input.data, as: UTF8.self))
            }
            let count = input.data.count
            let body = {
                var fingerprint = Fingerprint()
                switch form {
                case .syncFile, .syncString:
                    for string in try JSONQuery.collect(typed, from: source) { fingerprint.add(string) }
                case .asyncFile, .asyncString:
                    fingerprint = try CurrentThreadExecutor.run {
                        var fingerprint = Fingerprint()
                        for try await string in source.values(at: typed) { fingerprint.add(string) }
                        return fingerprint
                    }
                }
                return RunResult(bytes: count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }
}

/// Runs a task's jobs on the calling thread, so that the bench's clock sees the work of
/// asynchronous code as it sees synchronous code.
///
/// ```swift
/// let count = try CurrentThreadExecutor.run { try await countValues() }
/// ```
final class CurrentThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isDone = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `body` to its end, every job of its task on this thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let executor = CurrentThreadExecutor()
        let outcome = OutcomeBox<T>()
        Task(executorPreference: executor) {
            do {
                outcome.result = .success(try await body())
            } catch {
                outcome.result = .failure(error)
            }
            executor.finish()
        }
        executor.runJobs()
        guard let result = outcome.result else { throw BenchError("the task did not finish") }
        return try result.get()
    }

    private func finish() {
        condition.lock()
        isDone = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !isDone { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            let done = isDone
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if done && batch.isEmpty { return }
        }
    }
}

/// The result of a task, written by the task and read after it finished.
final class OutcomeBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
