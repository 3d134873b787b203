import Sift
import SiftSchema

/// The handler of one block of `sift validate --lines` on its thread: checks each record's
/// syntax (the tokenizer does) and, with `--schema`, validates it against the schema, and hands
/// out each record's report, placed in the whole input, once the record has parsed.
///
/// Without a schema a record has no report: a block hands out only the line set aside before it
/// (`--on-invalid skip`), if any.
///
/// ```swift
/// let outputs = JSONLineOutputs(chunks, options: options, parallelism: 4) { block in
///     RecordValidator(block: block, schema: schema, maxErrors: nil, validatesUTF8: true)
/// }
/// for try await output in outputs { print(output.records.map(\.report.isValid)) }
/// ```
struct RecordValidator: JSONLineHandler {
    /// A record's report and where the record is.
    struct Record: Sendable {
        /// The report, its errors placed in the whole input.
        var report: SchemaValidationReport
        /// Where the record's first token is, in the whole input.
        var location: SourceLocation
        /// The record's line (its offset in the whole input and its bytes), or nil when the block
        /// did not hold all of it (a line longer than a block).
        var line: (offset: Int, text: [UInt8])?
    }

    /// What a block hands out: the line set aside before its records, and their reports.
    struct Output: Sendable {
        var invalidLine: JSONInvalidLine?
        var records: [Record]
    }

    /// The reports of the records not yet committed, and of those committed.
    private final class Found {
        var pending: [Record] = []
        var committed: [Record] = []
        /// Where the record being read starts (in the block's tokenizer).
        var start = SourceLocation(offset: 0, line: 1, column: 1)
    }

    private let block: JSONLineBlock
    private var validator: JSONSchemaValidator?
    private let found = Found()
    private var depth = 0
    private var setAside: JSONInvalidLine?

    /// A handler for `block`; with `schema`, each record is validated (at most `maxErrors`
    /// errors in the block).
    init(block: JSONLineBlock, schema: JSONSchema?, maxErrors: Int?, validatesUTF8: Bool) {
        self.block = block
        let found = found
        validator = schema.map { schema in
            JSONSchemaValidator(schema: schema, maxErrors: maxErrors, validatesUTF8: validatesUTF8) { report in
                found.pending.append(Self.record(report, start: found.start, in: block))
            }
        }
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        guard validator != nil else { return }
        if depth == 0 { found.start = context.location }
        switch event {
        case .startObject, .startArray: depth += 1
        case .endObject, .endArray: depth -= 1
        case .key, .string, .number, .bool, .null: break
        }
        validator?.handle(event, context: context)
    }

    mutating func commitValue() {
        // A validator that stopped at its error limit inside a record still holds that record's
        // errors: they are the last of the block.
        if let validator, validator.report.isTruncated, !validator.report.errors.isEmpty {
            found.pending.append(Self.record(validator.report, start: found.start, in: block))
            self.validator?.reset()
        }
        found.committed += found.pending
        found.pending.removeAll()
    }

    mutating func takeCommitted() -> Output {
        defer {
            found.committed.removeAll()
            setAside = nil
        }
        return Output(invalidLine: setAside, records: found.committed)
    }

    mutating func setAside(_ line: JSONInvalidLine) {
        setAside = line
    }

    /// `report`, a record's, with its errors placed in the whole input.
    private static func record(
        _ report: SchemaValidationReport, start: SourceLocation, in block: JSONLineBlock
    ) -> Record {
        let errors = report.errors.map { error in
            SchemaValidationError(
                keyword: error.keyword, instancePath: error.instancePath, location: block.location(of: error.location),
                schemaLocation: error.schemaLocation, evaluationPath: error.evaluationPath, message: error.message)
        }
        return Record(
            report: SchemaValidationReport(isValid: report.isValid, errors: errors, isTruncated: report.isTruncated),
            location: block.location(of: start), line: report.isValid ? nil : block.line(at: start))
    }
}
