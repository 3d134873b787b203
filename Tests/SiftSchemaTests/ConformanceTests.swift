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

    /// Cases Sift does not pass yet, by `file: group: test`, with the reason.
    static let expectedFailures: [String: String] = [
        "defs: validate definition against metaschema: valid definition schema": metaSchema,
        "defs: validate definition against metaschema: invalid definition schema": metaSchema,
        "ref: remote ref, containing refs itself: remote ref valid": metaSchema,
        "ref: remote ref, containing refs itself: remote ref invalid": metaSchema,
        "vocabulary: schema that uses custom metaschema with with no validation vocabulary: no validation: invalid number, but it still validates":
            "$vocabulary is not read: every keyword of the validation vocabulary is always applied",
    ]

    private static let metaSchema =
        "the draft 2020-12 meta-schemas (https://json-schema.org/draft/2020-12/schema) are not bundled; a user adds them to `remotes`"

    @Test func suiteIsPresent() {
        #expect(ConformanceSuite.cases.count == 1299)
    }

    @Test func everyCaseGivesTheSuiteVerdict() throws {
        var unexpected: [String] = []
        var passing = 0
        for testCase in ConformanceSuite.cases {
            let verdict = Self.verdict(testCase)
            let expectedToFail = Self.expectedFailures[testCase.name] != nil
            if verdict == nil { passing += 1 }
            if (verdict == nil) == expectedToFail {
                unexpected.append(
                    expectedToFail ? "now passes: \(testCase.name)" : "\(testCase.name): \(verdict ?? "")")
            }
        }
        print("JSON Schema Test Suite draft 2020-12: \(passing) of \(ConformanceSuite.cases.count) pass")
        #expect(
            unexpected.isEmpty,
            Comment(rawValue: "\(unexpected.count) unexpected:\n" + unexpected.joined(separator: "\n")))
    }

    /// nil when the case passes whole and in every chunk size; else why not.
    static func verdict(_ testCase: ConformanceSuite.Case) -> String? {
        let schema: JSONSchema
        do {
            schema = try JSONSchema(testCase.schema, remotes: ConformanceSuite.remotes)
        } catch {
            return "schema: \(error)"
        }
        let bytes = Array(testCase.instance.utf8)
        var reports: [SchemaValidationReport] = []
        for size in [bytes.count] + chunkSizes where size > 0 {
            do {
                let tokenizer = JSONTokenizer(handler: JSONSchemaValidator(schema: schema))
                var start = 0
                while start < bytes.count {
                    try tokenizer.feed(bytes[start..<min(start + size, bytes.count)])
                    start += size
                }
                try tokenizer.finish()
                reports.append(tokenizer.handler.report)
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
