import Foundation

/// simdjson On-Demand as a contender: the physical-limit anchor of every scenario that has a
/// simdjson answer, its ratio printed beside the yajl floor's.
///
/// In memory, the document is copied into simdjson's padded buffer while the contender is set up
/// (untimed, as Sift's contenders copy the bytes into an array), and each run iterates it and
/// answers the query with the function written by hand for its shape (``SimdjsonQuery``). The
/// run's checksum is the ``Fingerprint`` of the values found, the same digest as Sift's.
enum SimdjsonContenders {
    /// The contender's name in the table.
    static let name = "simdjson On-Demand"

    /// simdjson answering `path` (over every line when the dataset is NDJSON) in memory,
    /// verified with the Sift contenders of checksum kind `kind`.
    static func inMemory(path: String, kind: String?) -> Contender {
        Contender(name: name, role: .anchor, checksumKind: kind) { input in
            guard input.access == .inMemory else { throw BenchError("simdjson reads a document held in memory") }
            let query = try SimdjsonQuery(path: path, lines: input.dataset.format == .ndjson)
            let document = try SimdjsonDocument(copying: input.data)
            let bytes = input.data.count
            let body = { () throws -> RunResult in
                RunResult(bytes: bytes, checksum: try query.fingerprint(on: document).checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }
}
