import Foundation
import Testing

@testable import Sift

/// Strings, keys and numbers that run past many chunks: the same events, positions and errors in
/// every split, values nobody wants never kept, and the byte order mark and lone surrogates.
@Suite struct TokenizerLongTokenTests {
    typealias Split = TokenizerTestSupport.Split

    /// Splits that cut long tokens into many pieces: tiny, odd, near the scanners' block sizes,
    /// and random.
    static let splits: [Split] =
        [.whole] + [1, 2, 3, 5, 7, 15, 16, 17, 31, 33, 64, 100, 1000].map { .size($0) }
        + (1...4).map { .random(seed: $0) }

    /// A string body of `count` bytes or so, repeating `unit`.
    static func body(_ unit: String, count: Int) -> String {
        String(repeating: unit, count: max(count / unit.utf8.count, 1))
    }

    /// Long tokens of every kind, inside and outside containers.
    static let documents: [String] = [
        #"{"big":"\#(body("a", count: 3000))","other":42}"#,
        #"{"big":"\#(body(#"x\"y\\z\/\b\f\n\r\t\u00e9\u20AC\ud83d\ude00"#, count: 3000))","other":[1]}"#,
        #"["\#(body("é東😀", count: 3000))","\#(body("ab", count: 2000))"]"#,
        #"{"\#(body("key", count: 2500))":{"\#(body("k\\u0041", count: 2500))":[true]}}"#,
        #"[\#(body("1", count: 3000)),-\#(body("9", count: 2000)).\#(body("5", count: 2000))e-\#(body("7", count: 1000))]"#,
        #"{"n":-0.\#(body("0", count: 2000))E+\#(body("3", count: 2000)),"z":0}"#,
        body("8", count: 3000),
        #"[0,-0,1e5,"","\#(body(#"\\"#, count: 2000))"]"#,
        #"{"a":{"b":"\#(body("q", count: 5000))"},"c":"\#(body(#"\u0000"#, count: 3000))"}"#,
    ]

    @Test(arguments: documents.indices)
    func longTokensGiveTheSameEventsInEverySplit(index: Int) async {
        let bytes = Array(Self.documents[index].utf8)
        let traces = await TokenizerTestSupport.offPool {
            Self.splits.map { TokenizerTestSupport.trace(bytes, split: $0, withPositions: true) }
        }
        #expect(!(traces[0].last?.hasPrefix("error") ?? true), "\(traces[0].last ?? "")")
        for (split, trace) in zip(Self.splits, traces) where trace != traces[0] {
            Issue.record("document \(index), \(split): \(zip(trace, traces[0]).first { $0 != $1 } ?? ("", ""))")
        }
    }

    /// Errors inside long tokens and at their ends, at the same byte, with the same path and
    /// excerpt, in every split and with every option.
    static let broken: [String] = [
        #"{"big":"\#(body("a", count: 2000))\#u{01}\#(body("a", count: 2000))"}"#,
        #"{"big":"\#(body("a", count: 2000))\x\#(body("a", count: 2000))"}"#,
        #"{"big":"\#(body("a", count: 2000))\u12G4"}"#,
        #"{"big":"\#(body("a", count: 2000))\u"#,
        #"["\#(body("é", count: 2000))"#,
        #"["\#(body("a", count: 2000))"#,
        "[\"\(body("a", count: 2000))\u{FF}\"]",
        "[\"\(body("a", count: 2000))\u{0C}\"]",
        #"[-\#(body("1", count: 2000)).x]"#,
        #"[\#(body("1", count: 2000))ex]"#,
        #"[\#(body("1", count: 2000))e+]"#,
        #"[\#(body("1", count: 2000))a]"#,
        #"[\#(body("1", count: 2000)) \#(body("2", count: 2000))]"#,
        #"{"a":1 "\#(body("b", count: 2000))"}"#,
        #"{"a":1 \#(body("2", count: 2000))}"#,
        #"[1] "\#(body("c", count: 2000))""#,
        #"[1] \#(body("3", count: 2000))"#,
        #"{"\#(body("k", count: 2000))" "v"}"#,
        #"{"\#(body("k", count: 2000))":[1,,2]}"#,
        #"{"k":[[\#(body("5", count: 2000))"#,
        "-",
        #"[0\#(body("0", count: 2000))]"#,
    ]

    static let optionSets: [JSONParserOptions] = [
        JSONParserOptions(),
        JSONParserOptions(allowsMultipleValues: true),
        JSONParserOptions(allowsComments: true),
        JSONParserOptions(validatesUTF8: false),
        JSONParserOptions(maximumDepth: 1, allowsMultipleValues: true, allowsComments: true),
    ]

    @Test(arguments: broken.indices)
    func errorsInLongTokensReadTheSameInEverySplit(index: Int) async {
        let bytes = Array(Self.broken[index].utf8)
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var failures: [String] = []
            for options in Self.optionSets {
                let traces = Self.splits.map { TokenizerTestSupport.trace(bytes, options: options, split: $0) }
                for (split, trace) in zip(Self.splits, traces) where trace.last != traces[0].last {
                    failures.append("\(options), \(split): \(trace.last ?? "") instead of \(traces[0].last ?? "")")
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(index): \(failures.prefix(3))")
    }

    /// A handler that passes over the value of the member named `big`.
    struct SkippingBig: JSONEventHandler {
        var events: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            events.append("\(event) @\(context.offset) \(context.path)")
            if case .key(let key) = event, key.string == "big" { context.skipValue() }
        }
    }

    @Test func aValuePassedOverIsDeliveredWithoutItsBytesWhenItRunsPastItsChunk() throws {
        let big = Self.body("a", count: 5000)
        let bytes = Array(#"{"big":"\#(big)","next":"\#(big)","big":-\#(Self.body("1", count: 5000)),"x":1}"#.utf8)
        let whole = JSONTokenizer(handler: SkippingBig())
        #expect(TokenizerTestSupport.run(whole, bytes, split: .whole) == nil)
        let pieces = JSONTokenizer(handler: SkippingBig())
        #expect(TokenizerTestSupport.run(pieces, bytes, split: .size(1000)) == nil)
        // The same events at the same places, only the passed-over values are empty.
        var expected = whole.handler.events
        expected[2] = #"string("") @7 $.big"#
        expected[6] = #"number() @\#(big.count * 2 + 26) $.big"#
        #expect(pieces.handler.events == expected)
    }

    @Test func aQueryPassesOverAnUnselectedLongStringAndStillReadsASelectedOne() async throws {
        let big = Self.body("é", count: 100_000)
        let bytes = Array(#"{"big":"\#(big)","other":42,"also":"\#(big)"}"#.utf8)
        var query = JSONQuery()
        let other = query.add(JSONPath.root.goTo("other").integer)
        let also = query.add(JSONPath.root.goTo("also").string)
        let results = try await query.run(chunks: TokenizerTestSupport.chunks(of: bytes, size: 4096))
        #expect(results[other] == [42])
        #expect(results[also] == [big])
    }

    // MARK: Byte order mark

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    @Test(arguments: [#"{"a":[1,"x"]}"#, "7", #""s""#, "[]"])
    func aByteOrderMarkAtTheStartIsPassedOver(document: String) throws {
        let bytes = Self.byteOrderMark + Array(document.utf8)
        let expected = TokenizerTestSupport.trace(Array(document.utf8))
        for split in TokenizerTestSupport.Split.sweep() {
            #expect(TokenizerTestSupport.trace(bytes, split: split) == expected, "\(split)")
        }
        // Offsets count the mark's bytes.
        let offsets = TokenizerTestSupport.trace(bytes, withPositions: true)
        #expect(offsets.first?.contains("@3 1:4") == true, "\(offsets)")
        try JSONTokenizer.validate(.bytes(bytes))
    }

    @Test(arguments: [
        [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xEF], [0xEF, 0xBB, 0x41], [0xEF, 0x41], [0xEF, 0xBB, 0xBE, 0x31],
    ])
    func aBrokenOrLoneByteOrderMarkFailsTheSameInEverySplit(bytes: [UInt8]) throws {
        let whole = TokenizerTestSupport.trace(bytes)
        for split in TokenizerTestSupport.Split.sweep() {
            #expect(TokenizerTestSupport.trace(bytes, split: split) == whole, "\(split)")
        }
        #expect(whole.last?.hasPrefix("error:") == true)
        if bytes.count < 3 || bytes[2] != 0xBF {
            #expect(whole.last?.contains("1:1") == true, "\(whole)")
            #expect(whole.last?.contains("invalid char in json text") == true, "\(whole)")
        }
    }

    @Test func aByteOrderMarkAnywhereElseIsRejected() throws {
        let bytes = Array("[1]".utf8) + Self.byteOrderMark + Array("[2]".utf8)
        let error = try #require(
            TokenizerTestSupport.run(
                JSONTokenizer(options: JSONParserOptions(allowsMultipleValues: true), handler: IgnoringHandler()),
                bytes, split: .size(2)))
        #expect(error.location.offset == 3)
        #expect(TokenizerTestSupport.error("\u{FEFF}\u{FEFF}[]")?.location.offset == 3)
    }

    // MARK: Surrogates

    @Test(
        arguments: [
            (#""\ud800""#, [0xEF, 0xBF, 0xBD]),
            (#""\udc00x""#, [0xEF, 0xBF, 0xBD, 0x78]),
            (#""\uD800\u0041""#, [0xEF, 0xBF, 0xBD, 0x41]),
            (#""\ud800\ud800\udc00""#, [0xEF, 0xBF, 0xBD, 0xF0, 0x90, 0x80, 0x80]),
            (#""a\uDBFF\n""#, [0x61, 0xEF, 0xBF, 0xBD, 0x0A]),
            (#""\ud83d\ude00?""#, [0xF0, 0x9F, 0x98, 0x80, 0x3F]),
            (#""\\ud800""#, Array(#"\ud800"#.utf8)),
        ] as [(String, [UInt8])])
    func loneEscapedSurrogatesDecodeToTheReplacementCharacter(text: String, expected: [UInt8]) throws {
        for document in [text, "[\(text)]", "{\(text):\(text)}"] {
            let bytes = Array(document.utf8)
            for split in Self.splits {
                var values: [[UInt8]] = []
                let tokenizer = JSONTokenizer(
                    handler: JSONEventClosure { event, _ in
                        switch event {
                        case .string(let bytes), .key(let bytes): values.append(bytes.array)
                        default: break
                        }
                    })
                #expect(TokenizerTestSupport.run(tokenizer, bytes, split: split) == nil)
                #expect(values.allSatisfy { $0 == expected }, "\(document) \(split): \(values)")
            }
        }
        // A long string decoded by the tokenizer itself decodes the same.
        let long = "[\"" + Self.body("a", count: 3000) + text.dropFirst().dropLast() + "\"]"
        for split in Self.splits {
            var value: [UInt8] = []
            let tokenizer = JSONTokenizer(
                handler: JSONEventClosure { event, _ in if case .string(let bytes) = event { value = bytes.array } })
            #expect(TokenizerTestSupport.run(tokenizer, Array(long.utf8), split: split) == nil)
            #expect(value.suffix(expected.count) == expected[...], "\(split)")
        }
    }
}
