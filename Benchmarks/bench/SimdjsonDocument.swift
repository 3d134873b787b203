internal import CSimdjsonBench
import Foundation

/// A document as simdjson reads it (a padded copy of its bytes) and the On-Demand parser that
/// reads it, reused from one query to the next.
final class SimdjsonDocument {
    /// The C side's document (CSimdjsonBench.h).
    let handle: OpaquePointer

    /// A padded copy of `data`.
    init(copying data: Data) throws(BenchError) {
        let copied = data.withUnsafeBytes { sift_simdjson_document_copy($0.baseAddress, $0.count) }
        guard let copied else { throw BenchError("simdjson: cannot allocate \(data.count) bytes") }
        handle = copied
    }

    /// The file at `path`, read whole (`padded_string::load`).
    init(loading path: String) throws(BenchError) {
        var error: UnsafePointer<CChar>?
        guard let loaded = sift_simdjson_document_load(path, &error) else {
            throw BenchError("simdjson: cannot read \(path): \(error.map { String(cString: $0) } ?? "out of memory")")
        }
        handle = loaded
    }

    deinit {
        sift_simdjson_document_free(handle)
    }
}
