import Sift

/// Builds records (`--field`) in the same pass as the query: the query's path is a *scope* of
/// the engine's automaton, each field's relative path a destination inside it, so the matcher
/// runs the fields inside every selected container as it streams by and closes the record
/// when the container closes.
///
/// Only the fields' own values are captured (a field selecting a large subtree holds that
/// subtree); the rest of the record is skipped, never built. Records are written as their
/// containers close: in document order, a record nested inside another selected one (a path
/// with `..`) before the one around it. A selected value that is not a container gives a
/// record whose fields are all missing.
///
/// It runs on the engine's package seam (`PathAutomaton`, `PathMatcher`, `MatchConsumer`), as
/// SiftHub's and SiftMapping's model builders do: the public `JSONQuery` has no scopes.
///
/// ```swift
/// let collector = RecordCollector(fields: fields, writer: writer, stopsAtFirstRecord: false)
/// let automaton = RecordCollector.automaton(path: path, fields: fields, order: .streaming)
/// let tokenizer = JSONTokenizer(options: options, handler: PathMatcher(paths: CompiledPaths(automaton), receiver: collector))
/// ```
struct RecordCollector: MatchConsumer {
    let fields: [RecordField]
    let writer: RecordWriter
    let stopsAtFirstRecord: Bool
    /// The values found so far in each open record, by scope, per field.
    private var open: [Int: [[JSONValue]]] = [:]
    private var nextScope = 0
    private var stopped = false

    init(fields: [RecordField], writer: RecordWriter, stopsAtFirstRecord: Bool) {
        self.fields = fields
        self.writer = writer
        self.stopsAtFirstRecord = stopsAtFirstRecord
    }

    /// The program: `path` as a scope (tag `fields.count`) whose sub-program holds each field's
    /// path (tag: the field's index).
    static func program(path: JSONPath, fields: [RecordField], order: JSONQuery.ResultOrder) -> MatchProgram {
        MatchProgram { builder in
            builder.resultOrder = order
            let program = builder.addProgram()
            builder.addScope(path, childProgram: program, tag: fields.count)
            for (index, field) in fields.enumerated() {
                builder.addMatch(field.path, kind: .value, tag: index, program: program)
            }
        }
    }

    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        guard destination.tag < fields.count, open[scope] != nil else { return }
        open[scope]?[destination.tag].append(value.jsonValue)
    }

    mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        let scope = nextScope
        nextScope += 1
        open[scope] = Array(repeating: [], count: fields.count)
        return scope
    }

    mutating func endScope(_ scope: Int, at destination: MatchDestination) throws {
        guard !stopped, let values = open.removeValue(forKey: scope) else { return }
        try writer.write(zip(fields, values).map { $0.value(of: $1) })
        if stopsAtFirstRecord { stopped = true }
    }

    mutating func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
        // A scalar reached the record's path: a record with every field missing.
        guard destination.tag == fields.count, !stopped else { return }
        writer.writeLater(fields.map { $0.value(of: []) })
        if stopsAtFirstRecord { stopped = true }
    }

    var stopRequested: Bool { stopped }
}

/// Writes records: each as a JSON object `{"NAME":value,...}` through the output's format, or,
/// for `--csv` and `--tsv`, as a row under a header line of the field names.
///
/// CSV quotes a cell (RFC 4180) when it holds a comma, a double quote, CR or LF, doubling the
/// quotes inside; TSV writes `\t`, `\n`, `\r` and `\\` for a tab, a line feed, a carriage return
/// and a backslash (as jq's `@tsv`). In both, a string is its text and any other value its
/// compact JSON (`null`, `12.50`, `[1,2]`).
///
/// ```swift
/// let writer = RecordWriter(output: output, names: ["id", "name"], table: .csv)
/// try writer.write([7, "Ada, Countess"])  // id,name  then  7,"Ada, Countess"
/// ```
final class RecordWriter {
    /// A table format.
    enum Table {
        case csv, tsv
    }

    let output: StandardOutput
    let names: [String]
    let table: Table?
    /// The records written, over every input.
    private(set) var count = 0
    /// A failure of a write that could not throw where it happened.
    private(set) var failure: (any Error)?
    private var headerWritten: Bool
    private let cellWriter = JSONWriter(sink: JSONBufferSink(), options: JSONWriterOptions(validatesUTF8: false))

    /// A writer of records to `output`; `writesHeader: false` for the rows of a block of lines,
    /// whose header the writer of stdout writes (``writeHeaderIfNeeded()``).
    init(output: StandardOutput, names: [String], table: Table?, writesHeader: Bool = true) {
        self.output = output
        self.names = names
        self.table = table
        headerWritten = !writesHeader
    }

    /// Writes the header line of a table before the first row.
    func writeHeaderIfNeeded() throws {
        guard let table, !headerWritten else { return }
        headerWritten = true
        try output.writeText(names.map { cell($0, table) }.joined(separator: table == .csv ? "," : "\t"))
    }

    /// Writes one record.
    func write(_ values: [JSONValue]) throws {
        if let failure { throw failure }
        count += 1
        guard let table else {
            try output.writeLine(.object(JSONObject(zip(names, values).map { .init(key: $0, value: $1) })))
            return
        }
        try writeHeaderIfNeeded()
        var cells: [String] = []
        for value in values {
            if case .string(let text) = value {
                cells.append(cell(text, table))
            } else {
                try cellWriter.write(value)
                try cellWriter.reset()
                var text = cellWriter.sink.string
                cellWriter.sink.removeAll()
                if text.hasSuffix("\n") { text.removeLast() }
                cells.append(cell(text, table))
            }
        }
        try output.writeText(cells.joined(separator: table == .csv ? "," : "\t"))
    }

    /// Writes one record from a place that cannot throw; a failure is kept for ``write(_:)``
    /// and ``failure``.
    func writeLater(_ values: [JSONValue]) {
        do { try write(values) } catch { failure = error }
    }

    /// A cell's text, quoted or escaped for the table.
    private func cell(_ text: String, _ table: Table) -> String {
        switch table {
        case .csv:
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
                return text
            }
            return "\"" + text.replacing("\"", with: "\"\"") + "\""
        case .tsv:
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\t": result += "\\t"
                case "\n": result += "\\n"
                case "\r": result += "\\r"
                case "\\": result += "\\\\"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }
}
