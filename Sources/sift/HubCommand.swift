import ArgumentParser
import Sift
import SiftHub

/// `sift hub [FILE]`: reads a Hub view model (a root object, or a root array of body components)
/// and writes it back as one line of JSON in the default schema, or each body component on its
/// own line as soon as it is complete.
///
/// ```swift
/// // sift hub home.json
/// // sift hub --components --schema items-schema.json feed.json
/// // sift hub --components --jobs 4 feed.json
/// ```
struct HubCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hub",
        abstract: "Read a Hub view model and write it as JSON in the default schema.",
        discussion: """
            A root object is a view model; a root array holds its body components. Components \
            that share an identifier are merged, and components without one get a generated \
            identifier. With --components, each body component is written as soon as its JSON \
            object closes, and nothing of it is kept; with --jobs N, a file's body components are \
            parsed in blocks on N threads and written in document order, the same bytes.
            """
    )

    @Argument(help: ArgumentHelp("The Hub JSON document; stdin when absent or '-'.", valueName: "file"))
    var file: String?

    @Flag(help: "Write each body component on its own line as soon as it is complete.")
    var components = false

    @Option(
        name: [.customShort("j"), .customLong("jobs")],
        help: ArgumentHelp(
            "With --components and a file whose root object has a body array, parse blocks of its components on N threads (default: 1). The output is the same as with one.",
            valueName: "n"))
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "A custom schema, in the JSON format of HubSchema(jsonDescription:).", valueName: "schema.json"))
    var schema: String?

    @OptionGroup var input: InputOptions

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        guard let jobs else { return }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, not \(jobs).") }
        guard components else { throw ValidationError("--jobs needs --components.") }
    }

    func run() async throws {
        let hubSchema = try loadSchema()
        let source = InputSource(argument: file ?? "-")
        let output = StandardOutput(format: layout.format)
        do {
            let options = input.parserOptions()
            if let jobs, jobs > 1, let file = source.regularFile(progress: input.progress) {
                var matchedNothing = true
                // Each component is written out on the thread that parsed it; here, only the lines.
                let format = layout.format
                let lines = hubSchema.components(in: file, parallelism: jobs, options: options) { component in
                    let line = StandardOutput(format: format, inMemory: true)
                    try line.writeLine { writer in try component.write(to: writer) }
                    return line.takeHeld(line.heldCount)
                }
                for try await line in lines {
                    matchedNothing = false
                    try output.write(bytes: line)
                }
                try output.flush()
                if matchedNothing { StandardError.write(nothingMatchedWarning(in: source) + "\n") }
                return
            }
            let opened = try source.open(progress: input.progress, connectTimeout: input.connectTimeout)
            defer { opened.close() }
            // The components already written reach the reader while a pipe or a download is
            // still coming (before each wait for it), as `sift query`'s values do.
            let chunks = FlushingChunks(base: opened, output: output, flushes: source.isStreamed)
            var matchedNothing: Bool
            if components {
                matchedNothing = true
                try await hubSchema.forEachComponent(in: chunks, options: options) { component in
                    matchedNothing = false
                    try output.writeLine { writer in try component.write(to: writer) }
                }
            } else {
                let viewModel = try await ViewModel(parsing: chunks, schema: hubSchema, options: options)
                matchedNothing = viewModel == ViewModel()
                try output.writeLine { writer in try viewModel.write(to: writer) }
            }
            try output.flush()
            if matchedNothing { StandardError.write(nothingMatchedWarning(in: source) + "\n") }
        } catch {
            try Diagnostics.report(error, in: source, flushing: output)
            try output.flush()
            throw ExitCode.failure
        }
    }

    /// The warning for an input in which nothing matched the schema (JSON that is not a Hub
    /// document, or one in another schema): the output is still written, and the exit status
    /// stays 0, but an empty result is most likely not what the user wanted.
    private func nothingMatchedWarning(in source: InputSource) -> String {
        let found = components ? "no body component" : "nothing (the view model is empty)"
        let hint =
            if let schema {
                "check that the paths of \(schema) match the document's keys"
            } else {
                "a Hub document has the keys of the default schema (id, title, header, body, overlays, custom) "
                    + "or is an array of components; for other keys, describe them in a schema file and pass "
                    + "it with --schema"
            }
        return "\(source.name): warning: \(found) matched the Hub schema; \(hint)"
    }

    /// The default schema, or the one `--schema` describes; a schema that cannot be read is
    /// reported like an input error, under the schema file's name.
    private func loadSchema() throws -> HubSchema {
        guard let schema else { return .default }
        let source = InputSource.file(schema)
        do {
            return try HubSchema(jsonDescription: .file(schema))
        } catch let error as HubSchemaError {
            StandardError.write("\(schema): error: invalid Hub schema: \(error)\n")
        } catch {
            try Diagnostics.report(error, in: source)
        }
        throw ExitCode.failure
    }
}
