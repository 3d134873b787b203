import Foundation
import Testing

@testable import Sift

/// Depth limits, truncation, consumer errors, stopping and multiple values.
@Suite struct TokenizerLimitTests {
    static func nested(_ depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    @Test func defaultDepthLimitIs512() throws {
        #expect(
            TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), Self.nested(512), split: .whole) == nil)
        let error = try #require(
            TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), Self.nested(513), split: .whole))
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.message == "more than 512 nested arrays and objects")
        #expect(error.location.offset == 512)
        #expect(error.path.components.count == 512)
    }

    @Test(arguments: [1, 3, 64])
    func customDepthLimit(limit: Int) throws {
        let options = JSONParserOptions(maximumDepth: limit)
        let objects = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
        try JSONTokenizer.validate(.string(objects), options: options)
        let deeper = String(repeating: #"{"a":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        for split in [TokenizerTestSupport.Split.whole, .size(1), .size(5)] {
            let tokenizer = JSONTokenizer(options: options, handler: IgnoringHandler())
            let error = try #require(TokenizerTestSupport.run(tokenizer, Array(deeper.utf8), split: split))
            #expect(error.kind == .depthLimitExceeded)
            #expect(error.location.offset == limit * 5)
            #expect(error.path.description == "$" + String(repeating: ".a", count: limit))
        }
    }

    @Test func hundredThousandOpeningBracketsFailCleanly() throws {
        let bytes = Array(repeating: UInt8(ascii: "["), count: 100_000)
        for split in [TokenizerTestSupport.Split.whole, .size(4096), .size(1)] {
            let error = try #require(
                TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: split))
            #expect(error.kind == .depthLimitExceeded)
        }
        // With the limit raised past the input, the same bytes are simply truncated.
        let deep = JSONTokenizer(options: JSONParserOptions(maximumDepth: 200_000), handler: IgnoringHandler())
        let error = try #require(TokenizerTestSupport.run(deep, bytes, split: .whole))
        #expect(error.kind == .incompleteInput)
        #expect(error.path.components.count == 100_000)
    }

    /// Every non-empty prefix of a document is either itself JSON or incomplete, never invalid.
    @Test(arguments: [
        #"{"a":[1,-2.5e+3,"x\u00e9\"y",true,false,null],"b":{"c":{}},"d":[]}"#,
        #"[{"id":12345678901234567890,"tags":["😀","東京"],"f":0.5E-7}]"#,
        "\"string \\\\ with \\\" escapes\"",
        "-0.125e10",
    ])
    func everyPrefixIsIncompleteOrValid(document: String) throws {
        let bytes = Array(document.utf8)
        try JSONTokenizer.validate(.bytes(bytes))
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let error = TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), prefix, split: .whole)
            if let error {
                #expect(error.kind == .incompleteInput, "\(String(decoding: prefix, as: UTF8.self)): \(error)")
                #expect(error.location.offset == length)
            }
        }
    }

    @Test func emptyInputIsIncompleteUnlessMultipleValuesAreAllowed() throws {
        for text in ["", "  \n\t ", "\r\n"] {
            let error = try #require(TokenizerTestSupport.error(text))
            #expect(error.kind == .incompleteInput)
            #expect(error.message == "unexpected end of input: no JSON value")
            // A stream of no values is fine.
            try JSONTokenizer.validate(.string(text), options: JSONParserOptions(allowsMultipleValues: true))
        }
        let truncatedStream = try #require(
            TokenizerTestSupport.error("{\"a\":1}\n{\"b\":", options: JSONParserOptions(allowsMultipleValues: true)))
        #expect(truncatedStream.kind == .incompleteInput)
        #expect(truncatedStream.path.description == "$.b")
        let openString = try #require(
            TokenizerTestSupport.error("1 \"abc", options: JSONParserOptions(allowsMultipleValues: true)))
        #expect(openString.kind == .incompleteInput)
        #expect(openString.message == "unexpected end of input inside a string")
    }

    @Test func secondValueIsAnErrorByDefault() throws {
        let error = try #require(TokenizerTestSupport.error("{\"a\":1}\n{\"b\":2}"))
        #expect(error.kind == .invalidSyntax)
        #expect(error.message == "trailing garbage")
        #expect(error.location == SourceLocation(offset: 8, line: 2, column: 1))
    }

    struct Rejection: Error, Equatable {
        var reason: String
    }

    @Test func consumerErrorKeepsTheUnderlyingError() throws {
        let text = "{\n  \"items\": [1, 2, \"three\", 4]\n}"
        for split in TokenizerTestSupport.Split.sweep() {
            let tokenizer = JSONTokenizer(
                handler: JSONEventClosure { event, _ in
                    if case .string(let bytes) = event { throw Rejection(reason: "no strings here: \(bytes.string)") }
                })
            let error = try #require(TokenizerTestSupport.run(tokenizer, Array(text.utf8), split: split))
            #expect(error.kind == .consumerError)
            #expect(error.underlyingError as? Rejection == Rejection(reason: "no strings here: three"))
            #expect(
                error.description == """
                    2:19: error: error while handling JSON: Rejection(reason: "no strings here: three") (in $.items[2])
                      "items": [1, 2, "three", 4]
                                      ^
                    """, "\(split)")
        }
    }

    @Test func contextErrorIsLocatedAtTheToken() throws {
        let text = #"{"name":"Ada","age":"thirty"}"#
        for split in TokenizerTestSupport.Split.sweep() {
            let tokenizer = JSONTokenizer(
                handler: JSONEventClosure { event, context in
                    if case .string(let value) = event, context.path == [.key("age")] {
                        throw context.error(
                            "expected a number, found \"\(value.string)\"", underlying: Rejection(reason: "type"))
                    }
                })
            let error = try #require(TokenizerTestSupport.run(tokenizer, Array(text.utf8), split: split))
            #expect(error.kind == .consumerError)
            #expect(error.underlyingError as? Rejection == Rejection(reason: "type"))
            #expect(
                error.description == """
                    1:21: error: error while handling JSON: expected a number, found "thirty" (in $.age)
                    {"name":"Ada","age":"thirty"}
                                        ^
                    """, "\(split)")
        }
    }

    @Test func stopParsingReadsNoFurther() throws {
        var seen: [String] = []
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, context in
                seen.append(event.description)
                if case .key(let key) = event, key.equals("stop") { context.stopParsing() }
            })
        try tokenizer.feed(Array(#"{"a":1,"stop":2,"#.utf8))
        #expect(tokenizer.isStopped)
        #expect(tokenizer.bytesConsumed == 13)
        try tokenizer.feed(Array("this is not JSON".utf8))  // ignored
        try tokenizer.finish()
        #expect(seen == [#"startObject"#, #"key("a")"#, "number(1)", #"key("stop")"#])
    }

    @Test func valueIndexCountsTopLevelValues() throws {
        var indices: [String] = []
        try JSONTokenizer.tokenize("1 [2] {\"a\":3} \"x\"", options: JSONParserOptions(allowsMultipleValues: true)) {
            event, context in
            indices.append("\(event)#\(context.valueIndex)")
        }
        #expect(
            indices == [
                "number(1)#0", "startArray#1", "number(2)#1", "endArray#1", "startObject#2", #"key("a")#2"#,
                "number(3)#2",
                "endObject#2", #"string("x")#3"#,
            ])
    }
}
