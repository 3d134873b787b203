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

    /// The reader, shared by the sequence's iterators and the loader that classifies errors.
    final class State {
        var reader: HTTPBodyReader

        init(reader: HTTPBodyReader) {
            self.reader = reader
        }
    }

    let state: State

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
            try await state.reader.next()?.readableBytesView
        }
    }
}
