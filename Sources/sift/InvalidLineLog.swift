import ArgumentParser
import Sift

/// The lines `--on-invalid skip` sets aside: each reported on stderr as the first error is
/// without it (`FILE:LINE:COLUMN: error: ...`, the line and a caret), written to the
/// `--invalid-lines` file as one JSON object per line, and counted against `--max-invalid`.
///
/// ```swift
/// let log = try InvalidLineLog(path: "bad.ndjson", maximum: 10)
/// try log.record(invalidLine, in: .file("feed.ndjson"), fileName: nil, flushing: output)
/// // bad.ndjson: {"line":7,"column":12,"offset":123,"error":"invalid JSON: ...","text":"{\"id\":,}"}
/// ```
final class InvalidLineLog {
    /// What `--on-invalid` does with a line that does not parse.
    enum Action: String, ExpressibleByArgument, CaseIterable {
        /// The first invalid line ends the run (exit 1).
        case fail
        /// Each invalid line is set aside; the run goes on at the next line.
        case skip
    }

    /// The `--invalid-lines` file's writer, if one was asked for.
    private let writer: JSONWriter<JSONFileSink>?
    /// `--max-invalid`.
    let maximum: Int?
    /// The lines set aside so far, over every input.
    private(set) var count = 0

    /// Whether more lines were set aside than `--max-invalid` allows.
    var isOverLimit: Bool { maximum.map { count > $0 } ?? false }

    /// A log writing to the file at `path`, if given (created or truncated at once).
    init(path: String?, maximum: Int?) throws {
        writer = try path.map { JSONWriter(sink: try JSONFileSink(path: $0)) }
        self.maximum = maximum
    }

    /// Reports and records one line set aside from `source` (named `"file"` in the record when
    /// the command reads several); throws ``TooManyInvalidLines`` when it is one more than
    /// `--max-invalid` allows.
    func record(
        _ line: JSONInvalidLine, in source: InputSource, fileName: String?, flushing output: StandardOutput
    ) throws {
        try Diagnostics.report(line.error, in: source, flushing: output, offersLines: true)
        try record(
            line: line.line, column: line.error.location.column, offset: line.offset, error: line.error.summary,
            text: line.text, fileName: fileName)
    }

    /// Records one line set aside that the caller has reported already: a record that parsed but
    /// was rejected (`sift validate --schema`), with `error`, its first error, and its `text`
    /// (null in the file when the line was not held whole); throws ``TooManyInvalidLines`` when
    /// it is one more than `--max-invalid` allows.
    func record(
        line: Int, column: Int, offset: Int, error: String, text: [UInt8]?, fileName: String?
    ) throws {
        count += 1
        if let writer {
            var members: [JSONObject.Member] = []
            if let fileName { members.append(.init(key: "file", value: .string(fileName))) }
            members += [
                .init(key: "line", value: .number(JSONNumber(line))),
                .init(key: "column", value: .number(JSONNumber(column))),
                .init(key: "offset", value: .number(JSONNumber(offset))),
                .init(key: "error", value: .string(error)),
                .init(key: "text", value: text.map { .string(String(decoding: $0, as: UTF8.self)) } ?? .null),
            ]
            try writer.write(.object(JSONObject(members)))
            try writer.reset()
        }
        if let maximum, count > maximum { throw TooManyInvalidLines(maximum: maximum) }
    }

    /// Writes what the file's buffer holds.
    func flush() throws {
        try writer?.flush()
    }
}

/// More lines were set aside than `--max-invalid K` allows.
struct TooManyInvalidLines: Error, CustomStringConvertible {
    let maximum: Int

    var description: String { "more lines set aside than --max-invalid \(maximum) allows" }
}
