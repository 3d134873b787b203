import Foundation

/// One chunk of a ``JSONInput`` as ``JSONInputChunks`` hands it out: a piece read from a file or
/// descriptor, or a view into the caller's own bytes, `Data` or `String` (never a copy).
///
/// The tokenizer reads it in place through `withContiguousStorageIfAvailable`.
///
/// ```swift
/// for try await chunk in JSONInputChunks(.string(text)) { try tokenizer.feed(chunk) }
/// ```
package struct JSONInputChunk: Sequence, Sendable {
    enum Storage: Sendable {
        case bytes(ArraySlice<UInt8>)
        case data(Data)
        /// A range of the UTF-8 of a string whose UTF-8 is contiguous.
        case text(String, Range<Int>)
    }

    /// The bytes one by one (a copy): see ``makeIterator()``.
    package typealias Iterator = IndexingIterator<[UInt8]>

    let storage: Storage

    /// The number of bytes.
    package var count: Int {
        switch storage {
        case .bytes(let bytes): bytes.count
        case .data(let data): data.count
        case .text(_, let range): range.count
        }
    }

    package var underestimatedCount: Int { count }

    /// The bytes one by one, for a consumer that cannot read them in place (a copy).
    package func makeIterator() -> Iterator {
        let bytes = withContiguousStorageIfAvailable { Array($0) } ?? []
        return bytes.makeIterator()
    }

    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        switch storage {
        case .bytes(let bytes):
            return try bytes.withContiguousStorageIfAvailable(body)
        case .data(let data):
            return try data.withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
        case .text(let text, let range):
            return try text.utf8.withContiguousStorageIfAvailable { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }
}
