import Foundation
import Sift

/// Every case of `bench --scaling`, in report order: the engine's entry points here, the model
/// builders in `ScalingCases+Models.swift`, the `sift` commands in
/// `ScalingCases+CommandLine.swift`.
enum ScalingCases {
    static var all: [ScalingCase] { engine + hostile + models + schema + hostileSchema + commandLine }

    /// The tokenizer and the query API's forms over the Hub feed.
    static var engine: [ScalingCase] {
        [
            ScalingCase(name: "events/hub-feed", input: "Hub feed, in memory") { size in
                let bytes = ScalingInputs.hubFeed(size)
                return ScalingWork { try countEvents(.bytes(bytes)) }
            },
            ScalingCase(name: "path/hub-feed", input: "$.body[*].text.title, collected") { size in
                let bytes = ScalingInputs.hubFeed(size)
                let path = try JSONPath("$.body[*].text.title").string
                return ScalingWork { _ = try JSONQuery.collect(path, from: .bytes(bytes)) }
            },
            ScalingCase(name: "paths10/hub-feed", input: "ten typed paths at once") { size in
                let prepared = try MultiPathScenarios.sift.prepare(inMemory(ScalingInputs.hubFeed(size)))
                return ScalingWork { try prepared.runOnce() }
            },
            ScalingCase(name: "descendant/hub-feed", input: "$..uri, RFC 9535 order, collected") { size in
                let bytes = ScalingInputs.hubFeed(size)
                let path = try JSONPath("$..uri").string
                return ScalingWork { _ = try JSONQuery.collect(path, from: .bytes(bytes)) }
            },
            ScalingCase(name: "callback/hub-feed file", input: "$.body[*].id, a callback per match, from a file") {
                size in
                let url = try ScalingInputs.file(ScalingInputs.hubFeed(size), named: "callback.json")
                var query = JSONQuery()
                var count = 0
                query.add(try JSONPath("$.body[*].id").string) { _ in count += 1 }
                return ScalingWork(
                    reportingMemory: {
                        try query.run(.file(url.path))
                        return nil
                    }, cleanUp: { ScalingInputs.remove(url) })
            },
            ScalingCase(name: "async values/hub-feed file", input: "$.body[*].id, for try await over a file") {
                size in
                let url = try ScalingInputs.file(ScalingInputs.hubFeed(size), named: "async.json")
                return ScalingWork(
                    reportingMemory: {
                        try blocking {
                            var count = 0
                            for try await _ in JSONInput.file(url.path).values(at: try JSONPath("$.body[*].id").string)
                            {
                                count += 1
                            }
                        }
                        return nil
                    }, cleanUp: { ScalingInputs.remove(url) })
            },
        ]
    }

    /// The hostile shapes: a long unselected string streamed from a file, deep nesting, `..`
    /// over a million tiny matches, and filters whose every candidate waits (for a member of the
    /// document read last, behind an outer candidate).
    static var hostile: [ScalingCase] {
        [
            ScalingCase(name: "long string/file", input: "$.other past one unselected long string, from a file") {
                size in
                let url = try ScalingInputs.file(ScalingInputs.longString(size), named: "long.json")
                let path = try JSONPath("$.other").integer
                return ScalingWork(
                    reportingMemory: {
                        _ = try JSONQuery.collect(path, from: .file(url.path))
                        return nil
                    }, cleanUp: { ScalingInputs.remove(url) })
            },
            ScalingCase(
                name: "events/deep", input: "nested arrays, depth limit raised", unit: .levels, baseSize: 250_000
            ) {
                levels in
                let bytes = ScalingInputs.deepArrays(levels)
                return ScalingWork {
                    try countEvents(.bytes(bytes), options: JSONParserOptions(maximumDepth: levels + 1))
                }
            },
            ScalingCase(name: "descendant/tiny matches", input: "$..x over tiny objects, two matches each") { size in
                let bytes = ScalingInputs.tinyMatches(size)
                let path = try JSONPath("$..x").integer
                return ScalingWork { _ = try JSONQuery.collect(path, from: .bytes(bytes)) }
            },
            ScalingCase(name: "filter/waits for the document", input: "$.a[?$.z].k, z after every candidate") { size in
                let bytes = ScalingInputs.waitingCandidates(size)
                let path = try JSONPath("$.a[?$.z].k").integer
                return ScalingWork { _ = try JSONQuery.collect(path, from: .bytes(bytes)) }
            },
            ScalingCase(name: "filter/inner behind outer", input: "$[?@.last].items[?@.v].w, last at the end") {
                size in
                let bytes = ScalingInputs.nestedCandidates(size)
                let path = try JSONPath("$[?@.last].items[?@.v].w").integer
                return ScalingWork { _ = try JSONQuery.collect(path, from: .bytes(bytes)) }
            },
        ]
    }

    /// An in-memory scenario input over `bytes`, for reusing a bench contender.
    static func inMemory(_ bytes: [UInt8]) -> ScenarioInput {
        let dataset = Dataset(generated: "scaling", origin: "generated", generator: HubFeedGenerator(size: 0))
        return ScenarioInput(dataset: dataset, access: .inMemory, data: Data(bytes))
    }

    /// Delivers every event of `input` to a handler that counts them.
    static func countEvents(_ input: JSONInput, options: JSONParserOptions = JSONParserOptions()) throws {
        var count = 0
        let tokenizer = JSONTokenizer(options: options, handler: JSONEventClosure { _, _ in count += 1 })
        try tokenizer.parse(input)
    }

    /// Runs `body` on a task and waits for it on this thread (the bench is synchronous).
    static func blocking(_ body: @escaping @Sendable () async throws -> Void) throws {
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await body() } catch { outcome.error = error }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }
}
