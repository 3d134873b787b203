import Foundation

// The scenario registry: how a benchmark is described.
//
// A *scenario* is one piece of work over one dataset (`parse/twitter.json`,
// `stream/hub-feed-1gb`). Its *contenders* each do that work their own way (yajl with empty
// callbacks, the Sift tokenizer, Foundation). The runner measures every contender on the same
// bytes, interleaved round-robin, and runs each one once more in a child process for its peak RSS.
//
// To add scenarios, write a `ScenarioFamily` in your own file and list it in
// `ScenarioRegistry.families`. Planned families (not implemented yet, their engines are being
// written) are listed there with what they should measure.

/// What a contender stands for in the ratio columns.
enum ContenderRole: String, Codable {
    /// yajl with empty C callbacks: the fastest anything built on yajl can go.
    case floor
    /// A Sift code path: the thing being measured.
    case sift
    /// A Foundation way of doing the same work (the first one is the Foundation reference).
    case foundation
    /// simdjson On-Demand answering the same query on the same bytes: the physical-limit anchor.
    case anchor
}

/// What one run did: how many input bytes it processed (the MB/s numerator) and a value that
/// depends on all of its work, so that it cannot be optimised away.
struct RunResult {
    var bytes: Int
    var checksum: UInt64
    /// What a child process measured of itself, when the run was one: its elapsed and CPU time
    /// replace the runner's stopwatch, and its peak RSS is the contender's.
    var process: ChildProcess.Run? = nil
}

/// Measures one run, minus the time spent in ``excluding(_:)`` (producing streamed input, for
/// example), so that a contender's number is its own work only.
struct Stopwatch {
    /// Time spent in ``excluding(_:)`` so far, on both clocks.
    private(set) var excluded = ClockReading.zero

    /// Runs `body` without counting its time.
    mutating func excluding<T>(_ body: () throws -> T) rethrows -> T {
        let start = ClockReading.now()
        defer { excluded += ClockReading.now() - start }
        return try body()
    }
}

/// A contender set up over one input, ready to run repeatedly.
struct PreparedRun {
    /// Does the work once.
    ///
    /// Called for the warm-up, every measured round and the memory child.
    var run: (inout Stopwatch) throws -> RunResult
    /// Computes, once and untimed, a checksum that must equal the one of every other contender of
    /// the same ``Contender/checksumKind`` in the scenario.
    ///
    /// Nil when the contender has no kind.
    var verify: (() throws -> UInt64)?
}

/// One way of doing a scenario's work.
struct Contender: Sendable {
    /// The name in the table: `yajl floor`, `sift events`, `JSONSerialization`.
    var name: String
    var role: ContenderRole
    /// Contenders of one scenario with the same kind compute the same thing; their
    /// ``PreparedRun/verify`` checksums are compared before anything is timed.
    var checksumKind: String?
    /// Sets up over the input (untimed): converts data, allocates, compiles queries.
    var prepare: @Sendable (ScenarioInput) throws -> PreparedRun
}

/// How a scenario reads its dataset.
enum InputAccess: Equatable {
    /// The whole dataset is loaded once before the scenario; contenders read ``ScenarioInput/data``.
    case inMemory
    /// Contenders pull chunks of this size from ``ScenarioInput/dataset`` as they go.
    case streamed(chunkSize: Int)
    /// Contenders are child processes reading the dataset from a file (already in the page cache
    /// after the warm-up) or from standard input redirected from it.
    case file
}

/// What a contender is prepared over.
struct ScenarioInput {
    let dataset: Dataset
    let access: InputAccess
    /// The dataset's bytes when ``access`` is ``InputAccess/inMemory``, else empty.
    let data: Data
}

/// One piece of work over one dataset, done by several contenders.
struct Scenario {
    /// `group/dataset`, unique: `parse/twitter.json`.
    var name: String
    /// One line for the report: what is being done.
    var summary: String
    var dataset: Dataset
    var access: InputAccess
    var contenders: [Contender]
    /// The clock of this scenario's MB/s and ratios when it is not the run's: the command-line
    /// scenarios are always ratioed by elapsed time, the time a user waits for a process.
    var clock: BenchClock? = nil
    /// Removes what the contenders left behind (a generated file), once the scenario is measured.
    var cleanUp: (() -> Void)? = nil
}

/// A set of related scenarios, built from the run's datasets.
///
/// ```swift
/// enum PathScenarios: ScenarioFamily {
///     static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
///         datasets.filter { !$0.queryPaths.isEmpty }.map { dataset in
///             Scenario(name: "path/\(dataset.name)", summary: "one path", dataset: dataset,
///                      access: .inMemory, contenders: [TokenizerContenders.floor, …])
///         }
///     }
/// }
/// ```
protocol ScenarioFamily {
    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario]
}

/// Every scenario family of `bench`, in report order.
enum ScenarioRegistry {
    static var families: [any ScenarioFamily.Type] {
        [
            ParseScenarios.self,
            StreamScenarios.self,
            PathScenarios.self,
            AsyncInputScenarios.self,
            MultiPathScenarios.self,
            FilterScenarios.self,
            NDJSONScenarios.self,
            CodableScenarios.self,
            HubScenarios.self,
            MappingScenarios.self,
            SchemaScenarios.self,
            CommandLineScenarios.self,
            ParallelScenarios.self,
        ]
    }

    /// Every scenario over the run's datasets, in report order.
    static func scenarios(for options: BenchOptions) throws -> [Scenario] {
        let datasets = try DatasetCatalog.datasets(for: options)
        return families.flatMap { $0.scenarios(over: datasets, options: options) }
    }
}
