import Foundation

extension ScalingCases {
    /// The `sift` commands, run as child processes on generated files (and the long string on
    /// standard input), each with its peak RSS at N and 4N.
    static var commandLine: [ScalingCase] {
        [
            command("cli query/hub-feed", input: "sift query '$.body[*].text.title' FILE", ScalingInputs.hubFeed) {
                ["query", "$.body[*].text.title", $0]
            },
            command(
                "cli query --lines/ndjson", input: "sift query --lines --jobs 1 '$.text.title' FILE",
                ScalingInputs.hubLines
            ) {
                ["query", "--lines", "--jobs", "1", "$.text.title", $0]
            },
            command("cli query ../hub-feed", input: "sift query '$..uri' FILE", ScalingInputs.hubFeed) {
                ["query", "$..uri", $0]
            },
            command("cli hub/hub-feed", input: "sift hub FILE", ScalingInputs.hubFeed) { ["hub", $0] },
            command("cli validate/hub-feed", input: "sift validate FILE", ScalingInputs.hubFeed) { ["validate", $0] },
            command(
                "cli query/long string stdin", input: "sift query '$.other' < FILE (one long string)",
                ScalingInputs.longString, onStandardInput: true
            ) { _ in ["query", "$.other"] },
            command(
                "cli validate/deep", input: "sift validate --max-depth LEVELS FILE", ScalingInputs.deepArrays,
                unit: .levels, baseSize: 250_000
            ) { ["validate", "--max-depth", "4000000", $0] },
            command(
                "cli query $/deep", input: "sift query --max-depth LEVELS '$' FILE: a clean error past 2048 levels",
                ScalingInputs.deepArrays, unit: .levels, baseSize: 250_000, acceptedStatuses: [0, 1]
            ) { ["query", "--max-depth", "4000000", "$", $0] },
            command("cli query ..x/tiny matches", input: "sift query '$..x' FILE", ScalingInputs.tinyMatches) {
                ["query", "$..x", $0]
            },
        ]
    }

    /// A case that writes the input to a file, then runs the release `sift` with the arguments
    /// `arguments(path)` (reading the file itself, or from standard input); a run ends with one
    /// of `acceptedStatuses`, never a signal.
    static func command(
        _ name: String, input: String, _ make: @escaping (Int) -> [UInt8], unit: ScalingCase.Unit = .bytes,
        baseSize: Int = 8_000_000, onStandardInput: Bool = false, acceptedStatuses: Set<Int32> = [0],
        _ arguments: @escaping (String) -> [String]
    ) -> ScalingCase {
        ScalingCase(name: name, input: input, unit: unit, baseSize: baseSize) { size in
            guard let sift = ChildProcess.siftExecutable else { throw BenchError("the release sift is not built") }
            let url = try ScalingInputs.file(make(size), named: "cli.json")
            var child = ChildProcess(
                executable: sift, arguments: arguments(url.path), input: onStandardInput ? url : nil)
            child.acceptedStatuses = acceptedStatuses
            return ScalingWork(
                reportingMemory: { try child.run().peakRSSBytes }, cleanUp: { ScalingInputs.remove(url) })
        }
    }
}
