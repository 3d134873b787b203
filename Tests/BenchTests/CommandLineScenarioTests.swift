import Foundation
import Testing

@testable import bench

/// The `cli` group: the yajl floor as a process, `sift` as a process on a file and on stdin,
/// simdjson On-Demand as a process printing the same lines, timed by the child's own elapsed time
/// and ratioed by it whatever the run's clock.
@Suite struct CommandLineScenarioTests {
    /// A small stand-in for a command scenario: the same contenders over a 300 kB file.
    static func smallScenario(_ name: String) throws -> Scenario {
        let options = try BenchOptions.parse(["--quick"])
        var scenario = try #require(
            CommandLineScenarios.scenarios(over: [], options: options).first { $0.name == name },
            "the cli scenarios need sift and bench built beside the test runner")
        let command = try #require(CommandLineScenarios.commands.first { $0.name == name })
        let layout: HubFeedGenerator.Layout = command.format == .ndjson ? .ndjson : .document
        let sift = try #require(ChildProcess.siftExecutable)
        let bench = try #require(ChildProcess.benchExecutable)
        let named = "test-\(fileName(name))"
        switch command.feed {
        case .hub:
            use(GeneratedFile(named: named, HubFeedGenerator(size: 300_000, layout: layout)))
        case .smallContainers:
            use(GeneratedFile(named: named, SmallContainersGenerator(size: 300_000, layout: layout)))
        }
        return scenario

        func use<Generator>(_ file: GeneratedFile<Generator>) {
            scenario.contenders = [
                CommandLineScenarios.floor(bench, format: command.format, file: file),
                CommandLineScenarios.siftProcess(sift, command.arguments, file: file, onStandardInput: false),
                CommandLineScenarios.siftProcess(sift, command.arguments, file: file, onStandardInput: true),
                CommandLineScenarios.simdjsonProcess(bench, format: command.format, path: command.path, file: file),
            ]
            scenario.cleanUp = file.remove
        }
    }

    /// The end of a scenario's file name: `cli/..uri/hub-feed` gives `..uri-hub-feed`.
    static func fileName(_ name: String) -> String {
        name.split(separator: "/").dropFirst().joined(separator: "-")
    }

    @Test func theIssuesCommandsAreRegisteredAndTimedByElapsedTime() throws {
        let scenarios = try ScenarioRegistry.scenarios(for: BenchOptions.parse(["--quick"]))
        let commands = scenarios.filter { $0.name.hasPrefix("cli/") }
        #expect(
            commands.map(\.name) == [
                "cli/titles/hub-feed", "cli/--lines/hub-feed.ndjson", "cli/..uri/hub-feed",
                "cli/..uri-stream-order/hub-feed", "cli/count/small-containers", "cli/ids/small-containers",
                "cli/titles/small-containers", "cli/filter/small-containers", "cli/..uri/small-containers",
                "cli/records/small-containers", "cli/..uri-stream-order/small-containers",
                "cli/--lines/small-containers.ndjson",
            ])
        for scenario in commands {
            #expect(scenario.access == .file)
            #expect(scenario.clock == .wall)
            #expect(
                scenario.contenders.map(\.name) == ["yajl floor FILE", "sift FILE", "sift < FILE", "simdjson FILE"])
        }
        #expect(commands[11].dataset.format == .ndjson)
        #expect(commands[9].summary.hasPrefix("sift query '$.body[*]' on a generated 4 MB file"))
        #expect(commands[7].summary.hasPrefix("sift query '$.body[?@.metadata.ok==true].id' on a generated 4 MB file"))
        #expect(commands[1].dataset.format == .ndjson)
        #expect(commands[0].summary.hasPrefix("sift query '$.body[*].text.title' on a generated 4 MB file"))
    }

    @Test(arguments: CommandLineScenarios.commands.map(\.name))
    func fileAndStandardInputPrintTheSameAndAreRatioedToTheFloorProcess(_ name: String) throws {
        let scenario = try Self.smallScenario(name)
        let options = try BenchOptions.parse(["--rounds", "2"])
        let result = BenchRunner(options: options).measure(scenario, data: Data())

        #expect(result.isClean, "\(result.problems) \(result.contenders.compactMap(\.error))")
        #expect(result.clock == .wall)
        #expect(result.access == "a file, read by child processes")
        // sift on the file, on stdin, and simdjson print the same bytes.
        let printing = result.contenders.dropFirst()
        #expect(printing.allSatisfy { $0.verification != nil })
        #expect(Set(printing.map(\.verification)).count == 1, "\(printing.map(\.verification))")
        #expect(printing.allSatisfy { ($0.checksum ?? 0) > 0 })
        #expect(Set(printing.map(\.checksum)).count == 1)
        #expect(result.contenders[1].ratioToSimdjson != nil)
        for contender in result.contenders {
            #expect(contender.wall.samplesMBps.count == 2, "\(contender.name)")
            #expect((contender.peakRSSBytes ?? 0) > 0, "\(contender.name): the child's own peak")
            let wall = try #require(contender.wall.medianMBps)
            let floor = try #require(result.contenders[0].wall.medianMBps)
            #expect(contender.ratioToFloor == wall / floor, "ratioed by elapsed time")
        }
        #expect(result.inputBytes > 300_000)
        let files = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
        let written = "sift-bench-\(getpid())-test-\(Self.fileName(name))"
        #expect(!files.contains(written), "the file is removed")
    }

    @Test func theTableSaysWhichScenariosAreTimedByElapsedTimeAndShowsThatTime() throws {
        let options = try BenchOptions.parse(["--quick"])
        var report = BenchReport(quick: true, clock: .cpu, policy: BenchRunner.Policy(options: options))
        #expect(!report.tableHeader.contains("Child processes"))
        report.elapsedTimeScenarios = ["cli/titles/hub-feed"]
        #expect(
            report.tableHeader.contains(
                "Child processes (cli/titles/hub-feed): MB/s and ratios by the elapsed time of the whole process,"
                    + " start-up included."))

        var scenario = try Self.smallScenario("cli/titles/hub-feed")
        scenario.contenders = Array(scenario.contenders.prefix(1))
        var result = ScenarioResult(scenario: scenario, inputBytes: 1_000_000)
        // 1 s elapsed, 0.1 s of CPU: the row shows 1.0 MB/s whatever the run's clock.
        result.record(index: 0, time: ClockReading(wall: 1, cpu: 0.1), run: RunResult(bytes: 1_000_000, checksum: 1))
        result.finish(clock: .cpu)
        #expect(result.contenders[0].wall.medianMBps == 1)
        let row = BenchReport.tableRows(result, clock: .cpu)
        #expect(row.contains(" 1.0–1.0 ") && !row.contains("10.0"), "\(row)")
    }

    @Test func theFloorProcessParsesAFileAndRejectsInvalidJSON() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-floor-\(getpid()).ndjson")
        defer { try? FileManager.default.removeItem(at: url) }
        try HubFeedGenerator(size: 50_000, layout: .ndjson).makeData().write(to: url)
        try FloorProcess(format: .ndjson, path: url.path).run()
        #expect(throws: BenchError.self) { try FloorProcess(format: .json, path: url.path).run() }
        try Data(#"{"a":[1,2}"#.utf8).write(to: url)
        #expect {
            try FloorProcess(format: .json, path: url.path).run()
        } throws: { error in
            "\(error)".hasPrefix("yajl: parse error: after array element, I expect ',' or ']'")
        }
        #expect {
            try FloorProcess(format: .json, path: "/nonexistent/x.json").run()
        } throws: { error in
            "\(error)" == "cannot open /nonexistent/x.json: No such file or directory"
        }
    }

    @Test func theFloorChildIsAHiddenOption() throws {
        let options = try BenchOptions.parse(["--yajl-floor", "ndjson", "-"])
        #expect(options.floorChild?.format == .ndjson)
        #expect(options.floorChild?.path == "-")
        #expect {
            try BenchOptions.parse(["--yajl-floor", "xml", "a"])
        } throws: { error in
            "\(error)" == "--yajl-floor needs json or ndjson, not 'xml'"
        }
    }
}
