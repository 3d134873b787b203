import ArgumentParser

/// The options of `--lines` that `query` and `validate` share: `--jobs N`, `--shard I/N`,
/// `--on-invalid fail|skip`, `--invalid-lines FILE` and `--max-invalid K`.
///
/// ```swift
/// // sift query --lines --jobs 4 --on-invalid skip --invalid-lines bad.ndjson '$.id' feed.ndjson
/// // sift validate --lines --jobs 4 --schema feed.schema.json --invalid-lines bad.ndjson feed.ndjson
/// ```
struct LineOptions: ParsableArguments {
    @Option(
        name: [.customShort("j"), .customLong("jobs")],
        help: ArgumentHelp(
            "With --lines, parse blocks of lines on N threads (default: the processors sift may use); for query on one document whose path selects the elements of an array ('$.body[*].id'), match blocks of its elements on N threads (default: 1). The output is the same as with one.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        name: .customLong("shard"),
        help: ArgumentHelp(
            "With --lines, read only part I of N of each FILE: the lines that start in its I-th N-th of bytes, so that N processes read each line once (lines and offsets stay the whole file's).",
            valueName: "i/n"),
        transform: ShardArgument.parse)
    var shard: ShardArgument?

    @Option(
        name: .customLong("on-invalid"),
        help: ArgumentHelp(
            "With --lines, what a line that does not parse (or, for validate --schema, does not meet the schema) does: fail (the default: it ends the input, exit 1) or skip (it is reported on stderr and set aside, the run goes on at the next line; query exits 3 when any was, validate 1).",
            valueName: "action"))
    var onInvalid: InvalidLineLog.Action?

    @Option(
        name: .customLong("invalid-lines"),
        help: ArgumentHelp(
            #"With --lines, write each line set aside to FILE as {"line":..,"column":..,"offset":..,"error":..,"text":..} (implies --on-invalid skip)."#,
            valueName: "file"))
    var invalidLinesPath: String?

    @Option(
        name: .customLong("max-invalid"),
        help: ArgumentHelp(
            "With --on-invalid skip or --invalid-lines, fail (exit 1) once more than K lines were set aside.",
            valueName: "k"))
    var maximumInvalid: Int?

    /// Whether invalid lines are set aside (`--on-invalid skip`, or `--invalid-lines`).
    var skipsInvalidLines: Bool { onInvalid == .skip || (onInvalid == nil && invalidLinesPath != nil) }

    /// Checks that each option has what it needs: `--lines` (for all but `--jobs`), regular files
    /// for `--shard`, and options about invalid lines that agree.
    func check(lines: Bool, files: [String]) throws {
        if let jobs {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
        }
        if shard != nil {
            guard lines else { throw ValidationError("--shard reads a part of the lines of --lines: add --lines.") }
            let sources = InputSource.sources(files)
            if let source = sources.first(where: { if case .file = $0 { false } else { true } }) {
                throw ValidationError(
                    "--shard splits a regular file by its size: \(source.name) cannot be split (save it to a file first)."
                )
            }
        }
        if onInvalid != nil || invalidLinesPath != nil || maximumInvalid != nil {
            guard lines else { throw ValidationError("--on-invalid, --invalid-lines and --max-invalid need --lines.") }
            if onInvalid == .fail && invalidLinesPath != nil {
                throw ValidationError("--invalid-lines sets lines aside: it cannot be used with --on-invalid fail.")
            }
            if let maximumInvalid {
                guard skipsInvalidLines else {
                    throw ValidationError(
                        "--max-invalid counts the lines set aside: add --on-invalid skip or --invalid-lines FILE.")
                }
                guard maximumInvalid >= 0 else {
                    throw ValidationError("--max-invalid must be 0 or more, not \(maximumInvalid).")
                }
            }
        }
    }
}
