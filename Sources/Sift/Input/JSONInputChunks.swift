/// The bytes of a ``JSONInput`` as an asynchronous sequence of chunks of at most 64 KiB: the
/// one source of chunks behind `values(at:)`, `matches(at:)`, SiftHub's component streams and
/// the command line.
///
/// Files and descriptors are read by an ``InputChunkReader`` on a ``ReadAheadThread``, never on
/// the consumer's task; in-memory inputs are handed out as slices of one array (`.bytes` is that
/// array; `.data` and `.string` are copied into one once, on the first call). Iteration ends
/// with `CancellationError` as soon as the task is cancelled: a waiting read is abandoned, and a
/// slice is never handed to a cancelled task. The iterator stops its thread when it is dropped.
///
/// ```swift
/// for try await chunk in JSONInputChunks(.standardInput) {
///     try tokenizer.feed(chunk)
/// }
/// try tokenizer.finish()
/// ```
package struct JSONInputChunks: AsyncSequence, Sendable {
    package typealias Element = ArraySlice<UInt8>

    let input: JSONInput

    package init(_ input: JSONInput) {
        self.input = input
    }

    package func makeAsyncIterator() -> Iterator {
        Iterator(input: input)
    }

    /// Hands out the chunks, slicing memory or taking them from the reading thread.
    package struct Iterator: AsyncIteratorProtocol {
        private let input: JSONInput
        private let reading: ReadingHandle?
        private var memory: [UInt8]?
        private var offset = 0

        init(input: JSONInput) {
            self.input = input
            reading = input.isInMemory ? nil : ReadingHandle(ReadAheadThread(InputChunkReader(input)))
        }

        package mutating func next() async throws -> ArraySlice<UInt8>? {
            try await next(isolation: nil)
        }

        package mutating func next(isolation actor: isolated (any Actor)?) async throws -> ArraySlice<UInt8>? {
            if let reading {
                return try await reading.thread.next(isolation: actor)?[...]
            }
            try Task.checkCancellation()
            let bytes = memory ?? input.contiguousBytes
            memory = bytes
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + JSONInput.chunkSize, bytes.count)
            defer { offset = end }
            input.progress?(end)
            return bytes[offset..<end]
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

extension JSONInput {
    /// An in-memory input's bytes as one array (a copy for `Data` and `String`).
    var contiguousBytes: [UInt8] {
        switch source {
        case .bytes(let bytes): bytes
        case .data(let data): [UInt8](data)
        case .text(let text): Array(text.utf8)
        case .file, .descriptor: []
        }
    }
}
