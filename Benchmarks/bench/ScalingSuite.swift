import Foundation

/// Runs `bench --scaling`: every public entry point on generated inputs of N and 4N units.
///
/// Each case prints the growth factor of its time (about 4 when the cost is linear, 16 when it is
/// quadratic); a factor above ``ScalingResult/flaggedFactor`` is flagged. Child processes (the `sift` commands) also
/// report their peak RSS at both sizes, which stays flat where nothing is kept.
///
/// It is a benchmark, not a test: the exit status is 1 only when a case fails (an error, a crash
/// of a child), never for a factor, since a noisy machine can stretch any one run.
///
/// ```sh
/// swift run -c release bench --scaling                   # N = 8 MB (deep nesting: 250 000 levels)
/// swift run -c release bench --scaling --quick           # N = 1 MB, one round: a smoke test
/// swift run -c release bench --scaling --filter cli      # only the sift commands
/// ```
enum ScalingSuite {
    /// Runs the selected cases and prints one row each; returns the exit status.
    static func run(_ options: BenchOptions) -> Int32 {
        let cases = ScalingCases.all.filter { scalingCase in
            options.filters.isEmpty || options.filters.contains { scalingCase.name.contains($0) }
        }
        guard !cases.isEmpty else {
            BenchSuite.printError(
                "bench: error: no scaling case matches --filter \(options.filters.joined(separator: ", "))")
            return 2
        }
        if options.listsScenarios {
            for scalingCase in cases { print("\(scalingCase.name): \(scalingCase.input)") }
            return 0
        }
        if ChildProcess.siftExecutable == nil {
            print(
                "note: the cli cases are left out: build the release sift first (swift build -c release --product sift)"
            )
        }
        let rounds = options.rounds ?? (options.isQuick ? 1 : 3)
        print(
            "Scaling: the median of \(rounds) run(s) at N and at 4N; time(4N)/time(N) is about 4 when linear, 16 when quadratic."
        )
        print(header)
        var results: [ScalingResult] = []
        for scalingCase in cases where ChildProcess.siftExecutable != nil || !scalingCase.name.hasPrefix("cli ") {
            let result = measure(scalingCase, quick: options.isQuick, rounds: rounds)
            results.append(result)
            print(row(result))
            fflush(nil)
        }
        let flagged = results.filter(\.isFlagged)
        let failed = results.filter { $0.failure != nil }
        print("")
        if flagged.isEmpty {
            print("No case grew faster than ×\(Int(ScalingResult.flaggedFactor)) from N to 4N.")
        } else {
            print(
                "Grew faster than ×\(Int(ScalingResult.flaggedFactor)) (flagged !): \(flagged.map(\.name).joined(separator: ", "))"
            )
        }
        if !failed.isEmpty { print("Failed: \(failed.map(\.name).joined(separator: ", "))") }
        return failed.isEmpty ? 0 : 1
    }

    /// Times `scalingCase` at N and 4N.
    static func measure(_ scalingCase: ScalingCase, quick: Bool, rounds: Int) -> ScalingResult {
        let size = scalingCase.size(quick: quick)
        var result = ScalingResult(
            name: scalingCase.name, input: scalingCase.input, unit: scalingCase.unit, size: size, seconds: (0, 0))
        do {
            let small = try timing(scalingCase, size: size, rounds: rounds)
            let large = try timing(scalingCase, size: 4 * size, rounds: rounds)
            result.seconds = (small.seconds, large.seconds)
            if let smallPeak = small.peakRSS, let largePeak = large.peakRSS { result.peakRSS = (smallPeak, largePeak) }
        } catch {
            result.failure = "\(error)"
        }
        return result
    }

    /// The median time of `rounds` runs at `size` (after one warm-up run when there are several),
    /// and the largest peak RSS they reported.
    private static func timing(_ scalingCase: ScalingCase, size: Int, rounds: Int) throws -> (
        seconds: Double, peakRSS: Int?
    ) {
        let work = try scalingCase.prepare(size)
        defer { work.cleanUp() }
        if rounds > 1 { _ = try work.run() }
        var times: [Double] = []
        var peak: Int?
        for _ in 0..<rounds {
            let start = ClockReading.now()
            let reported = try work.run()
            times.append((ClockReading.now() - start).wall)
            if let reported { peak = max(peak ?? 0, reported) }
        }
        times.sort()
        return (times[times.count / 2], peak)
    }

    static let header = [
        pad("case", 30), pad("N", 10), pad("time N", 10), pad("time 4N", 10), pad("growth", 8), "peak RSS N → 4N",
    ].joined(separator: " ")

    static func row(_ result: ScalingResult) -> String {
        let size = result.unit == .bytes ? BenchReport.byteCount(result.size) : "\(result.size) lv"
        guard result.failure == nil else {
            return [pad(result.name, 30), pad(size, 10), "FAILED: \(result.failure ?? "")"].joined(separator: " ")
        }
        let memory = result.peakRSS.map { "\(BenchReport.byteCount($0.small)) → \(BenchReport.byteCount($0.large))" }
        return [
            pad(result.name, 30), pad(size, 10), pad(seconds(result.seconds.small), 10),
            pad(seconds(result.seconds.large), 10),
            pad(String(format: "×%.1f", result.factor) + (result.isFlagged ? " !" : ""), 8),
            memory ?? "",
        ].joined(separator: " ")
    }

    private static func seconds(_ value: Double) -> String {
        value < 1 ? String(format: "%.0f ms", value * 1000) : String(format: "%.2f s", value)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
