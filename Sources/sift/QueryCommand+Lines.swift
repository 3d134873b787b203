import ArgumentParser
import Sift
import Synchronization

extension QueryCommand {
    /// Checks `--jobs`, `--shard`, `--on-invalid`, `--invalid-lines` and `--max-invalid`: each
    /// needs `--lines`, `--shard` regular files, and the last three to agree.
    func validateLineOptions() throws {
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

    /// Parses each source in turn with the handlers `makeHandler` makes for its blocks.
    ///
    /// Writes what they hand out; input errors are reported as they come.
    private func writeLines<Handler: JSONLineHandler>(
        of sources: [InputSource], options: JSONParserOptions, output: StandardOutput,
        beforeFirstValue: () throws -> Void = {},
        makeHandler: @escaping @Sendable (_ fileName: String?, JSONLineBlock) -> Handler
    ) async throws -> (failed: Bool, matches: Int, setAside: Int) where Handler.Output == LineBlockOutput {
        let holdNote = streamOrder ? nil : HoldNote(path: pathText, stopsAtFirstMatch: first)
        let blockSize =
            Environment.value("SIFT_LINES_BLOCK_SIZE").flatMap { Int($0) }
            ?? JSONLineOutputs<InputChunks, Handler>.defaultBlockSize
        let parallelism = jobs ?? JSONLineMatches.defaultParallelism
        let tally = Tally()
        let invalidLines = try InvalidLineLog(path: invalidLinesPath, maximum: maximumInvalid)
        var failed = false
        for source in sources {
            let fileName = sources.count > 1 ? source.name : nil
            let handler: @Sendable (JSONLineBlock) -> Handler = { block in makeHandler(fileName, block) }
            do {
                var start = (offset: 0, line: 1)
                var byteRange: Range<Int>?
                if let shard, case .file(let path) = source {
                    let part = try JSONLineShard(file: path, index: shard.index, of: shard.count)
                    start = (part.range.lowerBound, part.line)
                    byteRange = part.range
                }
                if let file = source.regularFile(progress: input.progress, byteRange: byteRange) {
                    // Read straight into the blocks; the hold note counts the bytes read per block.
                    let read = ReadCount()
                    try await write(
                        JSONLineOutputs(
                            file.reportingProgress { read.record(total: $0) },
                            options: options, parallelism: parallelism, blockSize: blockSize, offset: start.offset,
                            line: start.line, skipsInvalidLines: skipsInvalidLines, makeHandler: handler),
                        to: output, from: source, fileName: fileName, invalidLines: invalidLines, tally: tally,
                        beforeFirstValue: beforeFirstValue
                    ) { holdNote?.check(bytesRead: read.takeNew(), matchCount: tally.matches) }
                } else {
                    let opened = try source.open(
                        progress: input.progress, connectTimeout: input.connectTimeout, byteRange: byteRange)
                    defer { opened.close() }
                    let chunks = CountedChunks(base: opened) { count in
                        holdNote?.check(bytesRead: count, matchCount: tally.matches)
                    }
                    if source.isStreamed {
                        let flushing = FlushingChunks(base: chunks, output: output)
                        try await write(
                            JSONLineOutputs(
                                flushing, options: options, parallelism: parallelism, blockSize: blockSize,
                                skipsInvalidLines: skipsInvalidLines, makeHandler: handler),
                            to: output, from: source, fileName: fileName, invalidLines: invalidLines, tally: tally,
                            beforeFirstValue: beforeFirstValue)
                    } else {
                        try await write(
                            JSONLineOutputs(
                                chunks, options: options, parallelism: parallelism, blockSize: blockSize,
                                offset: start.offset, line: start.line, skipsInvalidLines: skipsInvalidLines,
                                makeHandler: handler),
                            to: output, from: source, fileName: fileName, invalidLines: invalidLines, tally: tally,
                            beforeFirstValue: beforeFirstValue)
                    }
                }
                holdNote?.check(bytesRead: 0, matchCount: tally.matches)
            } catch {
                try Diagnostics.report(error, in: source, flushing: output, offersLines: true)
                failed = true
            }
            if (first && tally.matches > 0) || invalidLines.isOverLimit { break }
        }
        try invalidLines.flush()
        return (failed, tally.matches, invalidLines.count)
    }

    /// Writes each block's lines in order, after reporting the line set aside before them, if
    /// any, and calls `afterBlock`; stops after the first value with `--first`.
    private func write<Chunks, Handler>(
        _ outputs: JSONLineOutputs<Chunks, Handler>, to output: StandardOutput, from source: InputSource,
        fileName: String?, invalidLines: InvalidLineLog, tally: Tally, beforeFirstValue: () throws -> Void,
        afterBlock: () -> Void = {}
    ) async throws where Handler.Output == LineBlockOutput {
        for try await block in outputs {
            if let invalid = block.invalidLine {
                try invalidLines.record(invalid, in: source, fileName: fileName, flushing: output)
            }
            if block.count > 0 { try beforeFirstValue() }
            try output.write(bytes: block.bytes)
            tally.matches += block.count
            afterBlock()
            if first && tally.matches > 0 { return }
        }
    }
}

/// The values written so far over every input, read by the hold note as the input is read.
final class Tally {
    var matches = 0
}

/// The bytes of a file read straight into blocks so far, as its progress reports them.
private final class ReadCount: Sendable {
    private let state = Mutex((total: 0, counted: 0))

    /// Records the bytes read so far.
    func record(total: Int) {
        state.withLock { $0.total = total }
    }

    /// The bytes read since the last call.
    func takeNew() -> Int {
        state.withLock { state in
            defer { state.counted = state.total }
            return state.total - state.counted
        }
    }
}
