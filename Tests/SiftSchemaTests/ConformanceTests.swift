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

    /// `optional/format` cases Sift does not pass, with the reason (none: A-labels in host names
    /// are decoded and checked against IDNA 2008).
    static let expectedFormatFailures: [String: String] = [:]

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
