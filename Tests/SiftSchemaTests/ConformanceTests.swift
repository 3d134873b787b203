import Foundation
import Sift
import SiftSchema
import Testing

/// The JSON Schema Test Suite, draft 2020-12, required tests: each instance is validated whole
/// and streamed in chunks, and must give the suite's verdict — except the cases listed in
/// ``expectedFailures``, which must still fail (so the list shrinks as support grows).
@Suite struct ConformanceTests {
    /// Chunk sizes each instance is also fed in (besides whole).
    static let chunkSizes = Array(1...31)

    /// Cases Sift does not pass yet, by `file: group: test`, with the reason (none: the four that
    /// `$ref` the draft 2020-12 meta-schema pass since it is bundled).
    static let expectedFailures: [String: String] = [:]

    /// `optional/format` cases Sift does not pass, with the reason.
    static let expectedFormatFailures: [String: String] = {
        let group = "hostname: validation of A-label (punycode) host names: "
        let reason =
            "an A-label (xn--…) is checked as an ASCII label only: its Punycode is not decoded, so the IDNA 2008 rules (RFC 5891, 5892) are not applied"
        let tests = [
            "invalid Punycode",
            "contains illegal char U+302E Hangul single dot tone mark",
            "Begins with a Spacing Combining Mark",
            "Begins with a Nonspacing Mark",
            "Begins with an Enclosing Mark",
            "Exceptions that are DISALLOWED, right-to-left chars",
            "Exceptions that are DISALLOWED, left-to-right chars",
            "MIDDLE DOT with no preceding 'l'",
            "MIDDLE DOT with nothing preceding",
            "MIDDLE DOT with no following 'l'",
            "MIDDLE DOT with nothing following",
            "Greek KERAIA not followed by Greek",
            "Greek KERAIA not followed by anything",
            "Hebrew GERESH not preceded by Hebrew",
            "Hebrew GERESH not preceded by anything",
            "Hebrew GERSHAYIM not preceded by Hebrew",
            "Hebrew GERSHAYIM not preceded by anything",
            "KATAKANA MIDDLE DOT with no Hiragana, Katakana, or Han",
            "KATAKANA MIDDLE DOT with no other characters",
            "Arabic-Indic digits mixed with Extended Arabic-Indic digits",
            "ZERO WIDTH JOINER not preceded by Virama",
            "ZERO WIDTH JOINER not preceded by anything",
            "contains \"--\" in the 3rd and 4th position",
        ]
        return Dictionary(uniqueKeysWithValues: tests.map { (group + $0, reason) })
    }()

    @Test func suiteIsPresent() {
        #expect(ConformanceSuite.cases.count == 1299)
    }

    @Test func everyCaseGivesTheSuiteVerdict() throws {
        check(ConformanceSuite.cases, expectedFailures: Self.expectedFailures, assertsFormat: false)
    }

    /// The suite's `optional/format` tests of the formats Sift asserts, with `assertsFormat`.
    @Test func assertedFormatsGiveTheSuiteVerdict() throws {
        #expect(ConformanceSuite.formatCases.count == 485)
        check(ConformanceSuite.formatCases, expectedFailures: Self.expectedFormatFailures, assertsFormat: true)
    }

    private func check(_ cases: [ConformanceSuite.Case], expectedFailures: [String: String], assertsFormat: Bool) {
        var unexpected: [String] = []
        var passing = 0
        for testCase in cases {
            let verdict = Self.verdict(testCase, assertsFormat: assertsFormat)
            let expectedToFail = expectedFailures[testCase.name] != nil
            if verdict == nil { passing += 1 }
            if (verdict == nil) == expectedToFail {
                unexpected.append(
                    expectedToFail ? "now passes: \(testCase.name)" : "\(testCase.name): \(verdict ?? "")")
            }
        }
        print(
            "JSON Schema Test Suite draft 2020-12\(assertsFormat ? ", format" : ""): \(passing) of \(cases.count) pass")
        #expect(
            unexpected.isEmpty,
            Comment(rawValue: "\(unexpected.count) unexpected:\n" + unexpected.joined(separator: "\n")))
    }

    /// nil when the case passes whole and in every chunk size; else why not.
    static func verdict(_ testCase: ConformanceSuite.Case, assertsFormat: Bool) -> String? {
        let schema: JSONSchema
        do {
            schema = try JSONSchema(testCase.schema, remotes: ConformanceSuite.remotes, assertsFormat: assertsFormat)
        } catch {
            return "schema: \(error)"
        }
        let bytes = Array(testCase.instance.utf8)
        var reports: [SchemaValidationReport] = []
        for size in [bytes.count] + chunkSizes where size > 0 {
            do {
                reports.append(try schema.report(of: bytes, inChunksOf: size))
            } catch {
                return "parse: \(error)"
            }
        }
        guard let whole = reports.first else { return "no report" }
        if whole.isValid != testCase.valid {
            return "expected \(testCase.valid ? "valid" : "invalid"), got \(whole.errors.map(\.description))"
        }
        if reports.contains(where: { $0 != whole }) { return "a chunked run differs from the whole run" }
        return nil
    }
}
