import Foundation

/// A whole run of `bench`: picks the scenarios, loads each dataset once, measures, and prints.
enum BenchSuite {
    /// Runs the selected scenarios; returns the exit status (0 clean, 1 a problem, 2 usage).
    static func run(_ options: BenchOptions) throws -> Int32 {
        let scenarios = try ScenarioRegistry.scenarios(for: options).filter(options.selects)
        guard !scenarios.isEmpty else {
            printError("bench: error: no scenario matches --filter \(options.filters.joined(separator: ", "))")
            return 2
        }
        if options.listsScenarios {
            for scenario in scenarios {
                print("\(scenario.name): \(scenario.summary)")
                print("    contenders: \(scenario.contenders.map(\.name).joined(separator: ", "))")
                if !scenario.dataset.queryPaths.isEmpty {
                    print("    paths (for path scenarios): \(scenario.dataset.queryPaths.joined(separator: "  "))")
                }
            }
            return 0
        }
        if options.files.contains(where: { !$0.paths.isEmpty }) {
            printError("note: --path is kept for path scenarios; none is registered in this build yet")
        }

        let runner = BenchRunner(options: options)
        var report = BenchReport(quick: options.isQuick, clock: options.clock, policy: runner.policy)
        if options.measuresMemory {
            report.idleChildPeakRSSBytes = try MemoryProbe.measure(
                scenario: MemoryProbe.idleScenario, contender: "-", options: options)
        }
        report.elapsedTimeScenarios = scenarios.filter { $0.clock == .wall }.map(\.name)
        if !options.emitsJSON { print(report.tableHeader) }

        // One dataset in memory at a time; a dataset used by consecutive scenarios loads once.
        var loaded: (name: String, data: Data)?
        for scenario in scenarios {
            var data = Data()
            if scenario.access == .inMemory {
                if loaded?.name != scenario.dataset.name {
                    loaded = nil
                    loaded = (scenario.dataset.name, try scenario.dataset.load())
                }
                data = loaded?.data ?? Data()
            }
            let result = runner.measure(scenario, data: data)
            report.scenarios.append(result)
            if !options.emitsJSON {
                print(BenchReport.tableRows(result, clock: options.clock))
                fflush(nil)
            }
        }

        let problems = report.scenarios.filter { !$0.isClean }.count
        if options.emitsJSON {
            print(try report.json())
        } else {
            print("")
            if let summary = streamingSummary(report.scenarios) { print(summary) }
            print(
                problems == 0
                    ? "All checksums agree; every contender completed."
                    : "\(problems) scenario(s) had problems (marked !).")
        }
        return problems == 0 ? 0 : 1
    }

    /// One line per contender comparing peak RSS across the streamed scenarios (input sizes).
    static func streamingSummary(_ results: [ScenarioResult]) -> String? {
        let streamed = results.filter { $0.access.hasPrefix("streamed") }.sorted { $0.inputBytes < $1.inputBytes }
        guard streamed.count > 1 else { return nil }
        var lines: [String] = []
        for contender in streamed[0].contenders.map(\.name) {
            let peaks = streamed.compactMap { scenario -> String? in
                guard let peak = scenario.contenders.first(where: { $0.name == contender })?.peakRSSBytes else {
                    return nil
                }
                return "\(BenchReport.byteCount(scenario.inputBytes)) in, \(BenchReport.byteCount(peak)) peak"
            }
            if peaks.count > 1 { lines.append("Streaming, \(contender): " + peaks.joined(separator: "; ")) }
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
