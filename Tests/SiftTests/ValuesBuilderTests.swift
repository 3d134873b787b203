import Foundation
import SiftCorpora
import Testing

@testable import Sift

@Suite("JSONValueBuilder and parsing")
struct ValuesBuilderTests {
    @Test func consumeReturnsTheValueWhenItCompletes() throws {
        let events = try ValuesRecordedEvent.record(#"{"a":[1,{"b":null}],"c":"d","a":true}"#)
        var builder = JSONValueBuilder()
        var results: [JSONValue?] = []
        for event in events {
            results.append(event.withEvent { builder.consume($0) })
        }
        #expect(results.dropLast().allSatisfy { $0 == nil })
        let value = try #require(results.last ?? nil)
        #expect(value == ["a": [1, ["b": .null]], "c": "d", "a": true])
        #expect(value.objectValue?.map(\.key) == ["a", "c", "a"])
        #expect(value["a"] == true)
        #expect(builder.depth == 0)
    }

    @Test func scalarsCompleteAtOnce() throws {
        var builder = JSONValueBuilder()
        #expect(builder.consume(.null) == .null)
        #expect(builder.consume(.bool(true)) == true)
        let text: [UInt8] = Array("-1.50".utf8)
        let number = text.withUnsafeBytes { builder.consume(.number(JSONBytes($0))) }
        #expect(number?.numberValue?.text == "-1.50")
        #expect(builder.consume(.startArray) == nil)
        #expect(builder.depth == 1)
        #expect(builder.consume(.endArray) == [])
    }

    @Test func aBuilderCanCaptureASubtreeOfAnotherHandlersEvents() throws {
        // What the path engine does: feed only the events of `$.items[1]`.
        var builder = JSONValueBuilder()
        var captured: [JSONValue] = []
        var capturing = false
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, context in
                if !capturing, event.beginsValue, context.path.description == "$.items[1]" { capturing = true }
                guard capturing else { return }
                if let value = builder.consume(event) {
                    captured.append(value)
                    capturing = false
                }
            })
        try tokenizer.feed(Array(#"{"items":[{"x":1},{"y":[2,3]},{"z":4}]}"#.utf8))
        try tokenizer.finish()
        #expect(captured == [["y": [2, 3]]])
    }

    @Test(arguments: [1, 2, 3, 7, 31, 4096])
    func chunkedParsingGivesTheSameValue(chunkSize: Int) throws {
        let text = #"{"s":"h\u00e9llo \"q\"","n":[0,-1.5e3,12345678901234567890123],"o":{"":{}},"t":[true,false,null]}"#
        let whole = try JSONValue(parsing: text)
        let tokenizer = JSONTokenizer(handler: JSONValueBuilder())
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            try tokenizer.feed(bytes[start..<min(start + chunkSize, bytes.count)])
        }
        try tokenizer.finish()
        #expect(tokenizer.handler.values == [whole])
        #expect(whole["s"] == "héllo \"q\"")
        #expect(whole["n"]?[2]?.numberValue?.text == "12345678901234567890123")
    }

    @Test func deepNestingDoesNotRecurse() throws {
        // As deep as a JSONValue may be (deeper is refused: PathDeepValueTests).
        let depth = JSONValue.maximumDepth
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var value = try JSONValue(parsing: text, options: JSONParserOptions(maximumDepth: depth))
        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            value = elements[0]
        }
        #expect(levels == depth)
        #expect(value == 1)
    }

    @Test func parsingErrorsAreReported() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,") }
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "") }
        #expect(throws: JSONParseError.self) {
            try JSONValue(parsing: "1 2", options: JSONParserOptions(allowsMultipleValues: true))
        }
    }

    @Test func parseAllReadsEveryValue() throws {
        #expect(try JSONValue.parseAll("1 [2]\n{\"a\":3}\n\"x\"") == [1, [2], ["a": 3], "x"])
        #expect(try JSONValue.parseAll("") == [])
        #expect(try JSONValue.parseAll(" \n\t\r\n") == [])
        #expect(try JSONValue.parseAll(Data("{}\n".utf8)) == [[:]])
        #expect(throws: JSONParseError.self) { try JSONValue.parseAll("1 [") }
        #expect(throws: JSONParseError.self) { try JSONValue.parseAll("tru") }
    }

    @Test(.enabled(if: Corpora.isAvailable))
    func parseAllReadsNDJSON() throws {
        let bytes = try Corpora.bytes("amazon_cellphones.ndjson")
        let values = try JSONValue.parseAll(bytes)
        let lines = bytes.split(separator: UInt8(ascii: "\n")).filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x0D } }
        #expect(values.count == lines.count)
        #expect(try values.first == JSONValue(parsing: lines[0]))
        #expect(try values.last == JSONValue(parsing: lines[lines.count - 1]))
    }

    @Test func parsingAStringAndBytesAgree() throws {
        let text = #"{"emoji":"👍🏽","escaped":"\ud83d\ude00"}"#
        let fromString = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: Array(text.utf8)) == fromString)
        #expect(try JSONValue(parsing: AnySequence(text.utf8)) == fromString)
        #expect(fromString["escaped"] == "😀")
    }

    @Test func isReusableOnlyBetweenValuesAndWhileItsStacksAreSmall() throws {
        var builder = JSONValueBuilder()
        #expect(builder.isReusable)
        let small = try ValuesRecordedEvent.record(#"{"a":[1,{"b":"c"}],"d":[]}"#)
        for event in small.dropLast() { _ = event.withEvent { builder.consume($0) } }
        #expect(!builder.isReusable)
        _ = try #require(small.last).withEvent { builder.consume($0) }
        #expect(builder.isReusable)
        let count = JSONValueBuilder.largestReusedStack + 1
        let huge = try ValuesRecordedEvent.record(
            "[" + Array(repeating: "0", count: count).joined(separator: ",") + "]")
        var completed: JSONValue?
        for event in huge { completed = event.withEvent { builder.consume($0) } }
        #expect(completed?.arrayValue?.count == count)
        #expect(!builder.isReusable)
    }

    /// A path engine reuses one builder from capture to capture: values captured one after
    /// another (with the same keys, other keys, after one too large to keep the builder) are
    /// the same as in memory, at every chunk size.
    @Test func capturesInARowBuildTheSameValuesAsMemory() throws {
        let large =
            "["
            + (0...JSONValueBuilder.largestReusedStack).map { #"{"k\#($0 % 5)":\#($0)}"# }
            .joined(separator: ",") + "]"
        let text =
            #"{"items":[{"id":1,"tags":["a","b"]},{"id":2,"tags":[]},"#
            + #"{"other":{"id":"x","deep":[[{"id":3}]]}},\#(large),{"id":4,"é":"ü"},[true,null,-1.5e3],7,{"id":5}]}"#
        let path = try JSONPath("$.items[*]")
        let document = try JSONValue(parsing: text)
        let expected = PathSelection.select(path.alternatives[0][...], from: document).map(\.value)
        #expect(expected.count == 8)
        let bytes = Array(text.utf8)
        for chunkSize in [1, 7, 64, bytes.count] {
            let streamed = try JSONPathComplianceTests.stream(path, over: bytes, split: .size(chunkSize))
            #expect(streamed.map(\.1) == expected, "chunks of \(chunkSize)")
        }
    }
}

/// The builder's key cache: empty for a builder that sees no key, a few slots for a small object,
/// growing to its largest size only when keys keep missing; a cached key is the same string.
@Suite("JSONValueBuilder key cache")
struct ValuesKeyCacheTests {
    static func key(_ text: String, in cache: inout KeyCache) -> String {
        Array(text.utf8).withUnsafeBytes { cache.string(for: JSONBytes($0)) }
    }

    @Test func startsEmptyAndTakesFewSlotsOnlyAfterTheFirstKeys() {
        var cache = KeyCache()
        #expect(cache.slots.isEmpty)
        let names = ["id", "title", "uri", "id", "title"]
        for _ in 0..<(KeyCache.uncachedKeys / names.count) {
            for name in names { #expect(Self.key(name, in: &cache) == name) }
        }
        #expect(cache.slots.isEmpty, "a small object's keys make no table")
        for name in names { #expect(Self.key(name, in: &cache) == name) }
        #expect(cache.slots.count == KeyCache.smallestSlotCount)
        #expect(Set(cache.slots.filter { !$0.isEmpty }).isSubset(of: ["id", "title", "uri"]))
    }

    @Test func growsWhenKeysKeepMissingAndKeepsFindingThem() {
        var cache = KeyCache()
        let names = (0..<600).map { "key-\($0)" }
        for name in names { #expect(Self.key(name, in: &cache) == name) }
        #expect(cache.slots.count == KeyCache.largestSlotCount)
        for name in names.reversed() { #expect(Self.key(name, in: &cache) == name) }
        // Empty and overlong keys are not cached.
        #expect(Self.key("", in: &cache) == "")
        let long = String(repeating: "k", count: 65)
        #expect(Self.key(long, in: &cache) == long)
        #expect(!cache.slots.contains(long))
    }

    @Test func manyObjectsWithRepeatedAndDistinctKeysBuildTheSameValues() throws {
        var text = "["
        for index in 0..<400 {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name\#(index % 37)":"n","uri":"u\#(index)","k\#(index)":[\#(index)]}"#
        }
        text += "]"
        let value = try JSONValue(parsing: text)
        let elements = try #require(value.arrayValue)
        #expect(elements.count == 400)
        for (index, element) in elements.enumerated() {
            #expect(element.objectValue?.map(\.key) == ["id", "name\(index % 37)", "uri", "k\(index)"])
            #expect(element["uri"] == .string("u\(index)"))
        }
    }
}
