import Foundation

/// Everything one run of `bench` measured, printed as a table for people or as JSON for machines.
struct BenchReport: Encodable {
    /// What the numbers were measured on.
    struct Machine: Encodable {
        var cpu: String
        var cores: Int
        var system: String
        var build: String
        var date: String

        static func current() -> Machine {
            var cpu = "unknown CPU"
            if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
                let colon = line.firstIndex(of: ":")
            {
                cpu = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            #if DEBUG
                let build = "debug"
            #else
                let build = "release"
            #endif
            return Machine(
                cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
                system: ProcessInfo.processInfo.operatingSystemVersionString, build: build,
                date: ISO8601DateFormatter().string(from: Date()))
        }
    }

    var machine = Machine.current()
    var quick: Bool
    /// The clock of the table's MB/s and of the ratios (both clocks are in the JSON).
    var clock: BenchClock
    var policy: BenchRunner.Policy
    /// Peak RSS of a child that runs nothing: the runtime's own share of every peak.
    var idleChildPeakRSSBytes: Int?
    /// The scenarios measured by elapsed time whatever ``clock`` is (whole processes).
    var elapsedTimeScenarios: [String] = []
    var scenarios: [ScenarioResult] = []

    // MARK: JSON

    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    // MARK: Table

    private static let columns: [(title: String, width: Int, leftAligned: Bool)] = [
        ("scenario", 39, true), ("input", 9, false), ("contender", 19, true), ("MB/s", 9, false),
        ("min–max", 16, false), ("× floor", 8, false), ("× simdjson", 11, false), ("× Foundation", 13, false),
        ("peak RSS", 11, false),
    ]

    /// The lines above the table.
    var tableHeader: String {
        var lines = [
            "Sift bench: \(machine.build) build, \(machine.cpu), \(machine.cores) cores, \(machine.date)"
        ]
        if machine.build != "release" {
            lines.append("warning: a debug build; run `swift run -c release bench` for real numbers")
        }
        let rounds =
            policy.minimumRounds == policy.maximumRounds
            ? "\(policy.minimumRounds)" : "\(policy.minimumRounds)–\(policy.maximumRounds)"
        lines.append(
            "Per scenario: verification, \(policy.warmUpRuns) warm-up run, then \(rounds) rounds with every contender"
                + " once per round, round-robin. MB = 10^6 bytes.")
        lines.append(
            clock == .cpu
                ? "MB/s: input bytes per second of the measuring thread's CPU time (steady on a shared machine; --wall-clock for elapsed time)."
                : "MB/s: input bytes per second of elapsed (wall-clock) time.")
        if clock == .cpu && !elapsedTimeScenarios.isEmpty {
            lines.append(
                "Child processes (\(elapsedTimeScenarios.joined(separator: ", "))): MB/s and ratios by the elapsed time of"
                    + " the whole process, start-up included.")
        }
        lines.append(
            "Median and min–max over rounds. × floor / × simdjson / × Foundation: median over the yajl floor's / simdjson"
                + " On-Demand's (the same query, hand-written) / the scenario's first Foundation contender's median"
                + " (JSONSerialization where it runs).")
        if let idle = idleChildPeakRSSBytes {
            lines.append(
                "peak RSS: VmHWM of a child process running the contender once on its own input (an idle child: \(Self.byteCount(idle)))."
            )
        }
        lines.append("")
        lines.append(Self.row(Self.columns.map(\.title)))
        lines.append(String(repeating: "-", count: Self.columns.reduce(0) { $0 + $1.width + 1 } - 1))
        return lines.joined(separator: "\n")
    }

    /// The table rows of one scenario, with its problems below.
    static func tableRows(_ scenario: ScenarioResult, clock runClock: BenchClock) -> String {
        let clock = scenario.clock ?? runClock
        var lines: [String] = []
        for (index, contender) in scenario.contenders.enumerated() {
            let first = index == 0
            var cells = [
                first ? scenario.name : "", first ? byteCount(scenario.inputBytes) : "", contender.name,
            ]
            let throughput = contender.throughput(on: clock)
            if let median = throughput.medianMBps, let low = throughput.minimumMBps, let high = throughput.maximumMBps {
                cells += [
                    decimal(median), "\(decimal(low))–\(decimal(high))", contender.ratioToFloor.map(ratio) ?? "–",
                    contender.ratioToSimdjson.map(ratio) ?? "–", contender.ratioToFoundation.map(ratio) ?? "–",
                ]
            } else {
                cells += ["–", "–", "–", "–", "–"]
            }
            cells.append(contender.peakRSSBytes.map(byteCount) ?? "–")
            lines.append(row(cells))
            if let error = contender.error { lines.append(flagged("\(contender.name) failed: \(error)")) }
        }
        for problem in scenario.problems { lines.append(flagged(problem)) }
        return lines.joined(separator: "\n")
    }

    /// A problem below the rows, its continuation lines indented.
    private static func flagged(_ text: String) -> String {
        "    ! " + text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n      ")
    }

    private static func row(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            let padding = String(repeating: " ", count: max(column.width - cell.count, 0))
            return column.leftAligned ? cell + padding : padding + cell
        }.joined(separator: " ")
    }

    private static func decimal(_ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.1f", value)
    }

    private static func ratio(_ value: Double) -> String {
        String(format: "%.2f", value)
    }

    /// A size in decimal units: `26 B`, `631.5 kB`, `64.0 MB`.
    static func byteCount(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: "\(bytes) B"
        case ..<1_000_000: String(format: "%.1f kB", Double(bytes) / 1e3)
        default: String(format: "%.1f MB", Double(bytes) / 1e6)
        }
    }
}
