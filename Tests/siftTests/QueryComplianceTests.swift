import Foundation
import Sift
import Testing

/// The RFC 9535 compliance suite through `sift query`: every valid selector writes the expected
/// values in the expected order (one per line) and succeeds; every invalid one is refused with
/// status 2 before reading input.
@Suite("sift query: the JSONPath compliance suite")
struct QueryComplianceTests {
    static let suite = SiftBinary.packageRoot.appendingPathComponent(
        "Tests/SiftTests/Fixtures/jsonpath-cts/cts.json")

    @Test("703 of 703, filters included")
    func wholeSuite() throws {
        let suite = try JSONValue(parsing: Array(try Data(contentsOf: Self.suite)))
        let tests = try #require(suite["tests"]?.arrayValue)
        var passed = 0
        var failures: [String] = []
        for test in tests {
            let name = test["name"]?.stringValue ?? "?"
            let selector = try #require(test["selector"]?.stringValue)
            if test["invalid_selector"] == .bool(true) {
                let result = try SiftProcess.run(["query", selector])
                if result.status == 2 && result.stdout.isEmpty {
                    passed += 1
                } else {
                    failures.append("\(name): invalid \(selector) gave status \(result.status)")
                }
                continue
            }
            let document = try #require(test["document"])
            let result = try SiftProcess.run(["query", selector], stdin: .bytes(try document.jsonBytes()))
            let lines = result.stdoutLines.map { try? JSONValue(parsing: $0) }
            var expected: [[JSONValue]] = []
            if let single = test["result"]?.arrayValue { expected = [single] }
            if let many = test["results"]?.arrayValue { expected = many.compactMap(\.arrayValue) }
            if result.status == 0 && expected.contains(where: { $0 == lines }) {
                passed += 1
            } else {
                failures.append("\(name): \(selector) gave status \(result.status), \(result.stdoutLines)")
            }
        }
        for failure in failures.prefix(20) { print("  ✗ \(failure)") }
        #expect(failures.isEmpty)
        #expect(passed == 703 && tests.count == 703)
    }
}
