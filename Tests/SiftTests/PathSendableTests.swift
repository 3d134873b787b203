import Sift
import Testing

/// Queries, their results and the match and value sequences cross tasks: these tests compile
/// only while they are `Sendable` (or, for a query, can be sent).
@Suite struct PathSendableTests {
    static let document: JSONInput = #"{"items":[{"id":1,"ok":true},{"id":2},{"id":3,"ok":false}]}"#

    @Test func queryRunsOnADetachedTask() async throws {
        var query = JSONQuery()
        let ids = query.add(JSONPath.root.goTo("items").forEach().goTo("id").integer)
        let results = try await Task.detached { try query.run(Self.document) }.value
        #expect(results[ids] == [1, 2, 3])
    }

    @Test func resultsCrossTasks() async throws {
        var query = JSONQuery()
        let oks = query.add(try JSONPath("$.items[*].ok").bool)
        let results = try query.run(Self.document)
        let values = await Task.detached { results[oks] }.value
        #expect(values == [true, false])
    }

    @Test func valueSequenceIsIteratedOnAnotherTask() async throws {
        let ids = Self.document.values(at: try JSONPath("$.items[*].id").integer)
        let collected = try await Task.detached {
            var all: [Int] = []
            for try await id in ids { all.append(id) }
            return all
        }.value
        #expect(collected == [1, 2, 3])
    }

    @Test func matchSequenceOfChunksIsIteratedOnAnotherTask() async throws {
        let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        continuation.yield(Array(#"{"items":[{"id":1},"#.utf8))
        continuation.yield(Array(#"{"id":2}]}"#.utf8))
        continuation.finish()
        let matches = JSONMatchSequence(path: try JSONPath("$.items[*].id").integer, chunks: chunks)
        let paths = try await Task.detached {
            var all: [String] = []
            for try await match in matches { all.append(match.path.description) }
            return all
        }.value
        #expect(paths == ["$.items[0].id", "$.items[1].id"])
    }

    @Test func defaultAccessorsHaveOptionalForms() throws {
        var query = JSONQuery()
        let missingCount = query.add(JSONPath.root.goTo("count").integer)
        let missingFlag = query.add(JSONPath.root.goTo("flag").bool)
        let results = try query.run(Self.document)
        #expect(results.value(missingCount) == 0)
        #expect(results.first(missingCount) == nil)
        #expect(results.value(missingFlag) == false)
        #expect(results.first(missingFlag) == nil)

        let count = JSONPath.root.goTo("count").integer
        #expect(count.value(in: [:]) == 0)
        #expect(count.first(in: [:]) == nil)
        #expect(count.first(in: ["count": 0]) == 0)
        let flag = JSONPath.root.goTo("flag").bool
        #expect(flag.value(in: ["flag": "yes"]) == false)
        #expect(flag.first(in: ["flag": "yes"]) == nil)
    }
}
