import Foundation

/// `parallel/`: the release `sift` on one thread and on every core, as whole processes on one
/// generated file, against the yajl floor process (one thread) and, for NDJSON, DuckDB (from
/// PyPI, run by `Benchmarks/duckdb-contender.py`; left out, with a note, where Python cannot
/// import it), which reads NDJSON on every core.
///
/// Four commands: `--lines` over the Hub components and over the small-container components,
/// one per line, and `$.body[*].text.title` over the Hub feed and over the feed of small
/// containers as one document, whose array `--jobs` splits. The sift contenders print the same bytes (checked before anything is
/// timed); DuckDB prints the same values in its own form, so it is checked only against itself.
/// Times are elapsed: what more cores buy is wall-clock time. The files are ~200 MB (4 MB with
/// `--quick`) and removed after each scenario.
enum ParallelScenarios: ScenarioFamily {
    /// One command of the family: the arguments before `--jobs N` and the file.
    struct Command {
        var name: String
        var arguments: [String]
        var format: Dataset.Format
        var feed: CommandLineScenarios.Command.Feed
        /// DuckDB's SQL expression for the same values, for NDJSON commands.
        var duckdbColumn: String?
    }

    static let commands = [
        Command(
            name: "parallel/--lines/hub-feed.ndjson", arguments: ["query", "--lines", "$.text.title"], format: .ndjson,
            feed: .hub, duckdbColumn: "text.title"),
        Command(
            name: "parallel/--lines/small-containers.ndjson",
            arguments: ["query", "--lines", SmallContainerQueries.linesPath], format: .ndjson, feed: .smallContainers,
            duckdbColumn: "text.title"),
        Command(
            name: "parallel/titles/hub-feed", arguments: ["query", "$.body[*].text.title"], format: .json,
            feed: .hub),
        Command(
            name: "parallel/titles/small-containers", arguments: ["query", "$.body[*].text.title"], format: .json,
            feed: .smallContainers),
    ]

    /// The cores this process may use: the `--jobs` of the all-cores contender.
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        guard let sift = ChildProcess.siftExecutable, let bench = ChildProcess.benchExecutable else {
            BenchSuite.printError(
                "note: no parallel scenarios: build the release sift beside bench (swift build -c release --product sift)"
            )
            return []
        }
        let duckdb = PythonContenders.interpreter(importing: "duckdb")
        if duckdb == nil {
            BenchSuite.printError(
                "note: parallel leaves out DuckDB: Python cannot import duckdb (make bench installs it)")
        }
        let size = (options.isQuick ? 4 : 200) * 1_000_000
        return commands.map { command in
            let layout: HubFeedGenerator.Layout = command.format == .ndjson ? .ndjson : .document
            return switch command.feed {
            case .hub:
                scenario(
                    command, HubFeedGenerator(size: size, layout: layout), sift: sift, bench: bench, duckdb: duckdb)
            case .smallContainers:
                scenario(
                    command, SmallContainersGenerator(size: size, layout: layout), sift: sift, bench: bench,
                    duckdb: duckdb)
            }
        }
    }

    /// The scenario of `command` over a file written by `generator`.
    static func scenario<Generator: JSONDocumentGenerator & Sendable>(
        _ command: Command, _ generator: Generator, sift: String, bench: String, duckdb: String?
    ) -> Scenario {
        let megabytes = "\(generator.estimatedSize / 1_000_000) MB"
        let file = GeneratedFile(named: command.name.replacingOccurrences(of: "/", with: "_"), generator)
        let shown = command.arguments.map { $0.hasPrefix("$") ? "'\($0)'" : $0 }.joined(separator: " ")
        var contenders = [
            CommandLineScenarios.floor(bench, format: command.format, file: file),
            jobs(1, sift, command.arguments, file: file),
            jobs(cores, sift, command.arguments, file: file),
        ]
        if let duckdb, let column = command.duckdbColumn {
            contenders.append(
                Contender(name: "DuckDB FILE", role: .foundation, checksumKind: "duckdb output") { _ in
                    let url = try file.url()
                    let bytes = try CommandLineScenarios.size(of: url)
                    let child = ChildProcess(executable: duckdb, arguments: [duckdbScript, column, url.path])
                    return PreparedRun(
                        run: { _ in
                            let run = try child.run()
                            return RunResult(bytes: bytes, checksum: UInt64(run.outputBytes), process: run)
                        },
                        verify: { UInt64(try child.run().outputBytes) })
                })
        }
        let feed = command.feed == .hub ? "Hub" : "small-container"
        let what = command.format == .ndjson ? "components, one per line" : "feed"
        return Scenario(
            name: command.name,
            summary: "sift \(shown) with --jobs 1 and --jobs \(cores) on a generated \(megabytes) file, elapsed time",
            dataset: Dataset(
                generated: String(command.name.split(separator: "/").last ?? ""),
                origin: "generated \(megabytes) \(feed) \(what), in a file", format: command.format,
                generator: generator),
            access: .file, contenders: contenders, clock: .wall, cleanUp: file.remove)
    }

    /// The release `sift` with `arguments` and `--jobs count`, reading the file by name.
    static func jobs<Generator>(_ count: Int, _ sift: String, _ arguments: [String], file: GeneratedFile<Generator>)
        -> Contender
    {
        let withJobs = Array(arguments.dropLast()) + ["--jobs", String(count)] + [arguments[arguments.count - 1]]
        return CommandLineScenarios.process(
            "sift --jobs \(count) FILE", role: .sift, file: file, onStandardInput: false
        ) { url in
            ChildProcess(executable: sift, arguments: withJobs + [url.path])
        }
    }

    /// `Benchmarks/duckdb-contender.py` of this checkout (bench runs from its `.build`).
    static var duckdbScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("duckdb-contender.py").path
    }
}
