/// The command line of `bench`, parsed by hand (the benchmark has no dependencies).
struct BenchOptions {
    /// A user's file given with `--file`, and the `--path` queries that follow it.
    struct UserFile {
        var path: String
        var paths: [String] = []
    }

    /// Which scenario and contender a memory child runs (the hidden `--child` flag).
    struct ChildTask {
        var scenario: String
        var contender: String
    }

    var isQuick = false
    var emitsJSON = false
    var files: [UserFile] = []
    var filters: [String] = []
    var rounds: Int?
    var measuresMemory = true
    var clock = BenchClock.cpu
    var listsScenarios = false
    var showsHelp = false
    var measuresScaling = false
    var child: ChildTask?
    /// The file (`-` for stdin) that a floor child parses (the hidden `--yajl-floor` flag).
    var floorChild: FloorProcess?
    /// The query and file of a simdjson child (the hidden `--simdjson-process` flag).
    var simdjsonChild: SimdjsonProcess?

    /// The one-line (two-line) summary of the command line.
    static let synopsis = """
        USAGE: bench [--quick] [--json] [--filter TEXT]... [--rounds N] [--no-memory] [--wall-clock]
                     [--file PATH [--path JSONPATH]...]... [--list] [--help]
               bench --scaling [--quick] [--filter TEXT]... [--rounds N] [--list]
        """

    /// The whole `--help` text.
    static let usage =
        synopsis + "\n\n" + """
            Measures Sift against yajl's floor (yajl with empty C callbacks), simdjson On-Demand (the same
            query, hand-written) and Foundation, on the same bytes in the same run, and prints MB/s
            (median and min-max), the ratios to the floor, to simdjson and to JSONSerialization, and each
            contender's peak RSS (measured in a child process). The cli/ scenarios run the release sift
            beside bench as a whole process on a file and on stdin, against a yajl floor process and a
            simdjson process on the same file, by elapsed time (--filter cli/ for them alone).

            OPTIONS:
              --quick            Small inputs and few rounds (a smoke test, under a minute).
              --json             Print the results as JSON on stdout instead of the table.
              --filter TEXT      Run only scenarios whose name contains TEXT (repeatable).
              --rounds N         Measured rounds per scenario (default: 3 to 21, by time budget).
              --no-memory        Skip the child processes that measure peak RSS.
              --wall-clock       MB/s and ratios by elapsed time instead of the thread's CPU time.
              --file PATH        Add a scenario for a JSON (or .ndjson) file of yours (repeatable).
              --path JSONPATH    A query on the preceding --file, for path scenarios (repeatable).
              --list             List the scenarios and contenders, then exit.
              --scaling          Instead of the scenarios, run every public entry point (and the release
                                 sift beside this binary) on inputs of N and 4N and print how each one's
                                 time grows: about x4 when linear, x16 when quadratic; above x8 is
                                 flagged. N is 8 MB (1 MB with --quick); exit 1 only if a case fails.
              -h, --help         Show this help.
            """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]

        func value(for flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") || value == "--" else {
                throw UsageError("\(flag) needs a value")
            }
            return value
        }

        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": options.isQuick = true
            case "--json": options.emitsJSON = true
            case "--no-memory": options.measuresMemory = false
            case "--wall-clock": options.clock = .wall
            case "--list": options.listsScenarios = true
            case "--scaling": options.measuresScaling = true
            case "-h", "--help": options.showsHelp = true
            case "--filter": options.filters.append(try value(for: argument))
            case "--rounds":
                let text = try value(for: argument)
                guard let rounds = Int(text), rounds > 0 else {
                    throw UsageError("--rounds needs a positive whole number, not '\(text)'")
                }
                options.rounds = rounds
            case "--file": options.files.append(UserFile(path: try value(for: argument)))
            case "--path":
                let path = try value(for: argument)
                guard !options.files.isEmpty else { throw UsageError("--path must follow a --file") }
                guard path.hasPrefix("$") else { throw UsageError("--path '\(path)' must start with '$'") }
                options.files[options.files.count - 1].paths.append(path)
            case "--yajl-floor":
                let format = try value(for: argument)
                guard let format = Dataset.Format(rawValue: format) else {
                    throw UsageError("--yajl-floor needs json or ndjson, not '\(format)'")
                }
                options.floorChild = FloorProcess(format: format, path: try value(for: argument))
            case "--simdjson-process":
                let format = try value(for: argument)
                guard let format = Dataset.Format(rawValue: format) else {
                    throw UsageError("--simdjson-process needs json or ndjson, not '\(format)'")
                }
                let path = try value(for: argument)
                options.simdjsonChild = SimdjsonProcess(format: format, path: path, file: try value(for: argument))
            case "--child":
                let scenario = try value(for: argument)
                options.child = ChildTask(scenario: scenario, contender: try value(for: argument))
            default:
                throw UsageError("unknown option '\(argument)'")
            }
        }
        return options
    }

    /// The arguments that make a child process build exactly the same scenarios.
    var scenarioArguments: [String] {
        var arguments: [String] = []
        if isQuick { arguments.append("--quick") }
        for file in files {
            arguments += ["--file", file.path]
            for path in file.paths { arguments += ["--path", path] }
        }
        return arguments
    }

    /// Whether a scenario is selected by the `--filter` options.
    func selects(_ scenario: Scenario) -> Bool {
        filters.isEmpty || filters.contains { scenario.name.contains($0) }
    }
}

/// A command line that `bench` cannot run: reported with the usage, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
