public import NIOCore
public import Sift

// Adapters from SwiftNIO's `ByteBuffer` to Sift's inputs, here so that Sift itself depends on
// yajl alone.

extension JSONInput {
    /// The readable bytes of a NIO `ByteBuffer`, as JSON text (copied once, when the input is
    /// made; the buffer's reader index does not move).
    ///
    /// ```swift
    /// let viewModel = try ViewModel(parsing: .byteBuffer(ByteBuffer(string: #"{"title":"Home"}"#)))
    /// ```
    public static func byteBuffer(_ buffer: ByteBuffer) -> JSONInput {
        .bytes(Array(buffer.readableBytesView))
    }
}

/// An asynchronous sequence of `ByteBuffer`s (AsyncHTTPClient's response body, a NIO channel's
/// inbound stream) as the byte chunks every Sift API reads: each buffer's readable bytes, in
/// place (no copy).
///
/// Made by `byteChunks` on such a sequence; `Sendable` when the buffers' sequence is.
///
/// ```swift
/// let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
/// let results = try await query.run(chunks: response.body.byteChunks)
/// ```
public struct ByteBufferChunks<Base: AsyncSequence>: AsyncSequence where Base.Element == ByteBuffer {
    /// Each chunk is the readable bytes of one buffer.
    public typealias Element = ByteBufferView

    let base: Base

    /// Starts reading the buffers.
    ///
    /// ```swift
    /// var iterator = body.byteChunks.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }

    /// Hands out the readable bytes of the next buffer.
    ///
    /// ```swift
    /// while let chunk = try await iterator.next() { print(chunk.count) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator

        /// The readable bytes of the next buffer, nil at the end.
        ///
        /// ```swift
        /// let chunk = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ByteBufferView? {
            try await base.next()?.readableBytesView
        }
    }
}

extension ByteBufferChunks: Sendable where Base: Sendable {}

extension AsyncSequence where Element == ByteBuffer {
    /// This sequence of buffers as the byte chunks Sift reads (see ``ByteBufferChunks``).
    ///
    /// ```swift
    /// for try await title in response.body.byteChunks.jsonValues(at: try JSONPath("$.items[*].title").string) {
    ///     print(title)
    /// }
    /// ```
    public var byteChunks: ByteBufferChunks<Self> { ByteBufferChunks(base: self) }
}
