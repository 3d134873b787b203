import Foundation
import Sift
import Testing

/// The JSON Schema Test Suite's required draft 2020-12 tests through `sift validate --schema`: one
/// process per group, its instances as NDJSON records (`--lines --output basic`, one verdict line
/// per record), each verdict compared with the suite's.
@Suite("sift validate --schema: the JSON Schema Test Suite")
struct ValidateSchemaConformanceTests {
    static let directory = SiftBinary.packageRoot.appendingPathComponent(
        "Tests/SiftSchemaTests/Fixtures/JSON-Schema-Test-Suite/tests/draft2020-12")

    /// Groups whose schema refers to the suite's remote documents (`http://localhost:1234/…`):
    /// each document is given with `--schema-ref URI=FILE`, as the library's `remotes` table
    /// serves them in `SiftSchemaTests`.
    static func usesRemotes(_ schema: JSONValue) -> Bool { schema.description.contains("localhost:1234") }

    /// `--schema-ref http://localhost:1234/PATH=FILE` for every document of the suite's `remotes`.
    static let remoteArguments: [String] = {
        let directory = SiftBinary.packageRoot.appendingPathComponent(
            "Tests/SiftSchemaTests/Fixtures/JSON-Schema-Test-Suite/remotes")
        let prefix = directory.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var references: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            let path = url.standardizedFileURL.path
            guard url.pathExtension == "json", path.hasPrefix(prefix) else { continue }
            references.append("http://localhost:1234/\(path.dropFirst(prefix.count))=\(path)")
        }
        return references.sorted().flatMap { ["--schema-ref", $0] }
    }()

    /// The groups that do not give the suite's verdicts, as in `SiftSchemaTests.ConformanceTests`
    /// (none: the two that `$ref` the draft 2020-12 meta-schema pass since it is bundled).
    static let expectedFailingGroups: Set<String> = []

    @Test("every required test gives the suite's verdict, remote documents given with --schema-ref URI=FILE")
    func suite() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let temporary = try TemporaryDirectory()
        var passed = 0
        var withRemotes = 0
        var failures: [String] = []
        #expect(Self.remoteArguments.count > 40)
        for name in names {
            let groups = try #require(
                try JSONValue(parsing: Array(try Data(contentsOf: Self.directory.appendingPathComponent(name))))
                    .arrayValue)
            for group in groups {
                let schema = try #require(group["schema"])
                let tests = try #require(group["tests"]?.arrayValue)
                let groupName = "\(name.dropLast(5)): \(group["description"]?.stringValue ?? "")"
                let remotes = Self.usesRemotes(schema) ? Self.remoteArguments : []
                let schemaFile = try temporary.write("schema.json", schema.description)
                let records = tests.compactMap { $0["data"]?.description }.joined(separator: "\n") + "\n"
                let result = try SiftProcess.run(
                    ["validate", "--lines", "--output", "basic", "--schema", schemaFile] + remotes,
                    stdin: .bytes(Array(records.utf8)))
                let verdicts = result.stdoutLines.map { try? JSONValue(parsing: $0)["valid"]?.boolValue }
                let expectedToFail = Self.expectedFailingGroups.contains(groupName)
                let agrees =
                    verdicts.count == tests.count
                    && zip(verdicts, tests).allSatisfy { $0 == $1["valid"]?.boolValue }
                if agrees == expectedToFail {
                    failures.append(
                        "\(groupName): status \(result.status), \(verdicts)\(expectedToFail ? " (listed as failing)" : "")"
                    )
                } else if agrees {
                    passed += tests.count
                    if !remotes.isEmpty { withRemotes += tests.count }
                }
            }
        }
        print(
            "sift validate --schema: \(passed) tests agree with the suite, \(withRemotes) of them with remote documents"
        )
        for failure in failures.prefix(20) { print("  ✗ \(failure)") }
        #expect(failures.isEmpty)
        #expect(passed == 1299)
        #expect(withRemotes > 0)
    }
}
