import Foundation
import Testing

@testable import Sift

/// Streaming order (``JSONQuery/ResultOrder/streaming``): the matches of RFC 9535 order, each
/// delivered as soon as it is complete.
@Suite struct PathStreamOrderTests {
    /// One match: normalized path, compact value, offset of its first byte.
    struct Found: Hashable {
        var path: String
        var value: String
        var offset: Int
    }

    static func run(
        _ query: String, over text: String, order: JSONQuery.ResultOrder, chunkSize: Int = .max,
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> (found: [Found], peakHeld: Int) {
        var found: [Found] = []
        var jsonQuery = JSONQuery(options: options)
        jsonQuery.resultOrder = order
        jsonQuery.add(try JSONPath(query).value) { match in
            found.append(
                Found(
                    path: match.path.normalized, value: JSONWriterTestSupport.serialize(match.value),
                    offset: match.location.offset))
        }
        let tokenizer = JSONTokenizer(options: options, handler: jsonQuery.makeMatcher())
        try tokenizer.feedAll(Array(text.utf8), inPiecesOf: chunkSize)
        return (found, tokenizer.handler.diagnostics.peakHeldMatches)
    }

    /// Whether `order` is streaming order: a match never comes before one nested inside it, and
    /// matches that do not contain each other come in document order.
    static func isStreamingOrder(_ found: [Found]) -> Bool {
        for later in found.indices {
            for earlier in found.indices where earlier < later {
                let (first, second) = (found[earlier], found[later])
                // The earlier one contains the later one: it completed after it.
                if second.path.hasPrefix(first.path) && second.path != first.path { return false }
                let nested = first.path.hasPrefix(second.path)
                if !nested && first.offset > second.offset { return false }
            }
        }
        return true
    }

    @Test(arguments: PathStreamingTests.queries)
    func sameMatchesAsRFCOrderInStreamingOrder(query: String) throws {
        for document in PathStreamingTests.documents {
            let rfc = try Self.run(query, over: document, order: .rfc9535).found
            for chunkSize in [1, 3, 7, Int.max] {
                let streamed = try Self.run(query, over: document, order: .streaming, chunkSize: chunkSize).found
                #expect(
                    Dictionary(grouping: streamed, by: { $0 }).mapValues(\.count)
                        == Dictionary(grouping: rfc, by: { $0 }).mapValues(\.count),
                    "\(query) over \(document), chunks of \(chunkSize)")
                // Selectors from the end wait for their array, then come in completion order.
                if !query.contains("-") {
                    #expect(Self.isStreamingOrder(streamed), "\(query) over \(document): \(streamed.map(\.path))")
                }
            }
        }
    }

    @Test func nestedMatchesComeBeforeTheirContainers() throws {
        let text = #"[[1],{"a":2,"b":[3,[]]}]"#
        let streamed = try Self.run("$..*", over: text, order: .streaming).found.map(\.value)
        #expect(streamed == ["1", "[1]", "2", "3", "[]", "[3,[]]", #"{"a":2,"b":[3,[]]}"#])
        let rfc = try Self.run("$..*", over: text, order: .rfc9535).found.map(\.value)
        #expect(rfc == ["[1]", #"{"a":2,"b":[3,[]]}"#, "1", "2", "[3,[]]", "3", "[]"])
    }

    @Test func unionsAreNotReordered() throws {
        let text = #"{"a":1,"b":2,"c":3}"#
        #expect(try Self.run("$['c','a']", over: text, order: .streaming).found.map(\.value) == ["1", "3"])
        #expect(try Self.run("$['c','a']", over: text, order: .rfc9535).found.map(\.value) == ["3", "1"])
    }

    @Test func descendantMatchesAreNotHeld() throws {
        var text = #"{"items":["#
        for index in 0..<10_000 {
            text += (index == 0 ? "" : ",") + #"{"uri":"u\#(index)","sub":{"uri":"s\#(index)"}}"#
        }
        text += "]}"
        let streamed = try Self.run("$..uri", over: text, order: .streaming)
        #expect(streamed.found.count == 20_000)
        #expect(streamed.peakHeld == 0)
        #expect(streamed.found.prefix(3).map(\.value) == [#""u0""#, #""s0""#, #""u1""#])
        let rfc = try Self.run("$..uri", over: text, order: .rfc9535)
        #expect(rfc.peakHeld == 20_000)
    }

    @Test func indicesFromTheEndHoldOnlyTheirArrays() throws {
        // 300 arrays of 20 elements: `$..[-1]` in streaming order releases each array's last
        // element when the array closes.
        var text = "["
        for outer in 0..<300 {
            text += (outer == 0 ? "[" : ",[") + (0..<20).map { String(outer * 20 + $0) }.joined(separator: ",") + "]"
        }
        text += "]"
        let streamed = try Self.run("$..[-1]", over: text, order: .streaming)
        #expect(streamed.found.count == 301)
        #expect(streamed.found.first?.value == "19")
        #expect(streamed.found.last?.value == "[" + (5_980..<6_000).map(String.init).joined(separator: ",") + "]")
        #expect(streamed.peakHeld <= 3)
        let rfc = try Self.run("$..[-1]", over: text, order: .rfc9535)
        #expect(rfc.peakHeld > 300)
        #expect(Set(rfc.found) == Set(streamed.found))
    }

    @Test func negativeIndexInStreamingOrderWaitsForItsArray() throws {
        let text = #"{"a":[{"b":[1,2]},{"b":[3,4]}],"c":5}"#
        let streamed = try Self.run("$.a[-1].b[*]", over: text, order: .streaming).found.map(\.value)
        #expect(streamed == ["3", "4"])
        let combined = try Self.run("$.a[-1]..*", over: text, order: .streaming).found.map(\.value)
        #expect(combined == ["3", "4", "[3,4]"])
    }
}
