import Testing

@testable import bench

@Suite struct BenchOptionsTests {
    @Test func parsesEveryOption() throws {
        let options = try BenchOptions.parse([
            "--quick", "--json", "--no-memory", "--wall-clock", "--rounds", "4", "--filter", "parse/",
            "--file", "a.json", "--path", "$.items[*].id", "--path", "$.name", "--file", "b.ndjson", "--list",
        ])
        #expect(options.isQuick && options.emitsJSON && options.listsScenarios)
        #expect(!options.measuresMemory)
        #expect(options.clock == .wall)
        #expect(options.rounds == 4)
        #expect(options.filters == ["parse/"])
        #expect(options.files.map(\.path) == ["a.json", "b.ndjson"])
        #expect(options.files[0].paths == ["$.items[*].id", "$.name"])
        #expect(options.files[1].paths.isEmpty)
    }

    @Test func defaultsMeasureEverythingOnTheCPUClock() throws {
        let options = try BenchOptions.parse([])
        #expect(!options.isQuick && !options.emitsJSON && options.measuresMemory && options.child == nil)
        #expect(!options.measuresScaling)
        #expect(options.clock == .cpu)
    }

    @Test func scalingTakesTheSharedOptions() throws {
        let options = try BenchOptions.parse(["--scaling", "--quick", "--filter", "cli", "--rounds", "2"])
        #expect(options.measuresScaling && options.isQuick)
        #expect(options.filters == ["cli"])
        #expect(options.rounds == 2)
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--rounds"], "--rounds needs a value"),
        (["--rounds", "0"], "--rounds needs a positive whole number, not '0'"),
        (["--rounds", "--quick"], "--rounds needs a value"),
        (["--path", "$.a"], "--path must follow a --file"),
        (["--file", "x.json", "--path", "a.b"], "--path 'a.b' must start with '$'"),
        (["--child", "parse/x"], "--child needs a value"),
    ])
    func rejectsBadCommandLines(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try BenchOptions.parse(arguments) }
        do {
            _ = try BenchOptions.parse(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func childrenRebuildTheSameScenarios() throws {
        let parent = try BenchOptions.parse(["--quick", "--file", "a.json", "--path", "$.x", "--json", "--rounds", "2"])
        let child = try BenchOptions.parse(["--child", "parse/a.json", "yajl floor"] + parent.scenarioArguments)
        #expect(child.child?.scenario == "parse/a.json")
        #expect(child.child?.contender == "yajl floor")
        #expect(child.isQuick)
        #expect(child.files.map(\.path) == ["a.json"])
        #expect(child.files[0].paths == ["$.x"])
    }
}
