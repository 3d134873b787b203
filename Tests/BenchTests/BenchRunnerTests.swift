import Foundation
import Testing

@testable import bench

@Suite struct BenchRunnerTests {
    /// A small generated feed written to a temporary file, benchmarked as a user's `--file`.
    static func userFile(_ name: String, _ data: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(getpid())-\(name)")
        try data.write(to: url)
        return url.path
    }

    @Test func scenarioAndContenderNamesAreUniqueAndFindable() throws {
        let scenarios = try ScenarioRegistry.scenarios(for: BenchOptions.parse(["--quick"]))
        #expect(Set(scenarios.map(\.name)).count == scenarios.count)
        for scenario in scenarios {
            let names = scenario.contenders.map(\.name)
            #expect(Set(names).count == names.count, "\(scenario.name)")
            #expect(scenario.contenders.first?.role == .floor, "\(scenario.name) starts with the floor")
            #expect(scenario.contenders.contains { $0.role == .sift }, "\(scenario.name) measures Sift")
            // In memory, Sift is compared with Foundation or simdjson (the small-container queries
            // with no Foundation walk); the async-input scenarios compare Sift's async forms with
            // its synchronous query instead.
            #expect(
                scenario.contenders.contains { $0.role == .foundation || $0.role == .anchor }
                    || scenario.access != .inMemory || scenario.name.hasPrefix("async-input/"))
        }
        #expect(scenarios.contains { $0.name == "parse/hub-feed" && $0.access == .inMemory })
        #expect(scenarios.contains { $0.access != .inMemory && $0.dataset.isStreamOnly })
    }

    @Test func aUserFileIsMeasuredVerifiedAndRatioed() throws {
        let path = try Self.userFile("feed.json", HubFeedGenerator(size: 30_000).makeData())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = try BenchOptions.parse(["--file", path, "--rounds", "3", "--no-memory"])
        let scenario = try #require(try ScenarioRegistry.scenarios(for: options).first { $0.dataset.origin == path })
        let result = BenchRunner(options: options).measure(scenario, data: try scenario.dataset.load())

        #expect(result.isClean, "\(result.problems) \(result.contenders.compactMap(\.error))")
        #expect(result.rounds == 3)
        #expect(result.inputBytes == (try Data(contentsOf: URL(fileURLWithPath: path))).count)
        for contender in result.contenders {
            #expect(contender.cpu.samplesMBps.count == 3, "\(contender.name)")
            #expect(contender.wall.samplesMBps.count == 3, "\(contender.name)")
            #expect((contender.cpu.medianMBps ?? 0) > 0)
        }
        #expect(result.contenders[0].ratioToFloor == 1)
        let sift = try #require(result.contenders.first { $0.role == .sift })
        let foundation = try #require(result.contenders.first { $0.name == "JSONSerialization" })
        #expect(sift.verification != nil && sift.verification == foundation.verification)
        #expect(foundation.ratioToFoundation == 1)
    }

    @Test func invalidJSONIsReportedNotMeasured() throws {
        let path = try Self.userFile("bad.json", Data(#"{"a":[1,2}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let options = try BenchOptions.parse(["--file", path, "--rounds", "1", "--no-memory"])
        let scenario = try #require(try ScenarioRegistry.scenarios(for: options).first { $0.dataset.origin == path })
        let result = BenchRunner(options: options).measure(scenario, data: try scenario.dataset.load())
        #expect(!result.isClean)
        #expect(result.contenders.allSatisfy { $0.error != nil && $0.cpu.samplesMBps.isEmpty })
        #expect(BenchReport.tableRows(result, clock: .cpu).contains("! sift events failed: 1:10: error"))
    }

    @Test func streamedInputIsCountedAsItArrives() throws {
        let options = try BenchOptions.parse(["--quick", "--rounds", "1", "--no-memory"])
        var scenario = try #require(try ScenarioRegistry.scenarios(for: options).first { $0.name == "stream/hub-feed" })
        scenario.dataset = Dataset(generated: "small", origin: "small feed", generator: HubFeedGenerator(size: 200_000))
        let result = BenchRunner(options: options).measure(scenario, data: Data())
        #expect(result.isClean, "\(result.problems)")
        #expect(result.inputBytes == HubFeedGenerator(size: 200_000).makeData().count)
    }

    @Test func mediansRangesAndRatiosComeFromTheSamples() throws {
        let options = try BenchOptions.parse(["--quick"])
        let scenario = try #require(try ScenarioRegistry.scenarios(for: options).first { $0.name == "parse/hub-feed" })
        var result = ScenarioResult(scenario: scenario, inputBytes: 1_000_000)
        for (index, seconds) in [(0, 0.010), (0, 0.020), (0, 0.005), (1, 0.020), (1, 0.040), (2, 0.100)] {
            result.record(
                index: index, time: ClockReading(wall: seconds * 2, cpu: seconds),
                run: RunResult(bytes: 1_000_000, checksum: 1))
        }
        result.finish(clock: .cpu)
        #expect(result.contenders[0].cpu.medianMBps == 100)
        #expect(result.contenders[0].cpu.minimumMBps == 50)
        #expect(result.contenders[0].cpu.maximumMBps == 200)
        #expect(result.contenders[0].wall.medianMBps == 50)
        #expect(result.contenders[1].cpu.medianMBps == 37.5)
        #expect(result.contenders[1].ratioToFloor == 0.375)
        #expect(result.contenders[1].ratioToFoundation == 3.75)
        #expect(result.contenders[3].medianOrNil == nil)
        #expect(result.problems.isEmpty)
        result.record(index: 0, time: ClockReading(wall: 1, cpu: 1), run: RunResult(bytes: 1_000_000, checksum: 2))
        #expect(result.problems == ["yajl floor gave a different checksum in a later round"])
    }

    @Test func ownPeakRSSIsReadable() throws {
        let peak = try #require(MemoryProbe.ownPeakRSS())
        #expect(peak > 1_000_000 && peak < 8_000_000_000)
    }
}

extension ContenderResult {
    fileprivate var medianOrNil: Double? { cpu.medianMBps }
}
