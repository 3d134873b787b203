/// The bytes of a ``JSONInput`` as an asynchronous sequence of chunks (at most 256 KiB from a
/// file or descriptor, 64 KiB from memory): the one source of chunks behind `values(at:)`,
/// `matches(at:)`, SiftHub's component streams and the command line.
///
/// Files and descriptors are read by an `InputChunkReader` on a `ReadAheadThread`, never on
/// the consumer's task; in-memory inputs are handed out as views into their own storage, never
/// copied (a `String` is made contiguous once, a no-op for native strings). Iteration ends
/// with `CancellationError` as soon as the task is cancelled: a waiting read is abandoned, and a
/// slice is never handed to a cancelled task. The iterator stops its thread when it is dropped.
///
/// ```swift
/// for try await chunk in JSONInputChunks(.standardInput) {
///     try tokenizer.feed(chunk)
/// }
/// try tokenizer.finish()
/// ```
public struct JSONInputChunks: AsyncSequence, Sendable {
    /// A chunk of the input.
    ///
    /// ```swift
    /// let chunk: JSONInputChunks.Element? = try await iterator.next()
    /// ```
    public typealias Element = JSONInputChunk

    let input: JSONInput

    /// The chunks of `input`: nothing is read before the first chunk is asked for.
    ///
    /// ```swift
    /// let chunks = JSONInputChunks(.file("feed.json"))
    /// ```
    public init(_ input: JSONInput) {
        self.input = input
    }

    /// Starts reading: a file or descriptor on a thread of its own, stopped when the iterator
    /// is dropped.
    ///
    /// ```swift
    /// var iterator = chunks.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(input: input)
    }

    /// Hands out the chunks, slicing memory or taking them from the reading thread.
    ///
    /// ```swift
    /// while let chunk = try await iterator.next() { try tokenizer.feed(chunk) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        private let input: JSONInput
        private let reading: ReadingHandle?
        private var text: String?
        private var offset = 0

        init(input: JSONInput) {
            self.input = input
            reading = input.isInMemory ? nil : ReadingHandle(ReadAheadThread(InputChunkReader(input)))
        }

        /// The next chunk, or nil at the end of the input.
        ///
        /// ```swift
        /// let chunk = try await iterator.next()
        /// ```
        public mutating func next() async throws -> JSONInputChunk? {
            try await next(isolation: nil)
        }

        /// The next chunk, or nil at the end of the input, on the caller's actor.
        ///
        /// ```swift
        /// let chunk = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> JSONInputChunk? {
            if let reading {
                return try await reading.thread.next(isolation: actor).map { JSONInputChunk(storage: .bytes($0[...])) }
            }
            try Task.checkCancellation()
            let count = input.byteCount ?? 0
            guard offset < count else { return nil }
            let range = offset..<Swift.min(offset + JSONInput.chunkSize, count)
            offset = range.upperBound
            input.progress?(range.upperBound)
            return JSONInputChunk(storage: storage(of: range))
        }

        /// A view of `range` of an in-memory input.
        private mutating func storage(of range: Range<Int>) -> JSONInputChunk.Storage {
            switch input.source {
            case .bytes(let bytes): return .bytes(bytes[range])
            case .data(let data):
                let start = data.startIndex
                return .data(data[(start + range.lowerBound)..<(start + range.upperBound)])
            case .text(let original):
                if text == nil {
                    var contiguous = original
                    contiguous.makeContiguousUTF8()
                    text = contiguous
                }
                return .text(text ?? original, range)
            case .file, .descriptor: preconditionFailure("files and descriptors are read by the reading thread")
            }
        }
    }
}

/// Owned by an iterator (and its copies): when the last of them is gone, the reading stops.
final class ReadingHandle: Sendable {
    let thread: ReadAheadThread

    init(_ thread: ReadAheadThread) {
        self.thread = thread
    }

    deinit {
        thread.cancel()
    }
}
