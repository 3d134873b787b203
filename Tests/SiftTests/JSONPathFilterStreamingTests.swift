import Foundation
import Testing

@testable import Sift

/// Filters streamed: random documents × random filter expressions in paths of several shapes,
/// streamed whole, in chunks of every size and split in two at every byte, agree with the
/// in-memory evaluation (``TypedJSONPath/values(in:)``), values and paths, in both result orders.
@Suite struct JSONPathFilterStreamingTests {
    static let shapes = ["$[?F]", "$..[?F]", "$[?F].a", "$[*][?F]", "$..[?F]..b", "$[?F,?F]", "$[?F][?F]", "$[0,?F]"]

    @Test func streamedAgreesWithInMemory() throws {
        var random = JSONPathFilterRandomTests.Generator(state: 23)
        var selectedSome = 0
        for index in 0..<240 {
            let root = JSONValue.array(
                (0..<Int.random(in: 1..<5, using: &random)).map { _ in JSONPathFilterRandomTests.document(&random) })
            let shape = Self.shapes[index % Self.shapes.count]
            var text = ""
            for part in shape.split(separator: "F", omittingEmptySubsequences: false).enumerated() {
                if part.offset > 0 { text += JSONPathFilterRandomTests.expression(&random).text }
                text += part.element
            }
            let path = try JSONPath(text)
            let expected = PathSelection.select(path.alternatives[0][...], from: root).map {
                ($0.path.normalized, $0.value)
            }
            if !expected.isEmpty { selectedSome += 1 }
            let bytes = Array(JSONWriterTestSupport.serialize(root).utf8)
            var splits: [[Int]] = [[]] + (1..<bytes.count).map { [$0] }
            splits.append(Array(stride(from: 1, to: bytes.count, by: 1)))
            splits.append(Array(stride(from: 3, to: bytes.count, by: 3)))
            for split in splits {
                let streamed = try JSONPathComplianceTests.stream(path, over: bytes, split: .at(split))
                #expect(
                    streamed.map(\.0) == expected.map(\.0) && streamed.map(\.1) == expected.map(\.1),
                    "case \(index): \(text) split at \(split) over \(JSONWriterTestSupport.serialize(root))")
                if streamed.map(\.0) != expected.map(\.0) { break }
            }
            let unordered = try JSONPathComplianceTests.stream(path, over: bytes, split: .whole, order: .streaming)
                .sorted { $0.0 < $1.0 }
            let sortedExpected = expected.sorted { $0.0 < $1.0 }
            #expect(unordered.map(\.0) == sortedExpected.map(\.0), "case \(index): \(text), streaming order")
        }
        #expect(selectedSome > 60)
    }

    /// Duplicate keys: a filter's query reads the first member of a name at every step, streamed
    /// (whole, in every chunk size and every two-piece split) as in memory.
    @Test func duplicateKeysReadTheFirstMemberInEverySplit() throws {
        let cases: [(path: String, text: String, expected: [String])] = [
            ("$[?@.k == 1].n", #"[{"k":1,"n":"a","k":2},{"k":2,"k":1,"n":"b"}]"#, [#""a""#]),
            ("$[?@.a.b == 2].n", #"[{"n":1,"a":{"c":1},"a":{"b":2}},{"a":1,"a":{"b":2},"n":2}]"#, []),
            ("$[?@.a.b == 2].n", #"[{"n":1,"a":{"b":2,"b":3},"a":{"b":4}},{"n":2,"a":{"b":3,"b":2}}]"#, ["1"]),
            ("$[?@.a[0] == 5].n", #"[{"n":1,"a":[],"a":[5]},{"n":2,"a":[5],"a":[]}]"#, ["2"]),
            ("$[?@.a.b.c].n", #"[{"n":1,"a":{"b":{},"b":{"c":0}}},{"n":2,"a":{"b":{"c":0}},"a":{}}]"#, ["2"]),
            (
                "$.body[?@.m.f == true && @.m.s > 0.5].id",
                #"{"body":[{"id":1,"m":{"f":false},"m":{"f":true,"s":1}},{"id":2,"m":{"s":0.7,"f":true,"f":false}}]}"#,
                ["2"]
            ),
            ("$.items[?@ == $.lim.x]", #"{"items":[1,5],"lim":{"x":1},"lim":{"x":5}}"#, ["1"]),
            ("$.items[?@ == $.lim.x]", #"{"lim":{"y":1},"items":[1,5],"lim":{"x":5}}"#, []),
            (
                "$[?@.o == @.p].n", #"[{"n":1,"o":{"x":1,"x":2},"p":{"x":1}},{"n":2,"o":{"x":2,"x":1},"p":{"x":1}}]"#,
                ["1"]
            ),
        ]
        for (path, text, expected) in cases {
            let inMemory = try JSONPath(path).value.values(in: try JSONValue(parsing: text))
            #expect(inMemory.map { JSONWriterTestSupport.serialize($0) } == expected, "\(path) in memory")
            let bytes = Array(text.utf8)
            for chunkSize in [1, 2, 3, 5, Int.max] {
                #expect(try Self.run(path, text, chunkSize: chunkSize).values == expected, "\(path) in \(chunkSize)")
            }
            for split in 1..<bytes.count {
                let streamed = try JSONPathComplianceTests.stream(try JSONPath(path), over: bytes, split: .at([split]))
                #expect(
                    streamed.map { JSONWriterTestSupport.serialize($0.1) } == expected, "\(path) split at \(split)")
            }
        }
    }

    /// A candidate decided at once comes out after an earlier one that waits for the document
    /// (found by the random test): its match keeps its place behind the held ones.
    @Test func decidedCandidatesKeepTheirPlaceBehindWaitingOnes() throws {
        let text = #"[null,["é",{"a":"B"},{"a":false,"c":false}],false,true]"#
        let path = "$[?!(length($[0]['a']) >= 1.0 && count(@['a']['a']) == count(@.*))]"
        let bytes = Array(text.utf8)
        for split in [[]] + (1..<bytes.count).map({ [$0] }) {
            let streamed = try JSONPathComplianceTests.stream(try JSONPath(path), over: bytes, split: .at(split))
            #expect(streamed.map(\.0) == ["$[0]", "$[1]", "$[2]", "$[3]"], "split at \(split)")
        }
        #expect(
            try Self.run("$[?@.a == $.z || @.b].n", #"{"x":{"a":1,"n":1},"y":{"b":1,"n":2},"z":1}"#).values == [
                "1", "2",
            ])
    }

    /// Runs `query` over `text` in chunks of `chunkSize`; returns the compact matches and the
    /// most matches held at once.
    static func run(
        _ query: String, _ text: String, chunkSize: Int = .max, options: JSONParserOptions = JSONParserOptions()
    ) throws -> (values: [String], peakHeld: Int) {
        var values: [String] = []
        var jsonQuery = JSONQuery(options: options)
        jsonQuery.add(try JSONPath(query).value) { values.append(JSONWriterTestSupport.serialize($0.value)) }
        let tokenizer = JSONTokenizer(options: options, handler: jsonQuery.makeMatcher())
        try tokenizer.feedAll(Array(text.utf8), inPiecesOf: chunkSize)
        return (values, tokenizer.handler.diagnostics.peakHeldMatches)
    }

    /// Only the operands are captured: a member deeper than a captured value may nest
    /// (``JSONValue/maximumDepth``) is scanned past, not captured.
    @Test func operandsAreCapturedAlone() throws {
        let deep = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
        let text = #"{"body":[{"id":1,"deep":\#(deep),"flag":true},{"id":2,"flag":false,"deep":\#(deep)}]}"#
        var options = JSONParserOptions()
        options.maximumDepth = 4000
        for chunkSize in [1, 7, Int.max] {
            let found = try Self.run("$.body[?@.flag == true].id", text, chunkSize: chunkSize, options: options)
            #expect(found.values == ["1"])
        }
        // An operand that goes past its names (`@.deep[0]`) captures its member, `deep`: too deep.
        #expect {
            _ = try Self.run("$.body[?@.deep[0]].id", text, options: options)
        } throws: { error in
            "\(error)".contains("the value nests deeper than 2048 levels, the most a JSONValue holds")
        }
    }

    /// A union mixing a filter with other selectors captures what the filter alone would (its
    /// operands), not the value it applies to: a member too deep to capture is scanned past.
    @Test func unionsWithFiltersCaptureOperandsAlone() throws {
        let deep = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
        let text =
            #"{"body":[{"id":1,"deep":\#(deep),"flag":true},{"id":2,"flag":false,"deep":\#(deep)},{"id":3,"flag":true}]}"#
        var options = JSONParserOptions()
        options.maximumDepth = 4000
        for chunkSize in [1, 7, Int.max] {
            let union = try Self.run("$.body[1, ?@.flag == true].id", text, chunkSize: chunkSize, options: options)
            #expect(union.values == ["2", "1", "3"])
            let names = try Self.run("$.body[?@.flag == false, 2].id", text, chunkSize: chunkSize, options: options)
            #expect(names.values == ["2", "3"])
        }
    }

    /// A container operand only tested for existence or compared with a literal decides by its
    /// kind alone: an empty one of its kind stands in, and the container, too deep to capture,
    /// is scanned past.
    @Test func containerOperandsTestedByKindAreNotCaptured() throws {
        let deepArray = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
        let deepObject = String(repeating: #"{"a":"#, count: 3000) + "1" + String(repeating: "}", count: 3000)
        let text =
            #"{"body":[{"id":1,"deep":\#(deepArray)},{"id":2,"deep":\#(deepObject)},{"id":3,"deep":7},{"id":4}]}"#
        var options = JSONParserOptions()
        options.maximumDepth = 7000
        let expected = [
            "$.body[?@.deep].id": ["1", "2", "3"],
            "$.body[?!@.deep].id": ["4"],
            "$.body[?@.deep == 7].id": ["3"],
            "$.body[?@.deep != 7].id": ["1", "2", "4"],
            "$.body[?@.deep <= 7 || @.deep >= 7].id": ["3"],
            "$.body[?@.deep == 7 || @.id == 2].id": ["2", "3"],
            // The candidate itself compared with a literal.
            "$.body[*][?@ == 7]": ["7"],
        ]
        for (path, values) in expected {
            for chunkSize in [1, 7, Int.max] {
                let found = try Self.run(path, text, chunkSize: chunkSize, options: options)
                #expect(found.values == values, "\(path) in chunks of \(chunkSize)")
            }
        }
        // Compared with another query, the value is needed whole: too deep to capture.
        #expect {
            _ = try Self.run("$.body[?@.deep == @.id].id", text, options: options)
        } throws: { error in
            "\(error)".contains("the value nests deeper than 2048 levels, the most a JSONValue holds")
        }
    }

    /// Operands before the selected values decide at once: nothing is held.
    ///
    /// Operands after them hold one candidate's matches at a time, however long the array.
    @Test func decidedAsEarlyAsPossible() throws {
        let first = (0..<50).map { #"{"id":"c\#($0)","text":{"title":"t\#($0)"}}"# }.joined(separator: ",")
        let early = try Self.run("$.body[?@.id == 'c7'].text.title", #"{"body":[\#(first)]}"#, chunkSize: 3)
        #expect(early.values == [#""t7""#])
        #expect(early.peakHeld == 0)
        let after = (0..<50).map { #"{"text":{"title":"t\#($0)"},"id":"c\#($0)"}"# }.joined(separator: ",")
        let late = try Self.run("$.body[?@.id == 'c7'].text.title", #"{"body":[\#(after)]}"#, chunkSize: 3)
        #expect(late.values == [#""t7""#])
        #expect(late.peakHeld == 1)
        // A false operand of a conjunction decides it, whatever comes later.
        let conjunction = try Self.run(
            "$[?@.a == 1 && @.b == 2].c", #"[{"a":0,"c":1,"b":2},{"a":1,"c":2,"b":2},{"c":3,"a":1,"b":2}]"#)
        #expect(conjunction.values == ["2", "3"])
        #expect(conjunction.peakHeld == 1)
    }

    /// A candidate inside another's held region waits on both; missing operands are Nothing.
    @Test func nestedCandidates() throws {
        let text =
            #"{"a":[{"in":[{"z":1,"y":2},{"z":2,"y":3},{"z":3}],"x":1},{"in":[{"z":4,"y":2}],"x":0},"#
            + #"{"x":1,"in":[{"y":2,"z":5}]}]}"#
        for query in ["$.a[?@.x == 1].in[?@.y == 2].z", "$.a[?@.x == 1]..[?@.y == 2 || !@.y].z"] {
            let expected = try JSONPath(query).value.values(in: try JSONValue(parsing: text))
            for chunkSize in 1...9 {
                let found = try Self.run(query, text, chunkSize: chunkSize)
                #expect(found.values == expected.map(JSONWriterTestSupport.serialize), "\(query), \(chunkSize)")
            }
        }
        #expect(try Self.run("$.a[?@.x == 1].in[?@.y == 2].z", text).values == ["1", "5"])
    }

    /// Absolute queries read document slots: candidates wait for them (here, `limit` after the
    /// books), and are decided as soon as they are read (here, `limit` first: nothing held).
    @Test func absoluteQueriesWaitForTheDocument() throws {
        let books = #"[{"p":8,"t":"a"},{"p":12,"t":"b"},{"p":9,"t":"c"}]"#
        let query = "$.book[?@.p < $.limit].t"
        for chunkSize in 1...9 {
            let after = try Self.run(query, #"{"book":\#(books),"limit":10}"#, chunkSize: chunkSize)
            #expect(after.values == [#""a""#, #""c""#])
            #expect(after.peakHeld == 3)
            let before = try Self.run(query, #"{"limit":10,"book":\#(books)}"#, chunkSize: chunkSize)
            #expect(before.values == [#""a""#, #""c""#])
            #expect(before.peakHeld == 0)
        }
        // Not in the document: Nothing, which equals only Nothing.
        #expect(try Self.run("$.a[?@.x == $.none].y", #"{"a":[{"y":1},{"x":1,"y":2}]}"#).values == ["1"])
        // Nested candidates, operands of both filters in the document.
        let nested = #"{"a":[{"in":[{"y":2},{"y":3}],"x":1},{"x":2,"in":[{"y":2}]}],"l":1,"m":2}"#
        let nestedQuery = "$.a[?@.x == $.l].in[?@.y == $.m].y"
        let expected = try JSONPath(nestedQuery).value.values(in: try JSONValue(parsing: nested))
        #expect(expected == [2])
        for chunkSize in 1...9 {
            #expect(try Self.run(nestedQuery, nested, chunkSize: chunkSize).values == ["2"])
        }
    }

    /// Each document of a stream of documents has its own slots.
    @Test func documentSlotsAreThoseOfTheirDocument() throws {
        var options = JSONParserOptions()
        options.allowsMultipleValues = true
        let text = #"{"a":[{"x":1,"n":"first"}],"l":1} {"a":[{"x":1,"n":"second"}],"l":2} {"a":[{"x":2,"n":"third"}]}"#
        for chunkSize in [1, 5, Int.max] {
            let found = try Self.run("$.a[?@.x == $.l].n", text, chunkSize: chunkSize, options: options)
            #expect(found.values == [#""first""#])
        }
    }
}
