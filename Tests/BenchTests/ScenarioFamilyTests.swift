import Foundation
import SiftCorpora
import Testing

@testable import bench

/// The path, ten-path, NDJSON and Codable families: registered, quick, and their Sift, simdjson
/// and Foundation contenders find the same values (same checksums) on small generated data and on
/// the corpora.
@Suite struct ScenarioFamilyTests {
    /// Small stand-ins for the generated datasets, by dataset name.
    static let smallData: [String: @Sendable () -> Data] = [
        "hub-feed": { HubFeedGenerator(size: 150_000).makeData() },
        "hub-feed.ndjson": { HubFeedGenerator(size: 100_000, layout: .ndjson).makeData() },
        "tweets": { TweetsGenerator(size: 150_000).makeData() },
        "small-containers": { SmallContainersGenerator(size: 150_000).makeData() },
        "small-containers.ndjson": { SmallContainersGenerator(size: 100_000, layout: .ndjson).makeData() },
    ]

    /// Every scenario of the four families in a quick run.
    static func familyScenarios() throws -> [Scenario] {
        let options = try BenchOptions.parse(["--quick"])
        let families: [any ScenarioFamily.Type] = [
            PathScenarios.self, MultiPathScenarios.self, NDJSONScenarios.self, CodableScenarios.self,
        ]
        let datasets = try DatasetCatalog.datasets(for: options)
        return families.flatMap { $0.scenarios(over: datasets, options: options) }
    }

    @Test func everyFamilyIsRegisteredOnItsDatasets() throws {
        let registered = Set(try ScenarioRegistry.scenarios(for: BenchOptions.parse([])).map(\.name))
        for name in [
            "path/hub-feed", "path/tweets", "paths10/hub-feed", "ndjson/hub-feed.ndjson", "codable/tweets",
            "path/small-containers", "path/count/small-containers", "path/ids/small-containers",
            "path/..uri/small-containers", "ndjson/small-containers.ndjson", "filter/small-containers",
        ] {
            #expect(registered.contains(name), "\(name)")
        }
        if Corpora.isAvailable {
            #expect(registered.contains("path/twitter.json"))
            #expect(registered.contains("codable/twitter.json"))
        }
        for scenario in try Self.familyScenarios() {
            let kinds = scenario.contenders.compactMap(\.checksumKind)
            #expect(kinds.count == scenario.contenders.count - 1, "\(scenario.name): all but the floor verify")
            #expect(Set(kinds).count == 1, "\(scenario.name): one kind of work")
        }
    }

    @Test(arguments: try familyScenarios().map(\.name))
    func siftAndFoundationAgreeOnSmallData(_ name: String) throws {
        let scenario = try #require(try Self.familyScenarios().first { $0.name == name })
        let data = try Self.smallData[scenario.dataset.name].map { $0() } ?? scenario.dataset.load()
        let options = try BenchOptions.parse(["--quick", "--rounds", "1", "--no-memory"])
        let result = BenchRunner(options: options).measure(scenario, data: data)

        #expect(result.isClean, "\(result.problems) \(result.contenders.compactMap(\.error))")
        let verified = result.contenders.dropFirst()
        #expect(verified.allSatisfy { $0.verification != nil })
        #expect(Set(verified.map(\.verification)).count == 1, "\(verified.map(\.verification))")
        #expect(verified.allSatisfy { ($0.cpu.medianMBps ?? 0) > 0 })
    }

    @Test func aFingerprintDependsOnEveryValueAndTheirOrder() {
        var first = Fingerprint()
        first.add("a")
        first.add("b")
        var swapped = Fingerprint()
        swapped.add("b")
        swapped.add("a")
        var joined = Fingerprint()
        joined.add("ab")
        #expect(first.checksum != swapped.checksum)
        #expect(first.checksum != joined.checksum)
        #expect(first.count == 2)
    }

    @Test func aQuickRunOfTheSmallestFamilyScenarioExitsCleanly() throws {
        let options = try BenchOptions.parse([
            "--quick", "--rounds", "1", "--no-memory", "--filter", "ndjson/hub-feed.ndjson",
        ])
        #expect(try BenchSuite.run(options) == 0)
    }
}
