import Foundation
import Testing

@testable import Sift

/// `JSONEventContext`: offset, location, path and depth of every event, checked against a small
/// reference lexer, in every split of the input (token starts must not depend on chunking, also
/// for strings much longer than a chunk or than the tokenizer's history).
@Suite struct TokenizerContextTests {
    /// Start offsets of the tokens that become events (everything but `,` and `:`).
    static func referenceTokenStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"):
                index += 1
            case UInt8(ascii: "\""):
                starts.append(index)
                index += 1
                while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
                starts.append(index)
                index += 1
            default:
                starts.append(index)
                while index < bytes.count, TokenizerState.isWordByte(bytes[index]) { index += 1 }
            }
        }
        return starts
    }

    /// Line and column of an offset, counting CR, LF and CRLF as one break each.
    static func referenceLocation(_ bytes: [UInt8], _ offset: Int) -> Sift.SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == 0x0D || bytes[index] == 0x0A {
                if bytes[index] == 0x0D, index + 1 < offset, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return SourceLocation(offset: offset, line: line, column: offset - lineStart + 1)
    }

    struct Observed: Equatable {
        var offset: Int
        var location: Sift.SourceLocation
        var path: String
        var depth: Int
    }

    struct Recorder: JSONEventHandler {
        var observed: [Observed] = []
        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            observed.append(
                Observed(
                    offset: context.offset, location: context.location, path: context.path.description,
                    depth: context.depth))
        }
    }

    static let longText = String(repeating: "long text é 東 \\\" \\\\ ", count: 20)

    static let documents: [String] = [
        "{\"a\": [1, \"two\", {\"three\": 3.0e0}], \"b\": null}",
        "{\r\n  \"name\": \"x\",\r\n  \"list\": [\r\n    true,\r\n    false\r\n  ]\r\n}\r\n",
        "[\"\(longText)\", \"\\\\\\\\\", \"\\\\\", 12345678901234567890123, {\"\(longText)\": [\"\(longText)\"]}]",
        "\r[\n1\r,\r\n2\n\r]",
        "{\n  \"a\": [\n    1,\n    \"x\\ny\"\n  ],\n\n  \"b\": {\"c\": [true, false, null]}\n}\n",
        "[\"\\\"\", \"\\\\\", \"\\\\\\\"\", \"a\\\\\\\\\"]",
    ]

    @Test(arguments: documents)
    func offsetsAndLocationsMatchTheReferenceInEverySplit(document: String) throws {
        let bytes = Array(document.utf8)
        let starts = Self.referenceTokenStarts(bytes)
        let whole = JSONTokenizer(handler: Recorder())
        #expect(TokenizerTestSupport.run(whole, bytes, split: .whole) == nil)
        #expect(whole.handler.observed.map(\.offset) == starts)
        #expect(whole.handler.observed.map(\.location) == starts.map { Self.referenceLocation(bytes, $0) })
        for split in TokenizerTestSupport.Split.sweep(randomCount: 8) {
            let tokenizer = JSONTokenizer(handler: Recorder())
            #expect(TokenizerTestSupport.run(tokenizer, bytes, split: split) == nil)
            #expect(tokenizer.handler.observed == whole.handler.observed, "\(split)")
            if tokenizer.handler.observed != whole.handler.observed { break }
        }
    }

    @Test func pathAndDepthOfEachEvent() throws {
        var lines: [String] = []
        try JSONTokenizer.tokenize(#"{"a":[{"b":1},[]],"c":{}}"#) { event, context in
            lines.append("\(event) \(context.path) \(context.depth)")
        }
        #expect(
            lines == [
                "startObject $ 1", #"key("a") $.a 1"#, "startArray $.a 2", "startObject $.a[0] 3",
                #"key("b") $.a[0].b 3"#,
                "number(1) $.a[0].b 3", "endObject $.a[0] 2", "startArray $.a[1] 3", "endArray $.a[1] 2",
                "endArray $.a 1",
                #"key("c") $.c 1"#, "startObject $.c 2", "endObject $.c 1", "endObject $ 0",
            ])
    }

    @Test func topLevelNumberIsLocatedAtFinish() throws {
        let tokenizer = JSONTokenizer(handler: Recorder())
        try tokenizer.feed(Array("  \n 12".utf8))
        try tokenizer.feed(Array("34".utf8))
        #expect(tokenizer.handler.observed.isEmpty)  // a number only ends at the end of input
        try tokenizer.finish()
        #expect(
            tokenizer.handler.observed == [
                Observed(offset: 4, location: SourceLocation(offset: 4, line: 2, column: 2), path: "$", depth: 0)
            ])
    }

    /// A handler that skips a container gets its closing event next; the skipped contents are
    /// still parsed, and an error inside them keeps its path.
    @Test(arguments: [1, 2, 5, 100])
    func skippedContentsAreNotDelivered(chunkSize: Int) throws {
        func run(_ text: String) throws -> [String] {
            var seen: [String] = []
            let tokenizer = JSONTokenizer(
                handler: JSONEventClosure { event, context in
                    seen.append("\(event)@\(context.depth)")
                    if case .startObject = event, context.depth == 2 { context.skipContents() }
                })
            let bytes = Array(text.utf8)
            for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                try tokenizer.feed(bytes[start..<min(start + chunkSize, bytes.count)])
            }
            try tokenizer.finish()
            return seen
        }
        let events = try run(#"{"a":{"b":[1,{"c":2}],"d":3},"e":[{"f":4},5]}"#)
        #expect(
            events == [
                "startObject@1", "key(\"a\")@1", "startObject@2", "endObject@1", "key(\"e\")@1",
                "startArray@2", "startObject@3", "key(\"f\")@3", "number(4)@3", "endObject@2", "number(5)@2",
                "endArray@1", "endObject@0",
            ])
        let error = #expect(throws: JSONParseError.self) { try run(#"{"a":{"b":[1,{"c":]}}}"#) }
        #expect(error?.path.description == "$.a.b[1].c")
    }
}
