import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// Streaming results must equal RFC 9535 evaluation in memory, for every split of the input.
@Suite struct PathStreamingTests {
    static let documents: [String] = [
        #"{"store":{"book":[{"title":"A","price":8.95,"tags":["x","y"]},{"title":"B","price":12,"isbn":"0-553"},{"title":"C\"q","price":8.99}],"bicycle":{"color":"red","price":19.95}},"ids":[1,2,3,4,5,6,7,8,9,10]}"#,
        #"[[[1]],[2],{"a":{"a":{"a":3}},"b":[{"a":4},{"c":[5,{"a":6}]}]},"é\u0000",-0.5e-3,true,null,[]]"#,
        #"{"body":[{"id":"c1","text":{"title":"Hello","subtitle":"World"},"children":[{"id":"c1.1","text":{"title":"Inner"}}]},{"id":"c2","text":{"title":"Second\nline"}},{"id":"c3"}],"header":{"text":{"title":"Head"}}}"#,
        // Names sharing their first eight bytes, a name and the same name plus NUL, the empty
        // name, multi-byte names: states with many names look them up through a hash table.
        #"{"created_at":1,"created_at_1":2,"created_at_2":3,"ab":4,"ab\u0000":5,"":6,"é":7,"ключ":8,"k":{"ab":9,"created_at_2":[10,{"ab":11}]}}"#,
        // Objects whose members one state picks by name (the matcher tracks them without
        // entries): skipped containers and scalars between picked members, picked containers,
        // nested picked objects.
        #"{"o":{"x":[1,{"a":0}],"w":1,"y":{"a":2},"b":{"d":[3],"c":{"e":4},"f":2},"a":[5,{"a":6}],"z":null},"p":{"a":8}}"#,
        // Long names: a state rules keys out by length first, and names of 63 bytes and more
        // share one length class (a 65-byte key is compared with 63-, 64- and 70-byte names).
        #"{"L":{"\#(long[0])":1,"\#(long[1])":2,"\#(long[2])":{"\#(long[1])":3},"\#(long[3])":4,"\#(long[4])":[5,{"\#(long[2])":6}],"":7},"\#(long[1])":8}"#,
    ]

    /// Names of 62, 63, 64, 65 and 70 bytes (the last four sharing their first 63).
    static let long = [String(repeating: "a", count: 62)] + [63, 64, 65, 70].map { String(repeating: "b", count: $0) }

    static let queries: [String] = [
        "$", "$.*", "$..*", "$..a", "$..title", "$.store.book[*].title", "$.store.book[-1]",
        "$.store.book[0,2].title", "$.store.book[1:]", "$.store.book[::-1].price", "$.ids[1:8:3]",
        "$.ids[-3:]", "$.ids[-1]", "$.ids[:-7]", "$['store']['bicycle']", "$[0][0][0]", "$[*][0]",
        "$..[0]", "$..[-1]", "$.body[*].text.title", "$.body[*].children[*].id", "$.body[*]['id','text']",
        "$..id", "$.store..price", "$[2].b[1].c[-1].a", "$.header.text",
        "$['created_at_1','created_at_2','ab','ab\\u0000','','é','ключ','missing','created_at']",
        "$['ab','x','ab','y','z','ab']", "$..['created_at_2','ab','k','k1','k2','k3']",
        "$.o.a", "$.o.b.c", "$.o.b.c.e", "$.o.a[1].a", "$.*.a", "$.o['a','b']",
        "$.L['\(long[1])','\(long[2])','\(long[4])','']", "$..['\(long[1])','\(long[4])']", "$..\(long[2])",
        "$.L['\(long[0])','x']", "$.L.\(long[2]).\(long[1])",
    ]

    func check(_ query: String, _ text: String, chunkSizes: [Int]) throws {
        let path = try JSONPath(query)
        let document = try parseValue(text)
        let expected = PathSelection.select(path.alternatives[0][...], from: document)
        let bytes = Array(text.utf8)
        for chunkSize in chunkSizes {
            let streamed = try JSONPathComplianceTests.stream(path, over: bytes, split: .size(chunkSize))
            #expect(streamed.map(\.1) == expected.map(\.value), "\(query), chunks of \(chunkSize)")
            #expect(streamed.map(\.0) == expected.map(\.path.normalized), "\(query) paths, chunks of \(chunkSize)")
        }
    }

    @Test(arguments: queries)
    func everyChunkSizeMatchesMemory(query: String) throws {
        for (index, document) in Self.documents.enumerated() {
            let sizes = index == 0 ? Array(1...31) : [1, 2, 3, 5, 8, 13, 21]
            try check(query, document, chunkSizes: sizes + [document.utf8.count])
        }
    }

    @Test(.enabled(if: Corpora.isAvailable), arguments: ["twitter.json", "citm_catalog.json"])
    func corporaMatchMemory(file: String) throws {
        let data = Data(try Corpora.bytes(file))
        let text = String(decoding: data, as: UTF8.self)
        let queries =
            file == "twitter.json"
            ? [
                "$.statuses[*].user.screen_name", "$..hashtags[*].text", "$.statuses[-2:].id",
                "$.statuses[3].user['name','followers_count']",
            ]
            : ["$.performances[*].seatCategories[*].areas[*].areaId", "$.events.*.name", "$..subTopicIds[-1]"]
        for query in queries {
            try check(query, text, chunkSizes: [data.count, 4093])
        }
    }

    @Test func negativeIndexHoldsOnlyTheWindow() throws {
        // `[-2]` over 100 000 elements holds at most 2 elements' matches (plus the one arriving).
        var text = "{\"a\":["
        for index in 0..<100_000 { text += index == 0 ? "{\"v\":\(index)}" : ",{\"v\":\(index)}" }
        text += "]}"
        var query = JSONQuery()
        let handle = query.add(try JSONPath("$.a[-2].v").integer)
        let tokenizer = JSONTokenizer(handler: query.makeMatcher())
        try tokenizer.feed(Array(text.utf8))
        try tokenizer.finish()
        #expect(JSONQueryResults(slots: tokenizer.handler.receiver.slots)[handle] == [99_998])
        #expect(tokenizer.handler.diagnostics.peakHeldMatches <= 3)
    }

    @Test func unmatchedSubtreesAreNotCaptured() throws {
        // A value destination captures only what it selects: the capture count stays at one per match.
        let text = #"{"big":[[[1,2,3]],{"x":{"y":[4,5]}}],"want":{"k":[1,{"z":2}]}}"#
        #expect(try streamValues(JSONPath.root.goTo("want").value, text) == [try parseValue(#"{"k":[1,{"z":2}]}"#)])
    }

    @Test func callbackCanStopEarly() throws {
        var seen: [Int] = []
        var query = JSONQuery()
        query.add(try JSONPath("$[*]").integer) { match in
            seen.append(match.value)
            if match.value == 3 { match.stopParsing() }
        }
        // Everything after the stop is never parsed: the invalid tail raises no error.
        let results = try query.run(.string("[1,2,3,4,5 this is not JSON"))
        _ = results
        #expect(seen == [1, 2, 3])
    }

    @Test func matchesCarryLocationsAndPaths() throws {
        var found: [String] = []
        var query = JSONQuery()
        query.add(try JSONPath("$.a[*].b").value) { match in
            found.append("\(match.path) \(match.location) \(JSONWriterTestSupport.serialize(match.value))")
        }
        try query.run(.string("{\"a\":[\n  {\"b\":1},\n  {\"b\":\"x\"}\n]}"))
        #expect(found == ["$.a[0].b 2:8 1", "$.a[1].b 3:8 \"x\""])
    }

    /// Places are computed on demand: a match kept after its callback must still know where it
    /// was found, however the input was split.
    @Test(arguments: [1, 3, 7, 1000])
    func keptMatchesKeepTheirPlaces(chunkSize: Int) async throws {
        let text = "{\"a\":[\n  {\"b\":1},\n  {\"b\":\"x\"},\n  {\"b\":{\"c\":true}}\n]}"
        var kept: [JSONMatch<JSONValue>] = []
        var seenInside: [String] = []
        var query = JSONQuery()
        query.add(try JSONPath("$.a[*].b").value) { match in
            if match.value != .number(JSONNumber(1)) { seenInside.append("\(match.path) \(match.location)") }
            kept.append(match)
        }
        try await query.run(chunks: TokenizerTestSupport.chunks(of: Array(text.utf8), size: chunkSize))
        #expect(kept.map { "\($0.path) \($0.location)" } == ["$.a[0].b 2:8", "$.a[1].b 3:8", "$.a[2].b 4:8"])
        #expect(seenInside == ["$.a[1].b 3:8", "$.a[2].b 4:8"])
    }
}
