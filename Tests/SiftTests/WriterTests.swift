import Foundation
import Testing

@testable import Sift

@Suite("JSONWriter output and errors")
struct WriterTests {
    @Test func compactOutput() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", .null, true, false], "b": [:], "c": [], "d": ["e": [[]]]]
        #expect(try value.jsonString() == #"{"a":[1,2.5,"x",null,true,false],"b":{},"c":[],"d":{"e":[[]]}}"#)
    }

    @Test func prettyOutputExactText() throws {
        let value: JSONValue = ["name": "Ada", "langs": ["en", "fr"], "empty": [:], "none": [], "nested": ["n": 1]]
        let expected = """
            {
              "name": "Ada",
              "langs": [
                "en",
                "fr"
              ],
              "empty": {},
              "none": [],
              "nested": {
                "n": 1
              }
            }

            """
        #expect(try value.jsonString(pretty: true) == expected)
        let writer = JSONWriter(options: JSONWriterOptions(prettyPrinted: true, indent: "\t"))
        try writer.write([[1], [:]] as JSONValue)
        #expect(writer.sink.string == "[\n\t[\n\t\t1\n\t],\n\t{}\n]\n")
        #expect(try JSONValue.string("x").jsonString(pretty: true) == "\"x\"\n")
    }

    @Test func indentKeepsOnlyWhitespace() throws {
        let writer = JSONWriter(options: JSONWriterOptions(prettyPrinted: true, indent: "-> "))
        try writer.write([1] as JSONValue)
        #expect(writer.sink.string == "[\n 1\n]\n")
    }

    @Test func stringEscaping() throws {
        let text = "q\" b\\ s/ \u{0} \u{1} \u{8} \u{C} \n \r \t \u{1F} \u{7F} é 😀"
        let expected = #""q\" b\\ s/ \u0000 \u0001 \b \f \n \r \t \u001F "# + "\u{7F} é 😀\""
        #expect(try JSONValue.string(text).jsonString() == expected)
        #expect(try JSONValue(parsing: expected) == .string(text))

        let slashes = JSONWriter(options: JSONWriterOptions(escapesSlashes: true))
        try slashes.string("</script>")
        #expect(slashes.sink.string == #""<\/script>""#)
    }

    @Test func keysAreEscapedToo() throws {
        #expect(try (["a\"b\n": 1] as JSONValue).jsonString() == #"{"a\"b\n":1}"#)
    }

    @Test func numbersKeepTheirText() throws {
        let writer = JSONWriter()
        try writer.beginArray()
        try writer.number(JSONNumber(text: "1.50")!)
        try writer.number(text: "-0e+07")
        try writer.number(JSONNumber(text: "123456789012345678901234567890")!)
        try writer.int(-42)
        try writer.int(UInt64.max)
        try writer.double(0.1)
        try writer.double(1e22)
        try writer.double(-0.0)
        try writer.double(.leastNonzeroMagnitude)
        try writer.double(100)
        try writer.endArray()
        #expect(
            writer.sink.string
                == "[1.50,-0e+07,123456789012345678901234567890,-42,18446744073709551615,0.1,1e+22,-0.0,5e-324,100.0]")
        #expect(try JSONValue(parsing: writer.sink.bytes).arrayValue?.count == 10)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDoublesAreRefused(_ value: Double) throws {
        let writer = JSONWriter()
        try writer.beginArray()
        let error = try #require(throws: JSONWriterError.self) { try writer.double(value) }
        #expect(error.kind == .invalidNumber)
        try writer.endArray()
        #expect(writer.sink.string == "[]")
    }

    @Test(arguments: ["", "01", "1.", ".5", "+1", "0x10", "NaN", "1e", "--1"])
    func invalidNumberTextIsRefused(_ text: String) throws {
        let writer = JSONWriter()
        let error = try #require(throws: JSONWriterError.self) { try writer.number(text: text) }
        #expect(error.kind == .invalidNumber)
        #expect(writer.sink.bytes.isEmpty)
        #expect(!writer.isComplete)
    }

    @Test func structureErrors() throws {
        let writer = JSONWriter()
        #expect(try #require(throws: JSONWriterError.self) { try writer.key("a") }.kind == .invalidStructure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.endObject() }.kind == .invalidStructure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.endArray() }.kind == .invalidStructure)
        try writer.beginObject()
        #expect(try #require(throws: JSONWriterError.self) { try writer.int(1) }.kind == .keysMustBeStrings)
        #expect(try #require(throws: JSONWriterError.self) { try writer.string("v") }.kind == .keysMustBeStrings)
        #expect(try #require(throws: JSONWriterError.self) { try writer.beginArray() }.kind == .keysMustBeStrings)
        #expect(try #require(throws: JSONWriterError.self) { try writer.endArray() }.kind == .invalidStructure)
        try writer.key("a")
        #expect(try #require(throws: JSONWriterError.self) { try writer.key("b") }.kind == .invalidStructure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.endObject() }.kind == .invalidStructure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.reset() }.kind == .invalidStructure)
        try writer.beginArray()
        #expect(try #require(throws: JSONWriterError.self) { try writer.key("c") }.kind == .invalidStructure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.endObject() }.kind == .invalidStructure)
        try writer.endArray()
        try writer.endObject()
        #expect(writer.isComplete)
        let error = try #require(throws: JSONWriterError.self) { try writer.null() }
        #expect(error.kind == .generationComplete)
        #expect(
            error.description
                == "generation complete: a top-level value is complete: call reset() before writing another")
        #expect(writer.sink.string == #"{"a":[]}"#)
    }

    @Test func resetSeparatesValuesForNDJSON() throws {
        let writer = JSONWriter()
        try writer.reset()  // nothing written yet: no empty line
        for value: JSONValue in [["a": 1], [2], "three", .null] {
            try writer.write(value)
            try writer.reset()
        }
        #expect(writer.sink.string == "{\"a\":1}\n[2]\n\"three\"\nnull\n")
        #expect(try JSONValue.parseAll(writer.sink.bytes) == [["a": 1], [2], "three", .null])

        let pretty = JSONWriter(options: .pretty)
        try pretty.write([1] as JSONValue)
        try pretty.reset()
        try pretty.write(2 as JSONValue)
        try pretty.reset()
        #expect(pretty.sink.string == "[\n  1\n]\n2\n")
    }

    @Test func invalidUTF8FromEventsIsRefused() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]  // "a\xFFb"
        var events: [ValuesRecordedEvent] = []
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(validatesUTF8: false),
            handler: JSONEventClosure { event, _ in events.append(ValuesRecordedEvent(event)) })
        try tokenizer.feed(bytes)
        try tokenizer.finish()
        let writer = JSONWriter()
        let error = try #require(throws: JSONWriterError.self) { try events[0].withEvent { try writer.write($0) } }
        #expect(error.kind == .invalidUTF8)
        #expect(writer.sink.bytes.isEmpty)

        let unchecked = JSONWriter(options: JSONWriterOptions(validatesUTF8: false))
        try events[0].withEvent { try unchecked.write($0) }
        #expect(unchecked.sink.bytes == bytes)
    }

    @Test(
        arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF8]]
            as [[UInt8]])
    func utf8ValidationRejectsMalformedSequences(_ bytes: [UInt8]) {
        #expect(!bytes.withUnsafeBytes { UTF8Validation.isValid($0) })
        let padded = Array("0123456789".utf8) + bytes + Array("abcdefgh".utf8)
        #expect(!padded.withUnsafeBytes { UTF8Validation.isValid($0) })
    }

    @Test func utf8ValidationAcceptsWellFormedText() {
        let text = "ASCII only, long enough for the fast path; é ß 中文 😀 \u{10FFFF} \u{0}"
        #expect(Array(text.utf8).withUnsafeBytes { UTF8Validation.isValid($0) })
    }

    @Test func sinkErrorsAreFinal() throws {
        struct Failure: Error {}
        struct FailingSink: JSONOutputSink {
            mutating func write(_ bytes: JSONBytes) throws { throw Failure() }
        }
        let writer = JSONWriter(sink: FailingSink())
        try writer.write([1, 2] as JSONValue)  // staged, not yet delivered
        let error = try #require(throws: JSONWriterError.self) { try writer.flush() }
        #expect(error.kind == .ioError)
        #expect(error.underlyingError is Failure)
        #expect(try #require(throws: JSONWriterError.self) { try writer.reset() }.kind == .ioError)
    }

    @Test func bigOutputReachesTheSinkInBlocks() throws {
        struct BlockRecorder: JSONOutputSink {
            var sizes: [Int] = []
            var total = 0
            mutating func write(_ bytes: JSONBytes) {
                sizes.append(bytes.count)
                total += bytes.count
            }
        }
        let writer = JSONWriter(sink: BlockRecorder())
        let element: JSONValue = ["id": 123456, "text": .string(String(repeating: "x", count: 100))]
        try writer.beginArray()
        for _ in 0..<10_000 { try writer.write(element) }
        try writer.endArray()
        try writer.flush()
        let expected = 2 + 10_000 * (try element.jsonBytes().count) + 9_999
        #expect(writer.sink.total == expected)
        #expect(writer.sink.sizes.max() == 65_536)
        #expect(writer.sink.sizes.dropLast().allSatisfy { $0 == 65_536 })
        #expect(writer.sink.sizes.count == (expected + 65_535) / 65_536)
    }
}
