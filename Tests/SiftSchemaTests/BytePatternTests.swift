import Sift
import Testing

@testable import SiftSchema

/// The byte matcher of simple patterns gives the I-Regexp matcher's verdict on every string,
/// and leaves to it every pattern it does not take.
@Suite struct BytePatternTests {
    static let patterns = [
        "^[a-z]+-[0-9]+$", "^[a-z]+:[a-z]+$", "ab", "^a*$", "a{2,3}", "^a{2}b?$", "x[-a-c]", "[a\\-z]",
        "\\.json$", "^\\d{4}-\\d{2}$", "^$", "", "^[A-Za-z_][A-Za-z0-9_]*$", "b+c*d?$",
    ]
    static let texts = [
        "", "a", "aa", "aaa", "aaaa", "ab", "xab", "abc-12", "row:card", "row:", ":card", "x-", "xa", "xb",
        "xd", "-", "a.json", "ajson", "2024-11", "2024-1", "_x9", "9x", "bd", "bbcccd", "bce", "é", "aé",
        "éab", "card-7é", "a\u{0}b",
    ]

    @Test func agreesWithTheIRegexpMatcher() throws {
        for source in Self.patterns {
            let translated = PatternTranslation.translate(source)
            let expression = try #require(RegularExpression(translated))
            let bytePattern = try #require(BytePattern(translated), "no byte form for \(source)")
            for text in Self.texts {
                let viaBytes = Array(text.utf8).withUnsafeBufferPointer { bytePattern.matches($0) }
                #expect(viaBytes == expression.matchesPart(text), "\(source) on \(text)")
            }
        }
    }

    @Test func leavesOtherPatternsToTheIRegexpMatcher() {
        for source in ["a|b", "(ab)+", "a.c", "[^a]", "\\p{L}", "é", "a{70}", "[a-é]"] {
            #expect(BytePattern(PatternTranslation.translate(source)) == nil, "\(source)")
        }
    }

    @Test func memberTableFindsNamesByBytes() {
        let names = ["id", "body", "", "é", "a\u{0}b"] + (0..<40).map { "name\($0)" }
        let table = MemberTable(names)
        for (index, name) in names.enumerated() {
            #expect(Array(name.utf8).withUnsafeBufferPointer { table.index(of: $0) } == index)
        }
        for missing in ["ID", "bod", "e\u{301}", "name40"] {
            #expect(Array(missing.utf8).withUnsafeBufferPointer { table.index(of: $0) } == nil)
        }
    }
}
