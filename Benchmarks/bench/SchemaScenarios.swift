import Foundation
import Sift
import SiftSchema

/// JSON Schema validation: the generated Hub feed checked against ``HubFeedSchema`` while it
/// streams, in one pass, with nothing of the instance kept.
///
/// `schema/hub-feed`, in memory: ``JSONSchema/validate(_:options:maxErrors:)`` against the yajl
/// floor. `schema-cli/hub-feed`: whole processes on a file, `sift validate --schema` against the
/// floor process and the validators users pick today, which load the whole instance first:
/// python-jsonschema and jsonschema-rs (from PyPI, run by `Benchmarks/schema-contenders.py`; each
/// is left out, with a note, where Python cannot import it). python-jsonschema validates about a
/// megabyte a second, so that scenario reads an 8 MB file (1 MB with `--quick`).
///
/// Every contender reports the same thing: the feed is valid (no error, nothing printed).
enum SchemaScenarios: ScenarioFamily {
    /// The checksum kind of the contenders: the number of errors, or the bytes printed.
    static let kind = "schema errors"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        var scenarios: [Scenario] = []
        for dataset in datasets where dataset.name == "hub-feed" {
            scenarios.append(
                Scenario(
                    name: "schema/\(dataset.name)",
                    summary: "validate \(dataset.origin) against a JSON Schema of a dozen keywords, in memory",
                    dataset: dataset, access: .inMemory,
                    contenders: [TokenizerContenders.floor, sift, foundationLoad]))
        }
        if let scenario = processes(options: options) { scenarios.append(scenario) }
        return scenarios
    }

    /// ``JSONSchema/validate(_:options:maxErrors:)`` over the bytes.
    static let sift = Contender(name: "sift schema", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        let schema = try JSONSchema(parsing: HubFeedSchema.text)
        let body = {
            let report = try schema.validate(.bytes(bytes))
            return RunResult(bytes: bytes.count, checksum: UInt64(report.errors.count))
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONSerialization` loading the feed, and nothing more: what any validator that works on a
    /// tree pays before it checks the first keyword (Foundation has no JSON Schema validator).
    static let foundationLoad = Contender(name: "JSONSerialization load only", role: .foundation) { input in
        let data = input.data
        return PreparedRun(run: { _ in
            let object = try JSONSerialization.jsonObject(with: data)
            let members = (object as? [String: Any])?.count ?? 0
            return RunResult(bytes: data.count, checksum: UInt64(members))
        })
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
        Contender(name: name, role: role, checksumKind: kind) { _ in
            let url = try file.url()
            let bytes = try CommandLineScenarios.size(of: url)
            let child = makeChild(url, try HubFeedSchema.file())
            return PreparedRun(
                run: { _ in
                    let run = try child.run()
                    return RunResult(bytes: bytes, checksum: UInt64(run.outputBytes), process: run)
                },
                verify: { UInt64(try child.run().outputBytes) })
        }
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
