/// Byte chunks handed out one by one, as an `AsyncSequence` (what an HTTP body looks like to
/// the streaming entry points).
///
/// ```swift
/// let results = try await query.run(chunks: FuzzChunks([[0x5B], [0x5D]]))
/// ```
public struct FuzzChunks: AsyncSequence, Sendable {
    /// The chunks, in order.
    ///
    /// ```swift
    /// FuzzChunks([[1], [2]]).chunks.count // 2
    /// ```
    public let chunks: [[UInt8]]

    /// Wraps the chunks.
    ///
    /// ```swift
    /// FuzzChunks([Array("[1]".utf8)])
    /// ```
    public init(_ chunks: [[UInt8]]) {
        self.chunks = chunks
    }

    /// Hands out the chunks.
    ///
    /// ```swift
    /// var iterator = chunks.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks)
    }

    /// The iterator over the chunks.
    ///
    /// ```swift
    /// let first = try await iterator.next()
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: [[UInt8]]
        var index = 0

        /// The next chunk, or nil after the last.
        ///
        /// ```swift
        /// while let chunk = await iterator.next() { print(chunk.count) }
        /// ```
        public mutating func next() async -> [UInt8]? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}
