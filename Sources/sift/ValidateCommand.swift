import ArgumentParser
import Sift

/// `sift validate FILE...`: checks that every input is JSON; prints nothing when all are, and a
/// diagnostic per invalid file otherwise.
///
/// ```swift
/// // sift validate good.json bad.json
/// // bad.json:3:5: error: invalid JSON: ...   (exit status 1)
/// ```
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are JSON; report each invalid one on stderr.",
        discussion: "Prints nothing and exits 0 when every input is valid; otherwise exits 1."
    )

    @Argument(help: ArgumentHelp("The files to check; stdin when absent or '-'.", valueName: "file"))
    var files: [String] = []

    @Flag(help: "Each input is a sequence of JSON values (newline-delimited or concatenated).")
    var lines = false

    @OptionGroup var input: InputOptions

    func run() async throws {
        let options = input.parserOptions(multipleValues: lines)
        var failed = false
        for source in InputSource.sources(files) {
            let tokenizer = JSONTokenizer(options: options, handler: DiscardingHandler())
            do {
                let chunks = try source.open(progress: input.progress, connectTimeout: input.connectTimeout)
                defer { chunks.close() }
                try await tokenizer.parse(chunks)
            } catch {
                try Diagnostics.report(error, in: source, offersLines: true)
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }
}

/// Accepts every event and keeps nothing: the tokenizer alone decides validity, and a long value
/// that runs past its chunk is checked without being kept.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: DiscardingHandler())
/// ```
struct DiscardingHandler: ValueDiscardingHandler {
    func handle(_ event: JSONEvent, context: JSONEventContext) {}
}
