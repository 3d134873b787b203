import Foundation

/// The `sift` command line as users meet it: the release `sift` beside this binary, run as a
/// child process on a generated file already in the page cache (the warm-up run reads it first),
/// and on standard input redirected from that file, against the yajl floor as a process of its own
/// (``FloorProcess``) on the same file.
///
/// simdjson On-Demand runs as a process of its own too (``SimdjsonProcess``, reading the whole
/// file into memory, as simdjson does). The commands run on the Hub feed and on the feed of small
/// containers (``SmallContainersGenerator``).
///
/// Times are the elapsed time of each whole process, start-up included: these scenarios are
/// ratioed by elapsed time whatever the run's clock (the CPU-time column of `--json` holds the
/// child's user and system time). The sift contenders check that the file and stdin give the
/// same output as each other and as simdjson (a fingerprint of it, untimed); peak RSS is the
/// child's own, sampled as it runs.
/// The files are ~200 MB (4 MB with `--quick`) and removed after each scenario. Without a built
/// `sift` (`swift build -c release --product sift`) the family is left out, with a note on stderr.
enum CommandLineScenarios: ScenarioFamily {
    /// The checksum kind of the `sift` contenders: a fingerprint of everything they print.
    static let kind = "sift output"

    /// One command line the family times.
    struct Command {
        /// The generated feed a command reads.
        enum Feed {
            case hub
            case smallContainers
        }

        var name: String
        var arguments: [String]
        var format: Dataset.Format
        var feed = Feed.hub

        /// The JSONPath of the command, for the simdjson process.
        var path: String { arguments.last { $0.hasPrefix("$") } ?? "" }
    }

    /// The `--lines` commands run on one thread (`--jobs 1`), the work the floors do.
    static let commands =
        [
            Command(name: "cli/titles/hub-feed", arguments: ["query", "$.body[*].text.title"], format: .json),
            Command(
                name: "cli/--lines/hub-feed.ndjson", arguments: ["query", "--lines", "--jobs", "1", "$.text.title"],
                format: .ndjson),
            Command(name: "cli/..uri/hub-feed", arguments: ["query", "$..uri"], format: .json),
            // The same matches in document order: nothing held, memory flat.
            Command(
                name: "cli/..uri-stream-order/hub-feed", arguments: ["query", "--stream-order", "$..uri"],
                format: .json),
        ] + smallContainerCommands

    /// The issue's queries on the feed of small containers.
    static let smallContainerCommands =
        [
            ("count", SmallContainerQueries.countPath), ("ids", SmallContainerQueries.idsPath),
            ("titles", SmallContainerQueries.titlesPath), ("filter", SmallContainerQueries.filterPath),
            ("..uri", SmallContainerQueries.descendantPath), ("records", SmallContainerQueries.recordsPath),
        ].map {
            Command(
                name: "cli/\($0)/small-containers", arguments: ["query", $1], format: .json, feed: .smallContainers)
        }
        + [
            Command(
                name: "cli/..uri-stream-order/small-containers",
                arguments: ["query", "--stream-order", SmallContainerQueries.descendantPath], format: .json,
                feed: .smallContainers),
            Command(
                name: "cli/--lines/small-containers.ndjson",
                arguments: ["query", "--lines", "--jobs", "1", SmallContainerQueries.linesPath], format: .ndjson,
                feed: .smallContainers),
        ]

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        guard let sift = ChildProcess.siftExecutable, let bench = ChildProcess.benchExecutable else {
            BenchSuite.printError(
                "note: no cli scenarios: build the release sift beside bench (swift build -c release --product sift)")
            return []
        }
        let size = (options.isQuick ? 4 : 200) * 1_000_000
        return commands.map { command in
            let layout: HubFeedGenerator.Layout = command.format == .ndjson ? .ndjson : .document
            return switch command.feed {
            case .hub:
                scenario(command, HubFeedGenerator(size: size, layout: layout), sift: sift, bench: bench)
            case .smallContainers:
                scenario(command, SmallContainersGenerator(size: size, layout: layout), sift: sift, bench: bench)
            }
        }
    }

    /// The scenario of `command` over a file written by `generator`.
    static func scenario<Generator: JSONDocumentGenerator & Sendable>(
        _ command: Command, _ generator: Generator, sift: String, bench: String
    ) -> Scenario {
        let megabytes = "\(generator.estimatedSize / 1_000_000) MB"
        let file = GeneratedFile(named: command.name.replacingOccurrences(of: "/", with: "_"), generator)
        let shown = command.arguments.map { $0.hasPrefix("$") ? "'\($0)'" : $0 }.joined(separator: " ")
        let feed = command.feed == .hub ? "Hub" : "small-container"
        return Scenario(
            name: command.name,
            summary: "sift \(shown) on a generated \(megabytes) file and on stdin, whole processes, elapsed time",
            dataset: Dataset(
                generated: String(command.name.split(separator: "/").last ?? ""),
                origin:
                    "generated \(megabytes) \(feed) \(command.format == .ndjson ? "components, one per line" : "feed")"
                    + ", in a file", format: command.format, generator: generator),
            access: .file,
            contenders: [
                floor(bench, format: command.format, file: file),
                siftProcess(sift, command.arguments, file: file, onStandardInput: false),
                siftProcess(sift, command.arguments, file: file, onStandardInput: true),
                simdjsonProcess(bench, format: command.format, path: command.path, file: file),
            ],
            clock: .wall, cleanUp: file.remove)
    }

    /// This binary as the yajl floor over the file.
    static func floor<Generator>(_ bench: String, format: Dataset.Format, file: GeneratedFile<Generator>) -> Contender {
        Contender(name: "yajl floor FILE", role: .floor) { _ in
            let url = try file.url()
            let bytes = try size(of: url)
            let child = ChildProcess(executable: bench, arguments: ["--yajl-floor", format.rawValue, url.path])
            return PreparedRun(run: { _ in
                let run = try child.run()
                return RunResult(bytes: bytes, checksum: UInt64(bytes), process: run)
            })
        }
    }

    /// The release `sift` with `arguments`, reading the file by name or on stdin.
    static func siftProcess<Generator>(
        _ sift: String, _ arguments: [String], file: GeneratedFile<Generator>, onStandardInput: Bool
    ) -> Contender {
        process(
            onStandardInput ? "sift < FILE" : "sift FILE", role: .sift, file: file, onStandardInput: onStandardInput
        ) { url in
            ChildProcess(
                executable: sift, arguments: onStandardInput ? arguments : arguments + [url.path],
                input: onStandardInput ? url : nil)
        }
    }

    /// This binary as simdjson On-Demand answering `path` over the whole file, printing what sift prints.
    static func simdjsonProcess<Generator>(
        _ bench: String, format: Dataset.Format, path: String, file: GeneratedFile<Generator>
    ) -> Contender {
        process("simdjson FILE", role: .anchor, file: file, onStandardInput: false) { url in
            ChildProcess(executable: bench, arguments: ["--simdjson-process", format.rawValue, path, url.path])
        }
    }

    /// A child process over the file whose output is checked against the other contenders' (a
    /// fingerprint of the bytes it prints).
    static func process<Generator>(
        _ name: String, role: ContenderRole, file: GeneratedFile<Generator>, onStandardInput: Bool,
        child makeChild: @escaping @Sendable (URL) -> ChildProcess
    ) -> Contender {
        Contender(name: name, role: role, checksumKind: kind) { _ in
            let url = try file.url()
            let bytes = try size(of: url)
            let child = makeChild(url)
            return PreparedRun(
                run: { _ in
                    let run = try child.run()
                    return RunResult(bytes: bytes, checksum: UInt64(run.outputBytes), process: run)
                },
                verify: {
                    var keeping = child
                    let output = url.appendingPathExtension(
                        "\(role.rawValue).\(onStandardInput ? "stdin" : "file").out")
                    defer { try? FileManager.default.removeItem(at: output) }
                    keeping.output = output
                    _ = try keeping.run()
                    var fingerprint = Fingerprint()
                    fingerprint.add(bytes: try Data(contentsOf: output))
                    return fingerprint.checksum
                })
        }
    }

    /// The size of a file in bytes.
    static func size(of url: URL) throws -> Int {
        guard let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int else {
            throw BenchError("cannot read the size of \(url.path)")
        }
        return size
    }
}
