import Foundation
import Testing

@testable import Sift

@Suite("JSONWriter nesting depth")
struct WriterDepthTests {
    /// `[` or `{"k":` at even or odd levels, outermost first, around `1`.
    static func nestedText(depth: Int) -> String {
        var text = ""
        for level in 0..<depth { text += level % 2 == 0 ? "[" : #"{"k":"# }
        text += "1"
        for level in (0..<depth).reversed() { text += level % 2 == 0 ? "]" : "}" }
        return text
    }

    /// The value of ``nestedText(depth:)``, built inside out without recursion.
    static func nestedValue(depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for level in (0..<depth).reversed() { value = level % 2 == 0 ? [value] : ["k": value] }
        return value
    }

    /// Takes a nested value apart from the outside in, so that releasing it does not recurse;
    /// returns the number of levels.
    static func dismantle(_ value: inout JSONValue) -> Int {
        var levels = 0
        while true {
            switch value {
            case .array(let elements) where elements.count == 1: value = elements[0]
            case .object(let object) where object.count == 1: value = object.members[0].value
            default: return levels
            }
            levels += 1
        }
    }

    @Test func aMillionLevelsOfEventsAreWritten() throws {
        let depth = 1_000_000
        let writer = JSONWriter(sink: JSONBufferSink(capacity: 2 * depth + 1))
        for _ in 0..<depth { try writer.write(JSONEvent.startArray) }
        #expect(writer.depth == depth)
        try writer.int(7)
        for _ in 0..<depth { try writer.write(JSONEvent.endArray) }
        #expect(writer.isComplete)
        let bytes = writer.sink.bytes
        #expect(bytes.count == 2 * depth + 1)
        #expect(bytes[..<depth].allSatisfy { $0 == UInt8(ascii: "[") })
        #expect(bytes[depth] == UInt8(ascii: "7"))
        #expect(bytes[(depth + 1)...].allSatisfy { $0 == UInt8(ascii: "]") })
    }

    @Test func deepEmptyContainersAndObjectsAreWritten() throws {
        let depth = 300_000
        let writer = JSONWriter()
        for _ in 0..<depth {
            try writer.beginObject()
            try writer.key("a")
        }
        try writer.beginArray()
        try writer.endArray()
        for _ in 0..<depth { try writer.endObject() }
        let expected = String(repeating: #"{"a":"#, count: depth) + "[]" + String(repeating: "}", count: depth)
        #expect(writer.sink.string == expected)
    }

    @Test func tenThousandLevelsOfValueAreWritten() throws {
        let depth = 10_000
        var value = Self.nestedValue(depth: depth)
        let text = Self.nestedText(depth: depth)
        #expect(try value.jsonString() == text)
        #expect(value.description == text)

        // Inside an object, after other members.
        let writer = JSONWriter()
        try writer.beginObject()
        try writer.key("before")
        try writer.write([[:], []] as JSONValue)
        try writer.key("deep")
        try writer.write(value)
        try writer.endObject()
        #expect(writer.sink.string == #"{"before":[{},[]],"deep":"# + text + "}")

        // Pretty output reads back as the same document (re-encoded compactly event by event: a
        // JSONValue this deep is refused by the parser, past JSONValue.maximumDepth).
        let pretty = try value.jsonBytes(options: .pretty)
        let compact = JSONWriter()
        try JSONTokenizer(options: JSONParserOptions(maximumDepth: depth), handler: compact).parse(.bytes(pretty))
        #expect(compact.sink.string == text)
        #expect(Self.dismantle(&value) == depth)
    }

    @Test func prettyOutputIndentsEveryLevel() throws {
        let writer = JSONWriter(options: JSONWriterOptions(prettyPrinted: true, indent: " "))
        try writer.write(Self.nestedValue(depth: 4))
        #expect(writer.sink.string == "[\n {\n  \"k\": [\n   {\n    \"k\": 1\n   }\n  ]\n }\n]\n")
        let deep = JSONWriter(options: .pretty)
        for _ in 0..<100 { try deep.beginArray() }
        for _ in 0..<100 { try deep.endArray() }
        var expected = ""
        for level in 0..<99 { expected += String(repeating: "  ", count: level) + "[\n" }
        expected += String(repeating: "  ", count: 99) + "[]\n"
        for level in (0..<99).reversed() { expected += String(repeating: "  ", count: level) + "]\n" }
        #expect(deep.sink.string == expected)
    }

    @Test(arguments: [(2_000, 1), (2_000, 3), (100_000, 65_536)])
    func whatTheTokenizerAcceptsIsWrittenBack(depth: Int, chunkSize: Int) throws {
        let text = Array(Self.nestedText(depth: depth).utf8)
        let writer = JSONWriter()
        let tokenizer = JSONTokenizer(options: JSONParserOptions(maximumDepth: depth), handler: writer)
        for start in stride(from: 0, to: text.count, by: chunkSize) {
            try tokenizer.feed(text[start..<min(start + chunkSize, text.count)])
        }
        try tokenizer.finish()
        #expect(writer.sink.bytes == text)
    }
}
