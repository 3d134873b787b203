import Testing

@testable import Sift

/// Input that ends inside a token: the error's path names the element or key that token is,
/// whether yajl delivered the token (`[1,2`) or held it unfinished in its lexer (`[1,2.`), the
/// same however the input is split.
@Suite struct TokenizerTruncationTests {
    struct Case: CustomStringConvertible, Sendable {
        var text: String
        var path: String
        var options = JSONParserOptions()
        var description: String { text }

        init(_ text: String, _ path: String, options: JSONParserOptions = JSONParserOptions()) {
            self.text = text
            self.path = path
            self.options = options
        }

        /// The error as a person reads it: the caret is at the input's end.
        var expected: String {
            let detail =
                text.utf8.filter { $0 == UInt8(ascii: "\"") }.count % 2 == 1
                ? "unexpected end of input inside a string" : "unexpected end of input"
            let column = text.utf8.count + 1
            return """
                1:\(column): error: incomplete JSON: \(detail) (in \(path))
                \(text)
                \(String(repeating: " ", count: column - 1))^
                """
        }
    }

    static let cases: [Case] = [
        // A number or literal cut off: yajl never delivers it.
        Case("[1,2.", "$[1]"),
        Case("[1.", "$[0]"),
        Case("[-", "$[0]"),
        Case("[1e", "$[0]"),
        Case("[1e+", "$[0]"),
        Case("[tru", "$[0]"),
        Case("[1,n", "$[1]"),
        Case("[1, 2, fals", "$[2]"),
        Case("[[1],[2.", "$[1][0]"),
        Case(#"{"a":1."#, "$.a"),
        Case(#"{"a":-"#, "$.a"),
        Case(#"{"a":tru"#, "$.a"),
        Case(#"{"a":[tr"#, "$.a[0]"),
        Case(#"{"a":[1,2e"#, "$.a[1]"),
        Case(#"{"a":{"b":nul"#, "$.a.b"),
        Case(#"[{"a":1},{"b":[0,1.5E"#, "$[1].b[1]"),
        // A string cut off.
        Case(#"{"a":"x"#, "$.a"),
        Case(#"["x","y"#, "$[1]"),
        Case(#"{"a":["x"#, "$.a[0]"),
        // A complete number or literal at the end: yajl delivers it, the container is unfinished.
        Case("[1,2", "$[1]"),
        Case("[1", "$[0]"),
        Case("[true", "$[0]"),
        Case("[1,2.5", "$[1]"),
        Case(#"{"a":1"#, "$.a"),
        Case(#"{"a":[1,2"#, "$.a[1]"),
        Case("[1,2 ", "$[1]"),
        // After a separator: the next element, or the object (no key yet).
        Case("[1,", "$[1]"),
        Case("[", "$[0]"),
        Case(#"{"a":1,"#, "$"),
        // With comments allowed, the same paths.
        Case("[1,2.", "$[1]", options: JSONParserOptions(allowsComments: true)),
        Case(#"{"a":/* c */1."#, "$.a", options: JSONParserOptions(allowsComments: true)),
    ]

    @Test(arguments: cases)
    func pathNamesTheTruncatedTokenInEverySplit(_ testCase: Case) throws {
        let bytes = Array(testCase.text.utf8)
        for split in TokenizerTestSupport.Split.sweep() {
            let tokenizer = JSONTokenizer(options: testCase.options, handler: IgnoringHandler())
            let error = try #require(TokenizerTestSupport.run(tokenizer, bytes, split: split), "\(split)")
            #expect(error.description == testCase.expected, "\(testCase.text), \(split)")
            #expect(error.kind == .incompleteInput)
            #expect(error.path.description == testCase.path)
            if error.description != testCase.expected { break }
        }
    }

    @Test(arguments: cases)
    func validatingReportsTheSameError(_ testCase: Case) {
        #expect(throws: JSONParseError.self) {
            try JSONTokenizer.validate(.bytes(Array(testCase.text.utf8)), options: testCase.options)
        }
        do {
            try JSONTokenizer.validate(.bytes(Array(testCase.text.utf8)), options: testCase.options)
        } catch {
            #expect(error.description == testCase.expected, "\(testCase.text)")
        }
    }

    /// The same numbers cut short, but followed by more input: yajl's lexer fails inside the
    /// chunk, and the path is the same as at the input's end.
    static let malformedNumbers: [(text: String, description: String)] = [
        (
            "[1,2.]",
            """
            1:6: error: invalid JSON: malformed number, a digit is required after the decimal point (in $[1])
            [1,2.]
                 ^
            """
        ),
        (
            #"{"a":[1e+]}"#,
            """
            1:10: error: invalid JSON: malformed number, a digit is required after the exponent (in $.a[0])
            {"a":[1e+]}
                     ^
            """
        ),
        (
            "[0,1.5E ]",
            """
            1:8: error: invalid JSON: malformed number, a digit is required after the exponent (in $[1])
            [0,1.5E ]
                   ^
            """
        ),
    ]

    @Test func malformedNumberInsideTheInputNamesItsElementInEverySplit() throws {
        for (text, description) in Self.malformedNumbers {
            for split in TokenizerTestSupport.Split.sweep() {
                let tokenizer = JSONTokenizer(handler: IgnoringHandler())
                let error = try #require(TokenizerTestSupport.run(tokenizer, Array(text.utf8), split: split))
                #expect(error.description == description, "\(text), \(split)")
                if error.description != description { break }
            }
        }
    }
}
