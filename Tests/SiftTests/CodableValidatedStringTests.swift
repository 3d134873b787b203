import Foundation
import Testing

@testable import Sift

/// Strings decoded from a tape are made without checking their UTF-8 again when the tokenizer
/// validated it (``JSONTape/textIsValidUTF8``): they must equal what `String(decoding:)` makes of
/// the same bytes, escapes and lone surrogates included, however the input is split; without
/// validation, invalid bytes still become U+FFFD.
@Suite("Codable strings from validated tapes")
struct CodableValidatedStringTests {
    struct Texts: Decodable, Equatable {
        var text: String
        var tags: [String]
        var note: String?
    }

    static let chunkSizes = [0, 1, 2, 3, 5, 16]

    /// Every `$.items[*]` of `json` decoded by the engine, the input fed in chunks of `chunkSize`
    /// bytes (0: whole).
    static func decoded(
        _ json: [UInt8], chunkSize: Int, options: JSONParserOptions = JSONParserOptions()
    ) throws -> [Texts] {
        var query = JSONQuery(options: options)
        var result: [Texts] = []
        query.add(try JSONPath("$.items[*]").decoded(Texts.self)) { match in result.append(match.value) }
        let tokenizer = JSONTokenizer(options: options, handler: query.makeMatcher())
        try tokenizer.feedAll(json, inPiecesOf: chunkSize)
        return result
    }

    /// The JSON text of `items`, each a `Texts` whose strings are given as JSON string bodies.
    static func document(_ items: [(text: String, tags: [String], note: String?)]) -> [UInt8] {
        let members = items.map { item in
            let tags = item.tags.map { "\"\($0)\"" }.joined(separator: ",")
            let note = item.note.map { "\"\($0)\"" } ?? "null"
            return #"{"skip":{"a":"x"},"text":"\#(item.text)","tags":[\#(tags)],"note":\#(note)}"#
        }
        return Array(#"{"items":[\#(members.joined(separator: ","))]}"#.utf8)
    }

    @Test func escapesAndSurrogatesDecodeAsFromTheirText() throws {
        let json = Self.document([
            (text: "plain", tags: ["", "é", "日本語"], note: nil),
            (text: #"caf\u00e9 \ud83d\ude00 \n\t\"\\\/"#, tags: [#"\u0000"#, #"a\u0000b"#], note: #"\u65e5\u672c"#),
            (text: #"lone \ud800 high"#, tags: [#"\udc00"#, #"\ud800\u0041"#, #"\ud800\ud800\udc00"#], note: "😀"),
            (text: String(repeating: "長い文字列", count: 40), tags: ["ascii only, longer than fifteen bytes"], note: ""),
        ])
        let expected = [
            Texts(text: "plain", tags: ["", "é", "日本語"], note: nil),
            Texts(text: "café 😀 \n\t\"\\/", tags: ["\u{0}", "a\u{0}b"], note: "日本"),
            Texts(text: "lone \u{FFFD} high", tags: ["\u{FFFD}", "\u{FFFD}A", "\u{FFFD}\u{10000}"], note: "😀"),
            Texts(
                text: String(repeating: "長い文字列", count: 40), tags: ["ascii only, longer than fifteen bytes"],
                note: ""),
        ]
        for chunkSize in Self.chunkSizes {
            #expect(try Self.decoded(json, chunkSize: chunkSize) == expected, "chunks of \(chunkSize)")
        }
    }

    @Test func randomTextRoundTrips() throws {
        var random = SystemRandomNumberGenerator()
        let scalars: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF,
        ]
        for _ in 0..<20 {
            var items: [(text: String, tags: [String], note: String?)] = []
            var expected: [Texts] = []
            for _ in 0..<8 {
                var text = ""
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    let range = scalars.randomElement(using: &random)!
                    text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &random))!)
                }
                // Half the values escape every scalar, the other half write them as they are.
                let escaped = Bool.random(using: &random)
                let body = escaped ? Self.escaped(text) : Self.raw(text)
                items.append((text: body, tags: [body], note: body))
                expected.append(Texts(text: text, tags: [text], note: text))
            }
            let json = Self.document(items)
            for chunkSize in [0, 1, 7] {
                #expect(try Self.decoded(json, chunkSize: chunkSize) == expected)
            }
        }
    }

    @Test func unvalidatedInvalidBytesStillBecomeReplacementCharacters() throws {
        var options = JSONParserOptions()
        options.validatesUTF8 = false
        // 0xFF, an overlong NUL, an encoded surrogate and a truncated sequence.
        let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE6, 0x97]]
        for bytes in invalid {
            var json = Array(#"{"items":[{"text":"a"#.utf8) + bytes + Array(#"b","tags":[""#.utf8)
            json += bytes + Array(#""],"note":null}]}"#.utf8)
            let text = String(decoding: [0x61] + bytes + [0x62], as: UTF8.self)
            #expect(text.unicodeScalars.contains("\u{FFFD}"))
            let tag = String(decoding: bytes, as: UTF8.self)
            for chunkSize in Self.chunkSizes {
                #expect(
                    try Self.decoded(json, chunkSize: chunkSize, options: options)
                        == [Texts(text: text, tags: [tag], note: nil)], "\(bytes), chunks of \(chunkSize)")
            }
        }
    }

    @Test func tapesSayWhetherTheirTextWasValidated() throws {
        let text = Array(#"{"a":"é"}"#.utf8)
        for validates in [true, false] {
            var options = JSONParserOptions()
            options.validatesUTF8 = validates
            let tape = try text.withUnsafeBytes { try JSONTape(capturing: $0, options: options) }
            #expect(tape.textIsValidUTF8 == validates)
            #expect(tape.string(at: 2) == "é")
        }
    }

    static func escaped(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", $0) }.joined()
    }

    static func raw(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
