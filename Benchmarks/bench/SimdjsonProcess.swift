import Foundation

/// simdjson On-Demand as a process of its own, for the command-line scenarios: this binary started
/// with the hidden flag `--simdjson-process FORMAT QUERY FILE` reads the whole file into memory
/// (`padded_string::load`, as simdjson does), answers the query with its hand-written function
/// (``SimdjsonQuery``) and writes each value on a line of stdout, as `sift query` writes it, so
/// that the two outputs can be compared byte for byte.
///
/// ```swift
/// try SimdjsonProcess(format: .ndjson, path: "$.text.title", file: "feed.ndjson").run()
/// ```
struct SimdjsonProcess {
    var format: Dataset.Format
    /// The JSONPath, of a shape ``SimdjsonQuery`` has a function for.
    var path: String
    var file: String

    /// Answers the query and writes its values; throws simdjson's error or a read error.
    func run() throws {
        let query = try SimdjsonQuery(path: path, lines: format == .ndjson)
        let document = try SimdjsonDocument(loading: file)
        _ = try query.fingerprint(on: document, writesLines: true)
        fflush(nil)
    }
}
