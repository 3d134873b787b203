import ArgumentParser
import Sift

/// `sift query PATH [FILE...]`: every value an RFC 9535 JSONPath selects, one compact JSON value
/// per line, in RFC 9535 order, streamed as the input is read.
///
/// ```swift
/// // sift query '$.statuses[*].user.screen_name' twitter.json
/// // sift query --lines --with-path '$.id' shard-*.ndjson
/// // producer | sift query --first '$.items[0]'
/// ```
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the values a JSONPath selects, one compact JSON value per line.",
        discussion: """
            Values are written as soon as they are complete, in RFC 9535 order. Files are \
            queried in turn; with no FILE, or '-', stdin is read.
            """
    )

    /// Parsed in `run()`, so that a path error is explained without argument-parser's usage text.
    @Argument(
        help: ArgumentHelp(
            "An RFC 9535 JSONPath, such as '$.body[*].id' or \"$..['odd key']\" (in single quotes, so the shell leaves '$' alone).",
            valueName: "path"))
    var pathText: String

    @Argument(help: ArgumentHelp("The JSON files to query; stdin when absent or '-'.", valueName: "file"))
    var files: [String] = []

    @Flag(
        name: .customLong("with-path"),
        help: #"""
            Write each match as {"path":"<normalized path>","value":<value>}; with --lines, as \#
            {"line":<line>,"offset":<offset>,"path":...,"value":...}, the line (from 1) and byte \#
            offset (from 0) where the value starts; with more than one FILE, led by "file":<name>.
            """#)
    var withPath = false

    @Flag(help: "Read a sequence of JSON values (newline-delimited or concatenated) and apply the path to each.")
    var lines = false

    @OptionGroup var lineOptions: LineOptions

    @Flag(help: "Stop after the first match, without reading the rest of the input.")
    var first = false

    @Flag(
        name: [.customShort("e"), .customLong("exit-status")],
        help:
            "Exit with status 4 when nothing matched (an input error still exits 1), so that scripts can test for presence."
    )
    var exitStatus = false

    @Flag(
        name: .customLong("stream-order"),
        help:
            "Write each match as soon as it is complete (a nested match before its container), not in RFC 9535 order: nothing is held in memory."
    )
    var streamOrder = false

    @OptionGroup var input: InputOptions

    @OptionGroup var format: OutputOptions

    @Option(
        name: .customLong("field"),
        help: ArgumentHelp(
            "Write each match as a record: a member NAME read by the relative path @REL inside the match, in the same pass (repeat for each field; missing: null; a non-singular path: an array).",
            valueName: "name=@rel"),
        transform: RecordField.parse)
    var fields: [RecordField] = []

    /// `--csv` or `--tsv`, if given.
    @Flag(exclusivity: .exclusive)
    var table: TableFlag?

    /// The table formats of records.
    enum TableFlag: String, EnumerableFlag {
        case csv, tsv

        static func help(for value: TableFlag) -> ArgumentHelp? {
            switch value {
            case .csv:
                "Write the --field records as CSV rows under a header line (RFC 4180 quoting; strings raw, other values as JSON)."
            case .tsv:
                "Write the --field records as tab-separated rows under a header line (\\t, \\n, \\r, \\\\ escaped)."
            }
        }
    }

    func validate() throws {
        if let table, fields.isEmpty {
            throw ValidationError(
                "--\(table.rawValue) writes the --field records: add --field NAME=@PATH for each column.")
        }
        try lineOptions.check(lines: lines, files: files)
        if withPath && !fields.isEmpty {
            throw ValidationError("--with-path and --field cannot be used together: add the path as a field instead.")
        }
    }

    func run() async throws {
        let path = try PathArgumentError.parse(pathText)
        let output = StandardOutput(format: format.format)
        let options = input.parserOptions(multipleValues: lines)
        let order: JSONQuery.ResultOrder = streamOrder ? .streaming : .rfc9535
        let sources = InputSource.sources(files)
        let failed: Bool
        let matchCount: () -> Int
        var setAside = 0
        if lines {
            let result = try await parseLines(path: path, sources: sources, options: options, output: output)
            failed = result.failed
            setAside = result.setAside
            matchCount = { result.matches }
        } else if fields.isEmpty {
            let printer = MatchPrinter(
                output: output, includesPaths: withPath, includesLocations: false, stopsAtFirstMatch: first)
            var query = JSONQuery(options: options)
            query.resultOrder = order
            query.add(path, places: printer.places) { match in try printer.write(match) }
            let tally = Tally()
            matchCount = { printer.matchCount + tally.matches }
            failed = try await parse(
                sources, options: options, output: output, matchCount: matchCount,
                parseArray: { source in
                    try await parseArray(
                        path: path, source: source, fileName: sources.count > 1 ? source.name : nil, options: options,
                        output: output, tally: tally)
                },
                makeHandler: { source in
                    if sources.count > 1 { printer.fileName = source.name }
                    return JSONQueryHandler(query)
                })
        } else {
            let writer = RecordWriter(
                output: output, names: fields.map(\.name), table: table.map { $0 == .csv ? .csv : .tsv })
            let program = RecordCollector.program(path: path, fields: fields, order: order)
            matchCount = { writer.count }
            failed = try await parse(sources, options: options, output: output, matchCount: matchCount) { _ in
                RecordFollower(
                    matcher: program.matcher(
                        RecordCollector(fields: fields, writer: writer, stopsAtFirstRecord: first)),
                    writer: writer)
            }
        }
        try output.flush()
        if failed { throw ExitCode.failure }
        if setAside > 0 { throw ExitCode(SiftMain.linesSetAsideStatus) }
        if exitStatus && matchCount() == 0 { throw ExitCode(SiftMain.nothingMatchedStatus) }
    }

    /// Parses each source in turn with the handler `makeHandler` makes for it.
    ///
    /// Input errors are reported as they come; returns whether one failed. Stops after the
    /// first source with a match when `--first` is given.
    private func parse<Handler: JSONEventHandler>(
        _ sources: [InputSource], options: JSONParserOptions, output: StandardOutput,
        matchCount: @escaping () -> Int, parseArray: (InputSource) async throws -> Bool = { _ in false },
        makeHandler: (InputSource) -> Handler
    ) async throws -> Bool {
        let holdNote = streamOrder ? nil : HoldNote(path: pathText, stopsAtFirstMatch: first)
        var failed = false
        for source in sources {
            let tokenizer = JSONTokenizer(options: options, handler: makeHandler(source))
            do {
                // The elements of the document's array matched on several threads (`--jobs`).
                if try await parseArray(source) {
                    if first && matchCount() > 0 { break }
                    continue
                }
                let opened = try source.open(progress: input.progress, connectTimeout: input.connectTimeout)
                defer { opened.close() }
                let chunks = CountedChunks(base: opened) { count in
                    holdNote?.check(bytesRead: count, matchCount: matchCount())
                }
                if source.isStreamed {
                    try await tokenizer.parse(FlushingChunks(base: chunks, output: output))
                } else {
                    try await tokenizer.parse(chunks)
                }
                // The matches held until the end were released in the last chunk.
                holdNote?.check(bytesRead: 0, matchCount: matchCount())
            } catch {
                try Diagnostics.report(error, in: source, flushing: output, offersLines: true)
                failed = true
            }
            if first && matchCount() > 0 { break }
        }
        return failed
    }
}

/// Runs the record matcher, throwing a write failure kept by the writer where it happened.
///
/// ```swift
/// JSONTokenizer(options: options, handler: RecordFollower(matcher: matcher, writer: writer))
/// ```
struct RecordFollower: JSONEventHandler {
    var matcher: MatchHandler<RecordCollector>
    let writer: RecordWriter

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try matcher.handle(event, context: context)
        if let failure = writer.failure { throw failure }
    }
}

/// Writes each match of a query to the output as one line, as soon as the query delivers it
/// (through the public streaming form, ``JSONMatchView``).
///
/// ```swift
/// let printer = MatchPrinter(
///     output: StandardOutput(), includesPaths: true, includesLocations: false, stopsAtFirstMatch: false)
/// query.add(path, places: printer.places) { match in try printer.write(match) }
/// // a match of 7 at $.items[0].id becomes {"path":"$['items'][0]['id']","value":7}
/// ```
final class MatchPrinter {
    let output: StandardOutput
    /// Whether each line is `{"path":...,"value":...}` rather than the bare value.
    let includesPaths: Bool
    /// Whether that object starts with the line and byte offset of the value (`--lines`).
    let includesLocations: Bool
    /// Whether the parse stops after the first match (`--first`).
    let stopsAtFirstMatch: Bool
    /// The matches written so far, over every input.
    private(set) var matchCount = 0
    /// The name of the input being read, for `"file"` in each record when there are several.
    var fileName: String?
    /// The block of lines being read (`--lines`), which places the locations in the whole input.
    var block: JSONLineBlock?
    /// The block of a document's array elements being read (`--jobs`), which places the paths
    /// in the document.
    var arrayBlock: JSONArrayBlock?

    init(output: StandardOutput, includesPaths: Bool, includesLocations: Bool, stopsAtFirstMatch: Bool) {
        self.output = output
        self.includesPaths = includesPaths
        self.includesLocations = includesLocations
        self.stopsAtFirstMatch = stopsAtFirstMatch
    }

    /// The places the query computes for each match: only those a line shows.
    var places: JSONMatchView.Places {
        var places: JSONMatchView.Places = []
        if includesPaths { places.insert(.path) }
        if includesLocations { places.insert(.location) }
        return places
    }

    /// Writes one match on a line of its own (one write per line: a value the writer refuses
    /// leaves no partial line behind).
    func write(_ match: JSONMatchView) throws {
        guard !(stopsAtFirstMatch && matchCount > 0) else { return }
        if includesPaths {
            let head = Self.recordHead(
                path: match.path.map { arrayBlock?.documentPath(of: $0) ?? $0 },
                location: match.location.map { block?.location(of: $0) ?? $0 }, file: fileName)
            try output.writeLine(match, after: head)
        } else {
            try output.writeLine(match)
        }
        matchCount += 1
        if stopsAtFirstMatch { match.stopParsing() }
    }
}

/// The chunks of a streamed input (a download, a pipe), flushing the output before each wait.
///
/// The values already found reach the reader while the input is still coming, not when it
/// ends. For a file (`flushes` false), the chunks as they are: the output is then written in
/// blocks.
///
/// ```swift
/// try await tokenizer.parse(FlushingChunks(base: chunks, output: output))
/// ```
struct FlushingChunks<Base: AsyncSequence>: AsyncSequence {
    typealias Element = Base.Element

    let base: Base
    let output: StandardOutput
    var flushes = true

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), output: output, flushes: flushes)
    }

    /// Flushes, then reads the next chunk.
    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let output: StandardOutput
        let flushes: Bool

        mutating func next() async throws -> Base.Element? {
            if flushes { try output.flush() }
            return try await base.next()
        }
    }
}
