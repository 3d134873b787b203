import Foundation

/// One chunk of a ``JSONInput`` as ``JSONInputChunks`` hands it out: a piece read from a file or
/// descriptor, or a view into the caller's own bytes, `Data` or `String` (never a copy).
///
/// The tokenizer reads it in place through `withContiguousStorageIfAvailable`.
///
/// ```swift
/// for try await chunk in JSONInputChunks(.string(text)) { try tokenizer.feed(chunk) }
/// ```
public struct JSONInputChunk: Sequence, Sendable {
    enum Storage: Sendable {
        case bytes(ArraySlice<UInt8>)
        case data(Data)
        /// A range of the UTF-8 of a string whose UTF-8 is contiguous.
        case text(String, Range<Int>)
    }

    /// The bytes one by one (a copy): see ``makeIterator()``.
    ///
    /// ```swift
    /// var bytes: JSONInputChunk.Iterator = chunk.makeIterator()
    /// ```
    public typealias Iterator = IndexingIterator<[UInt8]>

    let storage: Storage

    /// The number of bytes.
    ///
    /// ```swift
    /// bytesRead += chunk.count
    /// ```
    public var count: Int {
        switch storage {
        case .bytes(let bytes): bytes.count
        case .data(let data): data.count
        case .text(_, let range): range.count
        }
    }

    /// The number of bytes (exact).
    ///
    /// ```swift
    /// chunk.underestimatedCount == chunk.count  // true
    /// ```
    public var underestimatedCount: Int { count }

    /// The bytes one by one, for a consumer that cannot read them in place (a copy).
    ///
    /// ```swift
    /// for byte in chunk { checksum &+= byte }
    /// ```
    public func makeIterator() -> Iterator {
        let bytes = withContiguousStorageIfAvailable { Array($0) } ?? []
        return bytes.makeIterator()
    }

    /// Calls `body` with the chunk's bytes, in place (never nil: a chunk is always contiguous).
    ///
    /// ```swift
    /// chunk.withContiguousStorageIfAvailable { bytes in output.write(bytes) }
    /// ```
    public func withContiguousStorageIfAvailable<Result>(
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
