import Foundation
import Sift
import SiftSchema

/// The JSON Schema Test Suite's draft 2020-12 cases (`Fixtures/JSON-Schema-Test-Suite`), read
/// once.
enum ConformanceSuite {
    /// One test of the suite: a schema, an instance as JSON text, and whether it is valid.
    struct Case: Sendable {
        var file: String
        var group: String
        var test: String
        var schema: JSONValue
        var instance: String
        var valid: Bool

        /// `file: group: test`, the key of the expected-failure list.
        var name: String { "\(file): \(group): \(test)" }
    }

    static let root: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
        .appendingPathComponent("JSON-Schema-Test-Suite")

    /// The remote documents, by the URI the suite serves them at (`http://localhost:1234/…`).
    static let remotes: [String: JSONValue] = {
        guard let directory = root?.appendingPathComponent("remotes") else { return [:] }
        var table: [String: JSONValue] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json", let data = try? Data(contentsOf: url),
                let value = try? JSONValue(parsing: data)
            else { continue }
            let relative = url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1)
            table["http://localhost:1234/" + relative] = value
        }
        return table
    }()

    /// Every required case (the files outside `optional/`), in file order.
    static let cases: [Case] = read("tests/draft2020-12")

    /// The `optional/format` cases of the formats Sift asserts.
    static let formatCases: [Case] = read("tests/draft2020-12/optional/format")

    private static func read(_ folder: String) -> [Case] {
        guard let directory = root?.appendingPathComponent(folder) else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        var cases: [Case] = []
        for name in names {
            guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                case .array(let groups)? = try? JSONValue(parsing: data)
            else { continue }
            for group in groups {
                guard let schema = group["schema"], case .array(let tests)? = group["tests"] else { continue }
                for test in tests {
                    guard let data = test["data"] else { continue }
                    cases.append(
                        Case(
                            file: String(name.dropLast(5)), group: group["description"]?.stringValue ?? "",
                            test: test["description"]?.stringValue ?? "", schema: schema,
                            instance: data.description, valid: test["valid"]?.boolValue ?? false))
                }
            }
        }
        return cases
    }
}

extension JSONSchema {
    /// The report of `bytes` fed to a validator in chunks of `size` bytes (the whole when `size`
    /// is their count).
    ///
    /// ```swift
    /// #expect(try schema.report(of: bytes, inChunksOf: 3) == schema.validate(.bytes(bytes)))
    /// ```
    func report(of bytes: [UInt8], inChunksOf size: Int) throws -> SchemaValidationReport {
        let tokenizer = JSONTokenizer(handler: JSONSchemaValidator(schema: self))
        var start = 0
        while start < bytes.count {
            try tokenizer.feed(bytes[start..<min(start + size, bytes.count)])
            start += size
        }
        try tokenizer.finish()
        return tokenizer.handler.report
    }
}
