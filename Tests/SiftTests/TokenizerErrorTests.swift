import Foundation
import Testing

@testable import Sift

/// Errors: the exact text a person reads (location, kind, message, path, source line, caret),
/// the same however the input is split.
@Suite struct TokenizerErrorTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var kind: JSONParseError.Kind
        var path: String
        var description: String
        var options = JSONParserOptions()

        init(_ name: String, _ text: String, _ kind: JSONParseError.Kind, _ path: String, _ description: String) {
            self.init(name, Array(text.utf8), kind, path, description)
        }

        init(_ name: String, _ bytes: [UInt8], _ kind: JSONParseError.Kind, _ path: String, _ description: String) {
            self.name = name
            self.bytes = bytes
            self.kind = kind
            self.path = path
            self.description = description
        }
    }

    static let longLine =
        "{\"items\":[" + (0..<30).map { "{\"id\":\($0),\"ok\":true}" }.joined(separator: ",")
        + ",{\"id\":30,\"ok\":ture}]}"

    static let cases: [Case] = [
        Case(
            "empty element", "[1,,2]", .invalidSyntax, "$[1]",
            """
            1:4: error: invalid JSON: unallowed token at this point in JSON text (in $[1])
            [1,,2]
               ^
            """),
        Case(
            "missing colon", #"{"a" 1}"#, .invalidSyntax, "$.a",
            """
            1:6: error: invalid JSON: object key and value must be separated by a colon (':') (in $.a)
            {"a" 1}
                 ^
            """),
        Case(
            "misspelled literal", #"{"a":tru}"#, .invalidSyntax, "$.a",
            """
            1:9: error: invalid JSON: invalid string in json text (in $.a)
            {"a":tru}
                    ^
            """),
        Case(
            "missing comma in array", "[1 2]", .invalidSyntax, "$[0]",
            """
            1:4: error: invalid JSON: after array element, I expect ',' or ']' (in $[0])
            [1 2]
               ^
            """),
        Case(
            "missing comma in object", #"{"a":1 "b":2}"#, .invalidSyntax, "$.a",
            """
            1:8: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.a)
            {"a":1 "b":2}
                   ^
            """),
        Case(
            // Split inside the number, the token must be read whole from its first byte.
            "number after a member's value", "{\"a\":1\n 94.5E+2}", .invalidSyntax, "$.a",
            """
            2:2: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.a)
             94.5E+2}
             ^
            """),
        Case(
            "trailing comma in object", #"{"a":1,}"#, .invalidSyntax, "$",
            """
            1:8: error: invalid JSON: invalid object key (must be a string) (in $)
            {"a":1,}
                   ^
            """),
        Case(
            "leading zero", "[01]", .invalidSyntax, "$[0]",
            """
            1:3: error: invalid JSON: after array element, I expect ',' or ']' (in $[0])
            [01]
              ^
            """),
        Case(
            "unterminated string", #"{"text":"hello"#, .incompleteInput, "$.text",
            """
            1:15: error: incomplete JSON: unexpected end of input inside a string (in $.text)
            {"text":"hello
                          ^
            """),
        Case(
            "truncated document", #"{"body":[{"text":"#, .incompleteInput, "$.body[0].text",
            """
            1:18: error: incomplete JSON: unexpected end of input (in $.body[0].text)
            {"body":[{"text":
                             ^
            """),
        Case(
            "truncated after a comma", "[1,2,", .incompleteInput, "$[2]",
            """
            1:6: error: incomplete JSON: unexpected end of input (in $[2])
            [1,2,
                 ^
            """),
        Case(
            "empty input", "", .incompleteInput, "$",
            """
            1:1: error: incomplete JSON: unexpected end of input: no JSON value (in $)
            """),
        Case(
            "trailing garbage", #"{"a":1} x"#, .invalidSyntax, "$",
            """
            1:9: error: invalid JSON: trailing garbage (in $)
            {"a":1} x
                    ^
            """),
        Case(
            "unterminated string after the value", #"{} "abc"#, .invalidSyntax, "$",
            """
            1:4: error: invalid JSON: trailing garbage (in $)
            {} "abc
               ^
            """),
        Case(
            "raw form feed", "[1,\u{0C}2]", .invalidSyntax, "$[1]",
            """
            1:4: error: invalid JSON: a raw form feed (0x0C) is not allowed in JSON text (in $[1])
            [1, 2]
               ^
            """),
        Case(
            "raw vertical tab", "{\"a\":\u{0B}1}", .invalidSyntax, "$.a",
            """
            1:6: error: invalid JSON: a raw vertical tab (0x0B) is not allowed in JSON text (in $.a)
            {"a": 1}
                 ^
            """),
        Case(
            "invalid UTF-8", [0x5B, 0x22, 0x6F, 0x6B, 0x22, 0x2C, 0x22, 0xC3, 0x28, 0x22, 0x5D], .invalidUTF8, "$[1]",
            """
            1:9: error: invalid UTF-8: incomplete sequence 0xC3 followed by 0x28 (in $[1])
            ["ok","\u{FFFD}("]
                    ^
            """),
        Case(
            "overlong UTF-8", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, "$",
            """
            1:3: error: invalid UTF-8: overlong encoding 0xE0 0x80 (in $)
            "\u{FFFD}\u{FFFD}\u{FFFD}"
              ^
            """),
        Case(
            "CRLF lines", "{\r\n  \"a\": 1,\r\n  \"b\": [1, 2,, 3]\r\n}", .invalidSyntax, "$.b[2]",
            """
            3:14: error: invalid JSON: unallowed token at this point in JSON text (in $.b[2])
              "b": [1, 2,, 3]
                         ^
            """),
        Case(
            "long line", longLine, .invalidSyntax, "$.items[30].ok",
            """
            1:616: error: invalid JSON: invalid string in json text (in $.items[30].ok)
            rue},{"id":28,"ok":true},{"id":29,"ok":true},{"id":30,"ok":ture}]}
                                                                        ^
            """),
        Case(
            "comment not allowed", "[1, // x\n 2]", .invalidSyntax, "$[1]",
            """
            1:5: error: invalid JSON: probable comment found in input text, comments are not enabled (in $[1])
            [1, // x
                ^
            """),
        Case(
            "bad escape", #"{"k":["\x"]}"#, .invalidSyntax, "$.k[0]",
            """
            1:9: error: invalid JSON: inside a string, '\\' occurs before a character which it may not (in $.k[0])
            {"k":["\\x"]}
                    ^
            """),
        Case(
            "control character in a string", "[\"a\u{01}\"]", .invalidSyntax, "$[0]",
            """
            1:4: error: invalid JSON: invalid character inside string (in $[0])
            ["a "]
               ^
            """),
        Case(
            "non-ASCII line", #"{"name":"東京" "x"}"#, .invalidSyntax, "$.name",
            """
            1:18: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.name)
            {"name":"東京" "x"}
                         ^
            """),
        // Found by `make fuzz` (Fuzz/Reproducers/*/trailing-string-location-*): the token after
        // the value is located at its first byte whether yajl's lexer failed inside it (a control
        // character in a string, a slash that opens no comment) or after it.
        Case(
            "control character in a string after the value", "{}\"\n", .invalidSyntax, "$",
            """
            1:3: error: invalid JSON: trailing garbage (in $)
            {}"
              ^
            """),
        Case(
            "string after a number and carriage returns", "4\r\r\"\r\"", .invalidSyntax, "$",
            """
            3:1: error: invalid JSON: trailing garbage (in $)
            "
            ^
            """),
        Case(
            "slash after the value", "{\"a\":1}\r//", .invalidSyntax, "$",
            """
            2:1: error: invalid JSON: trailing garbage (in $)
            //
            ^
            """),
        {
            var slash = Case(
                "slash that opens no comment", "[] /x", .invalidSyntax, "$",
                """
                1:4: error: invalid JSON: trailing garbage (in $)
                [] /x
                   ^
                """)
            slash.options.allowsComments = true
            return slash
        }(),
        // Found by `make fuzz` (Fuzz/Reproducers/tokenizer/trailing-garbage-*): garbage whose
        // first byte yajl reads past (`*`, `^`, `]`, a number) is named there, not at a slash
        // that happens to follow it in the same chunk.
        Case(
            "star then slash after the value", "[] */", .invalidSyntax, "$",
            """
            1:4: error: invalid JSON: trailing garbage (in $)
            [] */
               ^
            """),
        Case(
            "caret then slash after a string", #"""^/*"#, .invalidSyntax, "$",
            #"""
            1:3: error: invalid JSON: trailing garbage (in $)
            ""^/*
              ^
            """#),
        Case(
            "star then slash after a number", "9999899999*/499999", .invalidSyntax, "$",
            """
            1:11: error: invalid JSON: trailing garbage (in $)
            9999899999*/499999
                      ^
            """),
        Case(
            "bracket then slash after the value", "[]]/", .invalidSyntax, "$",
            """
            1:3: error: invalid JSON: trailing garbage (in $)
            []]/
              ^
            """),
        Case(
            "number then slash after the value", "[] 12/", .invalidSyntax, "$",
            """
            1:4: error: invalid JSON: trailing garbage (in $)
            [] 12/
               ^
            """),
        Case(
            "slash straight after the value", "[]/", .invalidSyntax, "$",
            """
            1:3: error: invalid JSON: trailing garbage (in $)
            []/
              ^
            """),
        Case(
            "slash straight after a number", "12/", .invalidSyntax, "$",
            """
            1:3: error: invalid JSON: trailing garbage (in $)
            12/
              ^
            """),
        // Found by `make fuzz` (Fuzz/Reproducers/*/token-after-value-location-*): the token after
        // a member's value, when a literal ends a chunk, a number follows a literal, or the token
        // is an empty string.
        Case(
            "bracket after a literal member value", #"[{"":true[{"":1}]}]"#, .invalidSyntax, "$[0]['']",
            """
            1:10: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $[0][''])
            [{"":true[{"":1}]}]
                     ^
            """),
        Case(
            "number straight after a literal member value", #"{"a":true1}"#, .invalidSyntax, "$.a",
            """
            1:10: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.a)
            {"a":true1}
                     ^
            """),
        Case(
            "empty string straight after a member's string", #"{"a":"x"""}"#, .invalidSyntax, "$.a",
            #"""
            1:9: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.a)
            {"a":"x"""}
                    ^
            """#),
        // Found by `make fuzz` (Fuzz/Reproducers/skipping/long-number-after-number-location): a
        // number longer than the bytes kept before a chunk, straight after a member's number or
        // literal, is followed past its chunk from its own first byte, not from the run's.
        Case(
            "long number straight after a member's number",
            "{\"k\":" + String(repeating: "9", count: 30) + "-" + String(repeating: "9", count: 200) + "}",
            .invalidSyntax, "$.k",
            "1:36: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.k)"),
        Case(
            "long number straight after a member's literal",
            "{\"k\":true" + String(repeating: "1", count: 200) + "}", .invalidSyntax, "$.k",
            "1:10: error: invalid JSON: after key and value, inside map, I expect ',' or '}' (in $.k)"),
        // Found by `make fuzz` (Fuzz/Reproducers/*/utf8-error-*): the string's opening quote is
        // further back than the bytes every split keeps, so the path names what those show (the
        // array, whose first element has not begun), whole and in pieces alike.
        Case(
            "invalid UTF-8 far into a string",
            Array("[\"".utf8) + Array(repeating: 0x5B, count: 130) + [0xFF, 0x22, 0x5D],
            .invalidUTF8, "$",
            "1:133: error: invalid UTF-8: byte 0xFF never appears in UTF-8 (in $)\n"
                + String(repeating: "[", count: 60) + "\u{FFFD}\"]\n" + String(repeating: " ", count: 60) + "^"),
    ]

    @Test(arguments: cases)
    func errorReadsExactlyTheSameInEverySplit(_ testCase: Case) throws {
        for split in TokenizerTestSupport.Split.sweep() {
            let tokenizer = JSONTokenizer(options: testCase.options, handler: IgnoringHandler())
            let error = try #require(TokenizerTestSupport.run(tokenizer, testCase.bytes, split: split), "\(split)")
            #expect(error.description == testCase.description, "\(testCase.name), \(split)")
            #expect(error.kind == testCase.kind)
            #expect(error.path.description == testCase.path)
            if error.description != testCase.description { break }
        }
    }

    @Test func parseReportsTheSameErrorAsFeeding() throws {
        for testCase in Self.cases {
            #expect(throws: JSONParseError.self) { try JSONTokenizer.validate(.bytes(testCase.bytes)) }
            do {
                try JSONTokenizer.validate(.bytes(testCase.bytes))
            } catch {
                #expect(error.description == testCase.description, "\(testCase.name)")
            }
        }
    }

    @Test func locationIsTheOffendingByte() throws {
        let error = try #require(TokenizerTestSupport.error("{\r\n  \"a\": 1,\r\n  \"b\": [1, 2,, 3]\r\n}"))
        #expect(error.location == SourceLocation(offset: 27, line: 3, column: 14))
        #expect(error.summary == "invalid JSON: unallowed token at this point in JSON text (in $.b[2])")
        #expect(error.sourceLine == "  \"b\": [1, 2,, 3]")
        #expect(error.diagnostic(file: "feed.json").hasPrefix("feed.json:3:14: error: invalid JSON:"))
    }

    @Test func invalidUTF8ReportsTheBadByte() throws {
        let cases: [([UInt8], Int, JSONParseError.Kind)] = [
            ([0x22, 0xFF, 0x22], 1, .invalidUTF8),  // never valid
            ([0x22, 0x61, 0x80, 0x22], 2, .invalidUTF8),  // stray continuation byte
            ([0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D], 4, .invalidUTF8),  // sequence cut short by the quote
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 2, .invalidUTF8),  // encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2, .invalidUTF8),  // above U+10FFFF
            ([0x22, 0xC1, 0xBF, 0x22], 1, .invalidUTF8),  // overlong two-byte form
            ([0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D], 2, .invalidUTF8),  // in a key
            ([0x5B, 0x31, 0x2C, 0xC3, 0xA9, 0x5D], 3, .invalidSyntax),  // valid UTF-8, but not JSON outside a string
        ]
        for (bytes, offset, kind) in cases {
            for split in [TokenizerTestSupport.Split.whole, .size(1), .size(2), .size(3)] {
                let error = try #require(
                    TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: split))
                #expect(error.location.offset == offset, "\(bytes) \(split): \(error)")
                #expect(error.kind == kind, "\(bytes) \(split): \(error)")
            }
        }
        // Valid multi-byte text in strings passes, whatever the split.
        let valid = Array(#"["é", "東京", "😀", "\u00e9"]"#.utf8)
        for split in TokenizerTestSupport.Split.sweep() {
            #expect(TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), valid, split: split) == nil)
        }
    }

    /// Strings of boundary scalars (the first and last of every encoded length, around the
    /// surrogates, the last scalar), each byte string then damaged at random with bytes where
    /// UTF-8's rules change: accepted exactly when the Swift standard library accepts the bytes
    /// as UTF-8, and rejected with the same error however the input is split.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() throws {
        let scalars: [[UInt8]] = [
            [0x41], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE6, 0x9D, 0xB1], [0xED, 0x9F, 0xBF],
            [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98, 0x80],
            [0xF3, 0xBF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let damage: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
            0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var random = TokenizerTestSupport.SplitMix64(seed: 0x5546_5438)
        var rejected = 0
        let trials = 10_000
        for _ in 0..<trials {
            var body = (0..<Int.random(in: 1...3, using: &random)).flatMap { _ in
                scalars.randomElement(using: &random)!
            }
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                body[Int.random(in: 0..<body.count, using: &random)] = damage.randomElement(using: &random)!
            }
            let bytes = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
            let whole = TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: .whole)
            #expect((whole == nil) == (String(validating: body, as: UTF8.self) != nil), "\(body)")
            guard let whole else { continue }
            rejected += 1
            #expect(whole.kind == .invalidUTF8, "\(body): \(whole)")
            #expect((1..<bytes.count).contains(whole.location.offset), "\(body): \(whole)")
            for split in [TokenizerTestSupport.Split.size(1), .size(2), .size(3)] {
                let error = TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: split)
                #expect(error?.description == whole.description, "\(body) \(split)")
            }
        }
        // Both outcomes are common.
        #expect(rejected > trials / 4 && rejected < trials * 3 / 4, "\(rejected) of \(trials) rejected")
    }

    @Test func utf8ValidationCanBeTurnedOff() throws {
        var strings: [[UInt8]] = []
        try JSONTokenizer.tokenize(
            .bytes([0x5B, 0x22, 0xC3, 0x28, 0xFF, 0x22, 0x5D]), options: JSONParserOptions(validatesUTF8: false)
        ) { event, _ in
            if case .string(let bytes) = event { strings.append(bytes.array) }
        }
        #expect(strings == [[0xC3, 0x28, 0xFF]])
    }

    @Test func formFeedIsAllowedInsideComments() throws {
        let options = JSONParserOptions(allowsComments: true)
        try JSONTokenizer.validate("[1, /* page\u{0C}break */ 2] // end\u{0B}", options: options)
        let error = try #require(TokenizerTestSupport.error("[1,\u{0C}/* x */ 2]", options: options))
        #expect(error.location.offset == 3)
        let unterminated = try #require(TokenizerTestSupport.error("[1] /* open", options: options))
        #expect(unterminated.kind == .incompleteInput)
        #expect(unterminated.message == "unexpected end of input inside a comment")
    }

    /// yajl skips exactly JSON's four whitespace bytes plus form feed and vertical tab; the last
    /// two are rejected by Sift, and nothing else counts as whitespace.
    @Test(arguments: ["\u{0C}", "\u{0B}", "\u{00A0}", "\u{2028}", "\u{FEFF}", "\u{1680}", "\u{0085}", "\u{00}"])
    func oddWhitespaceIsRejected(space: String) throws {
        let error = try #require(TokenizerTestSupport.error("[1,\(space)2]"))
        #expect(error.kind == .invalidSyntax)
        #expect(error.location.offset == 3)
        for accepted in [" ", "\t", "\n", "\r", "\r\n"] {
            try JSONTokenizer.validate(.string("[1,\(accepted)2]"))
        }
    }
}
