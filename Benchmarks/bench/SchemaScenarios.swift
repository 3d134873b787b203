import Foundation
import Sift
import SiftSchema

/// JSON Schema validation (SiftSchema) of the generated Hub feed (``HubFeedGenerator``) against a
/// schema of a dozen keywords (`required`, `enum`, `pattern`, `minLength`, `type`, and a `$ref` to
/// a recursive `component` definition), in one pass while the tokens arrive, vs the yajl floor and
/// `JSONSerialization` followed by the same checks written by hand over the tree.
///
/// `schema-cli/hub-feed`: whole processes on a file, `sift validate --schema` against the floor
/// process and the validators users pick today, which load the whole instance first:
/// python-jsonschema and jsonschema-rs (from PyPI, run by `Benchmarks/schema-contenders.py`; each
/// is left out, with a note, where Python cannot import it). python-jsonschema validates about a
/// megabyte a second, so that scenario reads an 8 MB file (1 MB with `--quick`).
///
/// The checksum is the verdict (1: valid), which every run must give; the processes print
/// nothing for a valid feed.
enum SchemaScenarios: ScenarioFamily {
    /// The checksum kind of the validators.
    static let kind = "schema verdict"

    /// The schema the feed is validated against.
    static let schemaText = #"""
        {"type": "object", "required": ["id", "body"],
         "properties": {"id": {"type": "string"}, "title": {"type": "string"},
                        "header": {"$ref": "#/$defs/component"},
                        "body": {"type": "array", "items": {"$ref": "#/$defs/component"}}},
         "$defs": {"component": {"type": "object", "required": ["id", "component", "text"],
           "properties": {
             "id": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
             "component": {"type": "object", "required": ["id", "category"],
               "properties": {"id": {"type": "string", "pattern": "^[a-z]+:[a-z]+$"},
                              "category": {"enum": ["header", "row", "card", "carousel", "banner"]}}},
             "text": {"type": "object", "required": ["title"], "properties": {"title": {"type": "string", "minLength": 1}}},
             "metadata": {"type": "object",
               "properties": {"numbers": {"type": "array", "items": {"type": "integer"}}, "score": {"type": "number"}}},
             "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}}}}}
        """#

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        let size = (options.isQuick ? 4 : 64) * 1_000_000
        let dataset = Dataset(
            generated: "hub-feed", origin: "generated \(size / 1_000_000) MB Hub feed",
            generator: HubFeedGenerator(size: size))
        return [
            Scenario(
                name: "schema/\(dataset.name)",
                summary: "validate \(dataset.origin) against a JSON Schema of a dozen keywords, in memory",
                dataset: dataset, access: .inMemory,
                contenders: [TokenizerContenders.floor, siftSchema, jsonSerialization])
        ] + (processes(options: options).map { [$0] } ?? [])
    }

    /// `JSONSchema.validate`: the feed streamed through the tokenizer once.
    static let siftSchema = Contender(name: "sift JSONSchema.validate", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let schema = try JSONSchema(parsing: schemaText)
        let body = {
            let report = try schema.validate(.bytes(bytes))
            guard report.isValid else { throw BenchError("the feed fails its schema: \(report.errors.prefix(3))") }
            return RunResult(bytes: bytes.count, checksum: 1)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONSerialization.jsonObject`, then the schema's rules checked by hand over the tree.
    static let jsonSerialization = Contender(
        name: "JSONSerialization+checks", role: .foundation, checksumKind: kind
    ) { input in
        let data = input.data
        let body = {
            let root = try JSONSerialization.jsonObject(with: data)
            guard HandChecks.isFeed(root) else { throw BenchError("the feed fails the hand-written checks") }
            return RunResult(bytes: data.count, checksum: 1)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `sift validate --schema` and the Python validators, as processes on one file.
    static func processes(options: BenchOptions) -> Scenario? {
        guard let sift = ChildProcess.siftExecutable, let bench = ChildProcess.benchExecutable else { return nil }
        let size = (options.isQuick ? 1 : 8) * 1_000_000
        let generator = HubFeedGenerator(size: size)
        let file = GeneratedFile(named: "schema-hub-feed", generator)
        var contenders = [
            CommandLineScenarios.floor(bench, format: .json, file: file),
            process("sift validate --schema", role: .sift, file: file) { url, schema in
                ChildProcess(executable: sift, arguments: ["validate", "--schema", schema.path, url.path])
            },
        ]
        for library in ["jsonschema", "jsonschema_rs"] {
            guard let python = PythonContenders.interpreter(importing: library) else {
                BenchSuite.printError(
                    "note: schema-cli leaves out \(library): Python cannot import it (make bench installs it)")
                continue
            }
            let name = library == "jsonschema" ? "python-jsonschema" : "jsonschema-rs"
            contenders.append(
                process(name, role: .foundation, file: file) { url, schema in
                    ChildProcess(
                        executable: python, arguments: [PythonContenders.script, library, schema.path, url.path])
                })
        }
        let megabytes = "\(generator.estimatedSize / 1_000_000) MB"
        return Scenario(
            name: "schema-cli/hub-feed",
            summary: "validate a generated \(megabytes) Hub feed file against a JSON Schema, whole processes",
            dataset: Dataset(
                generated: "hub-feed", origin: "generated \(megabytes) Hub feed, in a file", format: .json,
                generator: generator),
            access: .file, contenders: contenders, clock: .wall, cleanUp: file.remove)
    }

    /// A child process over the file and the schema, whose output (nothing, for a valid feed) is
    /// checked against the other contenders'.
    static func process<Generator>(
        _ name: String, role: ContenderRole, file: GeneratedFile<Generator>,
        child makeChild: @escaping @Sendable (URL, URL) -> ChildProcess
    ) -> Contender {
        Contender(name: name, role: role, checksumKind: "schema output") { _ in
            let url = try file.url()
            let bytes = try CommandLineScenarios.size(of: url)
            let child = makeChild(url, try schemaFile())
            return PreparedRun(
                run: { _ in
                    let run = try child.run()
                    return RunResult(bytes: bytes, checksum: UInt64(run.outputBytes), process: run)
                },
                verify: { UInt64(try child.run().outputBytes) })
        }
    }

    /// ``schemaText`` in a temporary file (written once per process), for the processes.
    static func schemaFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sift-bench-\(getpid())-hub-feed.schema.json")
        if !FileManager.default.fileExists(atPath: url.path) { try Data(schemaText.utf8).write(to: url) }
        return url
    }

}

/// The rules of ``SchemaScenarios/schemaText``, written by hand over `JSONSerialization` output.
private enum HandChecks {
    static let categories: Set<String> = ["header", "row", "card", "carousel", "banner"]

    static func isFeed(_ value: Any) -> Bool {
        guard let feed = value as? [String: Any], feed["id"] is String, let body = feed["body"] as? [Any] else {
            return false
        }
        if let title = feed["title"], !(title is String) { return false }
        if let header = feed["header"], !isComponent(header) { return false }
        return body.allSatisfy(isComponent)
    }

    static func isComponent(_ value: Any) -> Bool {
        guard let component = value as? [String: Any], let id = component["id"] as? String,
            isWordsAndNumber(id), let kind = component["component"] as? [String: Any],
            let kindID = kind["id"] as? String, isNamespaced(kindID), let category = kind["category"] as? String,
            categories.contains(category), let text = component["text"] as? [String: Any],
            let title = text["title"] as? String, !title.isEmpty
        else { return false }
        if let metadata = component["metadata"] {
            guard let metadata = metadata as? [String: Any] else { return false }
            if let numbers = metadata["numbers"] {
                guard let numbers = numbers as? [Any], numbers.allSatisfy(isInteger) else { return false }
            }
            if let score = metadata["score"], !isNumber(score) { return false }
        }
        if let children = component["children"] {
            guard let children = children as? [Any], children.allSatisfy(isComponent) else { return false }
        }
        return true
    }

    /// A number that is not a boolean, as ``Strict`` reads one.
    static func isNumber(_ value: Any) -> Bool { (try? Strict.double(value)) != nil }

    static func isInteger(_ value: Any) -> Bool {
        guard let number = try? Strict.double(value) else { return false }
        return number == number.rounded()
    }

    /// Whether `text` matches `^[a-z]+-[0-9]+$`.
    static func isWordsAndNumber(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[0].allSatisfy { ("a"..."z").contains($0) }
            && !parts[1].isEmpty && parts[1].allSatisfy { ("0"..."9").contains($0) }
    }

    /// Whether `text` matches `^[a-z]+:[a-z]+$`.
    static func isNamespaced(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { ("a"..."z").contains($0) } }
    }
}

/// The Python interpreter bench runs the PyPI validators with, and the script that runs them.
enum PythonContenders {
    /// `Benchmarks/schema-contenders.py` of this checkout (bench runs from its `.build`).
    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schema-contenders.py").path
    }

    /// The environment `make bench` makes (`.build/pyenv`), else `python3`, if it imports `module`.
    static func interpreter(importing module: String) -> String? {
        let local = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/pyenv/bin/python3").path
        for candidate in [local, "/usr/bin/python3", "/usr/local/bin/python3"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            let check = ChildProcess(executable: candidate, arguments: ["-c", "import \(module)"])
            if (try? check.run()) != nil { return candidate }
        }
        return nil
    }
}
