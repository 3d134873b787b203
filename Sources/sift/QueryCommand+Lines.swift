import Sift

extension QueryCommand {
    /// `--lines`: each input cut into blocks of lines, parsed on `--jobs` threads.
    ///
    /// Each block's lines are parsed by ``JSONLineOutputs`` and written in input order, so the
    /// output is the bytes one thread writes. Returns whether an input failed, the values written and the
    /// lines set aside (`--on-invalid skip`).
    ///
    /// `SIFT_LINES_BLOCK_SIZE` sets the block size in bytes (the tests use small blocks, so
    /// that lines straddle block boundaries).
    func parseLines(
        path: JSONPath, sources: [InputSource], options: JSONParserOptions, output: StandardOutput
    ) async throws -> (failed: Bool, matches: Int, setAside: Int) {
        let format = self.format.format
        let (withPath, first, fields) = (withPath, first, fields)
        let order: JSONQuery.ResultOrder = streamOrder ? .streaming : .rfc9535
        guard !fields.isEmpty else {
            return try await writeLines(of: sources, options: options, output: output) { fileName, block in
                let blockOutput = StandardOutput(format: format, inMemory: true)
                let printer = MatchPrinter(
                    output: blockOutput, includesPaths: withPath, includesLocations: withPath,
                    stopsAtFirstMatch: first)
                printer.fileName = fileName
                printer.block = block
                var query = JSONQuery(options: options)
                query.resultOrder = order
                query.add(path, places: printer.places) { match in try printer.write(match) }
                return LineBlockPrinter(inner: JSONQueryHandler(query), output: blockOutput) { printer.matchCount }
            }
        }
        let table: RecordWriter.Table? = self.table.map { $0 == .csv ? .csv : .tsv }
        let writer = RecordWriter(output: output, names: fields.map(\.name), table: table)
        let program = RecordCollector.program(path: path, fields: fields, order: order)
        return try await writeLines(
            of: sources, options: options, output: output, beforeFirstValue: writer.writeHeaderIfNeeded
        ) { _, block in
            let blockOutput = StandardOutput(format: format, inMemory: true)
            let blockWriter = RecordWriter(
                output: blockOutput, names: fields.map(\.name), table: table, writesHeader: false)
            let collector = RecordCollector(fields: fields, writer: blockWriter, stopsAtFirstRecord: first)
            return LineBlockPrinter(
                inner: RecordFollower(matcher: program.matcher(collector), writer: blockWriter),
                output: blockOutput
            ) { blockWriter.count }
        }
    }

    /// Parses each source in turn with the handlers `makeHandler` makes for its blocks, and
    /// writes what they hand out in input order, after reporting the line set aside before each
    /// block's values, if any; stops after the first value with `--first`.
    private func writeLines<Handler: JSONLineHandler>(
        of sources: [InputSource], options: JSONParserOptions, output: StandardOutput,
        beforeFirstValue: () throws -> Void = {},
        makeHandler: @escaping @Sendable (_ fileName: String?, JSONLineBlock) -> Handler
    ) async throws -> (failed: Bool, matches: Int, setAside: Int) where Handler.Output == LineBlockOutput {
        let holdNote = streamOrder ? nil : HoldNote(path: pathText, stopsAtFirstMatch: first)
        let tally = Tally()
        let invalidLines = try InvalidLineLog(path: lineOptions.invalidLinesPath, maximum: lineOptions.maximumInvalid)
        let first = first
        let failed = try await LineBlockReader(lines: lineOptions, input: input).read(
            sources, options: options, output: output, invalidLines: invalidLines,
            bytesRead: { holdNote?.check(bytesRead: $0, matchCount: tally.matches) }, makeHandler: makeHandler,
            consume: { block, input, fileName in
                if let invalid = block.invalidLine {
                    try invalidLines.record(invalid, in: input.source, fileName: fileName, flushing: output)
                }
                if block.count > 0 { try beforeFirstValue() }
                try output.write(bytes: block.bytes)
                tally.matches += block.count
                return first && tally.matches > 0 ? .stop : .goOn
            })
        return (failed, tally.matches, invalidLines.count)
    }
}

/// The values written so far over every input, read by the hold note as the input is read.
final class Tally {
    var matches = 0
}
