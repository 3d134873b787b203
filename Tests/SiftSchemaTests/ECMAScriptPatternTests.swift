import Sift
import Testing

@testable import SiftSchema

/// `format: "regex"` reads ECMA-262's pattern grammar with the `u` flag.
///
/// Its early errors included, and patterns of any size and nesting in linear time. Verdicts agree with `new RegExp(pattern, "u")`
/// of Node.js 20, except for what ECMAScript 2025 added (modifiers, one name in two alternatives).
@Suite struct ECMAScriptPatternTests {
    private func isRegex(_ text: String) -> Bool { FormatAssertion.isValid(text, format: "regex") }

    @Test(arguments: [
        "", "a", "^abc$", "([abc])+\\s+$", "a|b|", "(?:a|b)*?c{2,}d{1,3}?e{0}", "\\d\\D\\w\\W\\s\\S.",
        "\\b\\B^$", "(?=a)(?!b)(?<=c)(?<!d)", "(?<year>\\d{4})-\\k<year>", "\\k<later>(?<later>a)", "(a)\\1",
        "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", "\\1(a)", "[a-z0-9_-]", "[-a]", "[a-]", "[]", "[^]", "[\\]\\\\]",
        "[\\b\\-\\d]", "[--a]", "[a-c-e]", "[\\u0041-\\u{1F600}]", "[\\uD83D\\uDE00-\\uD83D\\uDE01]",
        "\\u{10FFFF}\\u0000\\x7F\\cJ\\0\\f\\n\\r\\t\\v", "\\^\\$\\\\\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\/",
        "\\p{L}\\P{Letter}\\p{gc=Lu}\\p{General_Category=Decimal_Number}\\p{Script=Greek}\\p{scx=Latn}",
        "\\p{ASCII_Hex_Digit}\\p{Emoji}\\p{Any}\\p{WSpace}\\p{sc=Zzzz}\\p{Script=Inherited}\\p{sc=Qaac}",
        "a{99999999999999999999}", "a{2,00000000000000000003}",
        "(?<$_a\\u0062>x)\\k<$_ab>", "(?<ünï>x)", "(?<a>x)|(?<a>y)", "(?:(?<a>x)|y)(?:z|w)|(?<a>v)",
        "(?i:a)(?-m:b)(?s-i:c)(?ims:d)", "é😀",
    ])
    func validPatternsPass(_ pattern: String) {
        #expect(isRegex(pattern), "\(pattern)")
    }

    @Test(arguments: [
        "^(abc]", "(", ")", "a)", "(a", "[a", "[", "*", "+a", "?", "a**", "a*??", "a{", "a{1", "a{1,", "a{,1}",
        "a{2,1}", "a{20,3}", "{1}", "}", "]", "x{", "^*", "$+", "\\b*", "(?=a)*", "(?<=a)+", "(?<!a){2}",
        "(a)\\2", "\\1", "\\k<b>(?<a>x)", "\\k", "\\ka", "(?<a>x)(?<a>y)", "(?<a>(?<a>x))",
        "(?<a>x)(?:(?<a>y)|z)", "(?<>x)", "(?<1a>x)", "(?<a-b>x)", "(?<a", "\\a", "\\Z", "\\-", "\\e", "\\c",
        "\\c1", "\\x4", "\\u12", "\\u{110000}", "\\u{}", "\\00", "\\01", "\\", "[\\1]", "[\\c]", "[\\B]",
        "[\\d-z]", "[a-\\w]", "[z-a]", "[\\u{1F601}-\\u{1F600}]", "\\p{Nonsense}", "\\p{Script}",
        "\\p{gc=Greek}", "\\p{sc=Lain}", "\\p{sc=Hrkt}", "\\p{scx=L}", "\\p{gc=}", "\\p{Foo=L}", "\\p{L", "\\p", "\\pL",
        "(?-:a)", "(?ii:a)", "(?i-i:a)", "(?x:a)", "(?",
        "(?i", "(?)", "(?P<a>x)", "(?#comment)", "a{1}{2}",
    ])
    func invalidPatternsFail(_ pattern: String) {
        #expect(!isRegex(pattern), "\(pattern)")
    }

    /// Megabytes of pattern, flat, nested, alternated and with one name in every alternative,
    /// are read once: each shape takes time and memory in proportion to its length.
    @Test func hugePatternsAreReadInOneLinearPass() {
        let count = 1 << 19
        #expect(isRegex(String(repeating: "a", count: 4 * count)))
        #expect(isRegex(String(repeating: "(", count: count) + String(repeating: ")", count: count)))
        #expect(!isRegex(String(repeating: "(", count: count) + String(repeating: ")", count: count - 1)))
        #expect(isRegex(String(repeating: "(?:a|", count: count) + String(repeating: ")", count: count)))
        let nested = String(repeating: "(?:", count: count / 2) + "(?<n>x)" + String(repeating: ")", count: count / 2)
        #expect(isRegex(Array(repeating: nested, count: 4).joined(separator: "|")))
        #expect(!isRegex(nested + nested))
        #expect(isRegex(Array(repeating: "(?<n>x)", count: count / 4).joined(separator: "|")))
        #expect(isRegex(String(repeating: "[a-z\\d]\\p{L}{2,3}?", count: count / 8)))
    }

    /// Through a schema, streamed in small chunks: a pattern string is checked as a whole.
    @Test func aSchemaAssertsItWhenAsked() throws {
        let schema = try JSONSchema(parsing: #"{"format": "regex"}"#, assertsFormat: true)
        for size in [1, 3, 64] {
            #expect(try schema.report(of: Array(#""^(?<y>\\d{4})$""#.utf8), inChunksOf: size).isValid)
            #expect(try !schema.report(of: Array(#""\\Z""#.utf8), inChunksOf: size).isValid)
        }
        let annotating = try JSONSchema(parsing: #"{"format": "regex"}"#)
        #expect(try annotating.report(of: Array(#""(""#.utf8), inChunksOf: 1).isValid)
    }
}
