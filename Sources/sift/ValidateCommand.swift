import ArgumentParser
import Sift
import SiftSchema

/// `sift validate FILE...`: checks that every input is JSON (and, with `--schema`, that it
/// meets a JSON Schema); prints nothing when all are, and a diagnostic per error otherwise.
///
/// ```swift
/// // sift validate good.json bad.json
/// // bad.json:3:5: error: invalid JSON: ...   (exit status 1)
/// // sift validate --schema feed.schema.json feed.json
/// // feed.json:1:8: error: $.id: expected an integer, found the string "12" [#/properties/id/type]
/// ```
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are JSON, or meet a JSON Schema; report each error on stderr.",
        discussion: """
            Prints nothing and exits 0 when every input is valid; otherwise exits 1. With --schema, \
            each input is validated against a JSON Schema (draft 2020-12) while it streams; \
            --output basic prints JSON Schema's "basic" output on stdout, one line per input. With \
            --lines, blocks of lines are validated on --jobs threads, and --on-invalid skip or \
            --invalid-lines FILE set aside each line that does not parse or does not meet the \
            schema and go on (the exit status is still 1).
            """
    )

    @Argument(help: ArgumentHelp("The files to check; stdin when absent or '-'.", valueName: "file"))
    var files: [String] = []

    @Flag(help: "Each input is a sequence of JSON values (newline-delimited or concatenated).")
    var lines = false

    @OptionGroup var lineOptions: LineOptions

    @OptionGroup var input: InputOptions

    @OptionGroup var schemaOptions: SchemaOptions

    func validate() throws {
        try lineOptions.check(lines: lines, files: files)
    }

    func run() async throws {
        let options = input.parserOptions(multipleValues: lines)
        if lines {
            try await validateLines(against: try schemaOptions.load(), options: options)
            return
        }
        if let schema = try schemaOptions.load() {
            try await validate(against: schema, options: options)
            return
        }
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
