import ArgumentParser
import Sift
import SiftSchema

extension ValidateCommand {
    /// `validate --lines`: each input cut into blocks of lines, checked (and, with `schema`,
    /// validated record by record) on `--jobs` threads; each record's report is written in input
    /// order, as one thread writes it: its errors on stderr, or its "basic" output on stdout.
    ///
    /// `--max-errors N` ends an input after its N-th error. With `--on-invalid skip` or
    /// `--invalid-lines`, a line that does not parse is set aside as `query --lines` sets it aside,
    /// and so is a record that does not meet the schema (its errors reported as usual, the line
    /// written to the `--invalid-lines` file with its first error); the run goes on. Exits 1 when
    /// any line was invalid.
    func validateLines(against schema: JSONSchema?, options: JSONParserOptions) async throws {
        let output = StandardOutput()
        let format = schemaOptions.output
        let maxErrors = schemaOptions.maxErrors
        let skips = lineOptions.skipsInvalidLines
        let invalidLines = try InvalidLineLog(path: lineOptions.invalidLinesPath, maximum: lineOptions.maximumInvalid)
        var invalid = false
        var errorCount = 0
        // The input errorCount counts for, by its place among the inputs (two of the same name,
        // such as a path given twice, are counted apart).
        var countedInput: Int?
        let failed = try await LineBlockReader(lines: lineOptions, input: input).read(
            InputSource.sources(files), options: options, output: output, invalidLines: invalidLines
        ) { _, block in
            RecordValidator(block: block, schema: schema, maxErrors: maxErrors, validatesUTF8: options.validatesUTF8)
        } consume: { block, input, fileName in
            let source = input.source
            if countedInput != input.index {
                countedInput = input.index
                errorCount = 0
            }
            if let line = block.invalidLine {
                invalid = true
                try invalidLines.record(line, in: source, fileName: fileName, flushing: output)
            }
            for var record in block.records {
                if let maxErrors, errorCount + record.report.errors.count > maxErrors {
                    record.report.errors.removeLast(errorCount + record.report.errors.count - maxErrors)
                }
                errorCount += record.report.errors.count
                if !record.report.isValid { invalid = true }
                switch format {
                case .text:
                    for error in record.report.errors {
                        StandardError.write(Self.line(for: error, in: source) + "\n")
                    }
                case .basic:
                    try output.writeLine(record.report.basicOutput)
                }
                if skips, !record.report.isValid, let error = record.report.errors.first {
                    try invalidLines.record(
                        line: record.location.line, column: record.location.column,
                        offset: record.line?.offset ?? record.location.offset,
                        error: ValidateCommand.text(of: error),
                        text: record.line?.text, fileName: fileName)
                }
                // As one validator reading the input stops at its N-th error.
                if let maxErrors, errorCount >= maxErrors {
                    if format == .text {
                        StandardError.write("\(source.name): note: stopped after \(maxErrors) errors (--max-errors)\n")
                    }
                    return .nextInput
                }
            }
            return .goOn
        }
        try output.flush()
        if failed || invalid { throw ExitCode.failure }
    }
}
