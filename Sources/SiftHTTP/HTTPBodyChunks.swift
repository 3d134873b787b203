import NIOCore

/// The body of a response being loaded, as the asynchronous sequence of byte chunks a
/// ``DataMapper`` reads; each chunk is downloaded when it is asked for.
///
/// It throws ``HTTPLoadError`` when the download fails (the loader hands that error on
/// unchanged).
///
/// ```swift
/// for try await chunk in body { try tokenizer.feed(chunk) }
/// ```
public struct HTTPBodyChunks: AsyncSequence {
    /// Each element is the next piece of the body.
    public typealias Element = ByteBufferView

    /// The reader, shared by the sequence's iterators and the loader that classifies errors; or
    /// the buffers of a body read by other means.
    final class State {
        var reader: HTTPBodyReader?
        var buffers: (any AsyncIteratorProtocol<ByteBuffer, any Error>)?

        init(reader: HTTPBodyReader) {
            self.reader = reader
        }

        init(buffers: any AsyncIteratorProtocol<ByteBuffer, any Error>) {
            self.buffers = buffers
        }

        func next() async throws -> ByteBuffer? {
            if reader != nil { return try await reader?.next() }
            return try await buffers?.next()
        }

        /// The load error a failure of the mapping stands for (see `HTTPBodyReader`); a body
        /// read by other means hands the failure on unchanged.
        func loadError(forMappingFailure error: any Error) -> any Error {
            reader?.loadError(forMappingFailure: error) ?? error
        }
    }

    let state: State

    init(state: State) {
        self.state = state
    }

    /// A body read by other means than an ``HTTPDataLoader`` (AsyncHTTPClient's response body,
    /// any asynchronous sequence of buffers), so that every ``DataMapper`` can map it.
    ///
    /// Errors of the sequence reach the mapper's caller unchanged.
    ///
    /// ```swift
    /// let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
    /// let authors = try await ArrayDataMapper(of: Author.self, rootKeyPath: "authors").map(HTTPBodyChunks(response.body))
    /// ```
    public init<Buffers: AsyncSequence>(_ buffers: Buffers) where Buffers.Element == ByteBuffer {
        state = State(buffers: ErasedBufferIterator(base: buffers.makeAsyncIterator()))
    }

    /// Starts reading (each iterator continues where the last one stopped).
    ///
    /// ```swift
    /// var iterator = body.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(state: state)
    }

    /// Downloads the next piece of the body on each call.
    ///
    /// ```swift
    /// while let chunk = try await iterator.next() { print(chunk.count) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        let state: State

        /// The next piece of the body, nil at its end.
        ///
        /// ```swift
        /// let chunk = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ByteBufferView? {
            try await state.next()?.readableBytesView
        }
    }
}

/// An iterator of buffers whose failure is any error.
private struct ErasedBufferIterator<Base: AsyncIteratorProtocol>: AsyncIteratorProtocol
where Base.Element == ByteBuffer {
    var base: Base

    mutating func next() async throws -> ByteBuffer? {
        try await base.next()
    }
}
