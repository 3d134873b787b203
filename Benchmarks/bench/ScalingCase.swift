import Foundation

/// One public entry point of Sift, measured on an input of N and of 4N units by `bench --scaling`
/// to show how its cost grows with the input: about 4 for linear cost, 16 for quadratic.
///
/// ```swift
/// ScalingCase(name: "events/hub-feed", input: "Hub feed") { size in
///     let bytes = [UInt8](HubFeedGenerator(size: size).makeData())   // untimed
///     return ScalingWork { _ = try JSONTokenizer.tokenize(.bytes(bytes)) }
/// }
/// ```
struct ScalingCase {
    /// What the size counts.
    enum Unit: String {
        case bytes
        /// Nesting levels of a deep document.
        case levels
    }

    /// `entry point/input`, unique: `events/hub-feed`, `cli query/long-string`.
    var name: String
    /// The input's shape, for the report.
    var input: String
    var unit = Unit.bytes
    /// The size N in ``unit`` for the full run; the quick run uses an eighth of it.
    var baseSize = 8_000_000
    /// Makes the input of `size` units (untimed) and returns the work to time over it.
    var prepare: (_ size: Int) throws -> ScalingWork

    /// N for this run.
    func size(quick: Bool) -> Int {
        quick ? max(baseSize / 8, 1) : baseSize
    }
}

/// The timed part of a ``ScalingCase``: one run of the entry point over a prepared input.
struct ScalingWork {
    /// Runs once and returns the child's peak RSS when the work is a child process, else nil.
    var run: () throws -> Int?
    /// Removes what ``ScalingCase/prepare`` left behind (temporary files).
    var cleanUp: () -> Void = {}

    /// In-process work: nothing to report but the time.
    init(_ body: @escaping () throws -> Void) {
        run = {
            try body()
            return nil
        }
    }

    /// Work that reports a peak RSS (a child process) and may leave files to remove.
    init(reportingMemory body: @escaping () throws -> Int?, cleanUp: @escaping () -> Void) {
        run = body
        self.cleanUp = cleanUp
    }
}

/// How one ``ScalingCase`` grew from N to 4N.
struct ScalingResult {
    /// Growth factors above this are flagged: linear cost gives about 4, quadratic 16.
    static let flaggedFactor = 8.0

    var name: String
    var input: String
    var unit: ScalingCase.Unit
    var size: Int
    /// Median seconds at N and at 4N.
    var seconds: (small: Double, large: Double)
    /// Peak RSS at N and 4N, for child processes.
    var peakRSS: (small: Int, large: Int)?
    /// Why the case could not be measured, if it could not.
    var failure: String?

    /// Time at 4N over time at N.
    var factor: Double { seconds.small > 0 ? seconds.large / seconds.small : 0 }

    var isFlagged: Bool { failure == nil && factor > Self.flaggedFactor }
}

extension PreparedRun {
    /// One run of a bench contender, timed by the caller.
    func runOnce() throws {
        var stopwatch = Stopwatch()
        _ = try run(&stopwatch)
    }
}
