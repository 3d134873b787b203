import Foundation
import Testing

@testable import bench

/// The simdjson On-Demand contender: each query shape has its hand-written function, and on small
/// generated documents it finds exactly the values Sift finds (the same fingerprint).
@Suite struct SimdjsonContenderTests {
    @Test func pathsMapToTheirHandWrittenShapes() throws {
        #expect(try SimdjsonQuery(path: "$.count") == .fieldChain("count"))
        #expect(try SimdjsonQuery(path: "$.body[*].text.title") == .eachFieldChain(array: "body", chain: "text.title"))
        #expect(
            try SimdjsonQuery(path: "$.statuses[*].user.screen_name")
                == .eachFieldChain(array: "statuses", chain: "user.screen_name"))
        #expect(
            try SimdjsonQuery(path: "$.body[?@.metadata.ok == true].id")
                == .filterTrue(array: "body", condition: "metadata.ok", chain: "id"))
        #expect(try SimdjsonQuery(path: "$..uri") == .descendant("uri"))
        #expect(try SimdjsonQuery(path: "$.text.title", lines: true) == .lines("text.title"))
        for unsupported in ["$.a[0]", "$..*", "$.a[?@.b > 1].c", "$['a']", "$.a[*].b[*]", "count"] {
            #expect(throws: BenchError.self, "\(unsupported)") { try SimdjsonQuery(path: unsupported) }
        }
    }

    /// Sift's contender and simdjson's over the same bytes, compared by their untimed checksums.
    static func checksums(path: String, data: Data, format: Dataset.Format = .json, integers: Bool = false) throws
        -> (sift: UInt64, simdjson: UInt64)
    {
        let dataset = Dataset(
            generated: "test", origin: "test", format: format, generator: SmallContainersGenerator(size: 1))
        let input = ScenarioInput(dataset: dataset, access: .inMemory, data: data)
        let sift =
            integers
            ? OnePathQuery.siftIntegers(name: "sift", path: path, kind: "k")
            : format == .ndjson
                ? NDJSONScenarios.sift : OnePathQuery.sift(name: "sift", path: path, kind: "k")
        let simdjson = SimdjsonContenders.inMemory(path: path, kind: "k")
        let siftVerify = try #require(try sift.prepare(input).verify)
        let simdjsonVerify = try #require(try simdjson.prepare(input).verify)
        return (try siftVerify(), try simdjsonVerify())
    }

    @Test(arguments: [
        SmallContainerQueries.idsPath, SmallContainerQueries.titlesPath, SmallContainerQueries.filterPath,
        SmallContainerQueries.descendantPath,
    ])
    func simdjsonFindsWhatSiftFindsOnSmallContainers(path: String) throws {
        let data = SmallContainersGenerator(size: 60_000).makeData()
        let (sift, simdjson) = try Self.checksums(path: path, data: data)
        #expect(sift == simdjson)
        let found = try SimdjsonQuery(path: path).fingerprint(on: SimdjsonDocument(copying: data))
        #expect(found.count > 10, "more than ten values")
    }

    @Test func theSparseCountAndTheLinesAgreeToo() throws {
        let count = try Self.checksums(
            path: "$.count", data: SmallContainersGenerator(size: 60_000).makeData(), integers: true)
        #expect(count.sift == count.simdjson)
        let root = try JSONSerialization.jsonObject(with: SmallContainersGenerator(size: 60_000).makeData())
        var one = Fingerprint()
        one.add(try #require(((root as? [String: Any])?["body"] as? [Any])?.count))
        #expect(count.sift == one.checksum, "the one value of $.count, the number of components")
        let lines = try Self.checksums(
            path: NDJSONScenarios.path, data: SmallContainersGenerator(size: 40_000, layout: .ndjson).makeData(),
            format: .ndjson)
        #expect(lines.sift == lines.simdjson)
        let hubLines = try Self.checksums(
            path: NDJSONScenarios.path, data: HubFeedGenerator(size: 40_000, layout: .ndjson).makeData(),
            format: .ndjson)
        #expect(hubLines.sift == hubLines.simdjson)
    }

    @Test func onTheHubFeedAndTweetsToo() throws {
        let hub = HubFeedGenerator(size: 60_000).makeData()
        for path in ["$.body[*].text.title", "$..uri"] {
            let (sift, simdjson) = try Self.checksums(path: path, data: hub)
            #expect(sift == simdjson, "\(path)")
        }
        let tweets = try Self.checksums(
            path: "$.statuses[*].user.screen_name", data: TweetsGenerator(size: 60_000).makeData())
        #expect(tweets.sift == tweets.simdjson)
    }

    @Test func invalidJSONIsAnErrorWithSimdjsonsMessage() throws {
        let document = try SimdjsonDocument(copying: Data(#"{"body":[{"id":"a"},{"id":tru}]}"#.utf8))
        #expect {
            _ = try SimdjsonQuery.eachFieldChain(array: "body", chain: "id").fingerprint(on: document)
        } throws: { error in
            "\(error)".hasPrefix("simdjson: ")
        }
        #expect {
            _ = try SimdjsonDocument(loading: "/nonexistent/x.json")
        } throws: { error in
            "\(error)".hasPrefix("simdjson: cannot read /nonexistent/x.json")
        }
    }

    @Test func theSimdjsonChildIsAHiddenOption() throws {
        let options = try BenchOptions.parse(["--simdjson-process", "ndjson", "$.text.title", "a.ndjson"])
        #expect(options.simdjsonChild?.format == .ndjson)
        #expect(options.simdjsonChild?.path == "$.text.title")
        #expect(options.simdjsonChild?.file == "a.ndjson")
        #expect {
            try BenchOptions.parse(["--simdjson-process", "xml", "$.a", "a"])
        } throws: { error in
            "\(error)" == "--simdjson-process needs json or ndjson, not 'xml'"
        }
    }
}
