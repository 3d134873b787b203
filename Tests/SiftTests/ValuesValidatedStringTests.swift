import Foundation
import Testing

@testable import Sift

/// `JSONValue`s built from a tokenizer that validates UTF-8 make their strings and keys without
/// checking the bytes again (``JSONValueBuilder/textIsValidUTF8``): they must equal what
/// `String(decoding:)` makes of the same bytes, in every entry point and every split; without
/// validation, invalid bytes still become U+FFFD.
@Suite("JSONValue strings from validated text")
struct ValuesValidatedStringTests {
    static let text = #"""
        {"plain":"x","é":"caf\u00e9 \ud83d\ude00","日本":["日本語", "\ud800 lone", "a\u0000b", "\udc00\ud800\udc00"],
        "ascii key that is longer than fifteen bytes":"ascii value that is longer than fifteen bytes","n":-1.5e3}
        """#
    static let expected: JSONValue = .object(
        JSONObject([
            JSONObject.Member(key: "plain", value: .string("x")),
            JSONObject.Member(key: "é", value: .string("café 😀")),
            JSONObject.Member(
                key: "日本",
                value: .array([
                    .string("日本語"), .string("\u{FFFD} lone"), .string("a\u{0}b"), .string("\u{FFFD}\u{10000}"),
                ])
            ),
            JSONObject.Member(
                key: "ascii key that is longer than fifteen bytes",
                value: .string("ascii value that is longer than fifteen bytes")
            ),
            JSONObject.Member(key: "n", value: .number(JSONNumber(validatedText: "-1.5e3"))),
        ]))

    @Test func parsingGivesTheDecodedStrings() throws {
        #expect(try JSONValue(parsing: Self.text) == Self.expected)
        #expect(try JSONValue.parseAll(Self.text + "\n" + Self.text) == [Self.expected, Self.expected])
    }

    @Test func capturedValuesGiveTheDecodedStringsInEverySplit() throws {
        let bytes = Array(#"{"items":[\#(Self.text),\#(Self.text)]}"#.utf8)
        for chunkSize in [1, 2, 3, 7, 64, bytes.count] {
            var query = JSONQuery()
            var values: [JSONValue] = []
            var tapes: [JSONValue] = []
            query.add(try JSONPath("$.items[*]").value) { match in values.append(match.value) }
            query.add(try JSONPath("$.items[*]['日本']").decoded([String].self)) { match in
                tapes.append(.array(match.value.map(JSONValue.string)))
            }
            let tokenizer = JSONTokenizer(handler: query.makeMatcher())
            try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
            #expect(values == [Self.expected, Self.expected], "chunks of \(chunkSize)")
            #expect(tapes == [Self.expected["日本"], Self.expected["日本"]], "chunks of \(chunkSize)")
        }
    }

    @Test func unvalidatedInvalidBytesStillBecomeReplacementCharacters() throws {
        var options = JSONParserOptions()
        options.validatesUTF8 = false
        for bytes: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE6, 0x97]] {
            let json = Array(#"{"k"#.utf8) + bytes + Array(#"":"v"#.utf8) + bytes + Array(#""}"#.utf8)
            let key = String(decoding: Array("k".utf8) + bytes, as: UTF8.self)
            let value = String(decoding: Array("v".utf8) + bytes, as: UTF8.self)
            #expect(value.unicodeScalars.contains("\u{FFFD}"))
            let expected = JSONValue.object(JSONObject([JSONObject.Member(key: key, value: .string(value))]))
            #expect(try JSONValue(parsing: json, options: options) == expected)
            var query = JSONQuery(options: options)
            let handle = query.add(try JSONPath("$").value)
            #expect(try query.run(.bytes(json))[handle] == [expected])
        }
    }

    @Test func onlyBuildersOfValidatingTokenizersSkipTheCheck() throws {
        #expect(!JSONValueBuilder().textIsValidUTF8)
        for validates in [true, false] {
            var options = JSONParserOptions()
            options.validatesUTF8 = validates
            let tape = try Array(#"{"é":["ü"]}"#.utf8).withUnsafeBytes { try JSONTape(capturing: $0, options: options) }
            #expect(tape.textIsValidUTF8 == validates)
            #expect(
                tape.jsonValue() == .object(JSONObject([JSONObject.Member(key: "é", value: .array([.string("ü")]))])))
        }
    }
}
