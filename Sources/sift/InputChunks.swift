import Sift

/// The bytes of one input as an asynchronous sequence of chunks, read as the consumer asks for
/// them: a consumer that stops early (`--first`) leaves the rest unread.
///
/// Files and stdin are read by Sift's one input reader (`JSONInputChunks`), on a thread of its
/// own a chunk or two ahead of the parse; an HTTP body comes from ``HTTPReader``. Call
/// ``close()`` when done: it erases the progress bar (a file is closed when its iteration ends).
///
/// ```swift
/// let chunks = try InputSource.file("feed.json").open(progress: nil)
/// defer { chunks.close() }
/// try await tokenizer.parse(chunks)
/// ```
struct InputChunks: AsyncSequence {
    typealias Element = InputChunk

    /// The kinds of reader behind the chunks.
    enum Reader {
        /// A file or stdin, with the bar its reads update, if any.
        case input(JSONInputChunks, progress: ProgressBar?)
        /// The body of an HTTP response.
        case http(HTTPReader)
    }

    let reader: Reader

    func makeAsyncIterator() -> Iterator {
        switch reader {
        case .input(let chunks, _): Iterator(input: chunks.makeAsyncIterator(), http: nil)
        case .http(let reader): Iterator(input: nil, http: reader)
        }
    }

    /// Erases the progress bar and releases the input.
    func close() {
        switch reader {
        case .input(_, let progress): progress?.finish()
        case .http(let reader): reader.close()
        }
    }

    /// Reads the next chunk on each call.
    struct Iterator: AsyncIteratorProtocol {
        var input: JSONInputChunks.Iterator?
        let http: HTTPReader?

        mutating func next() async throws -> InputChunk? {
            if let http { return try await http.nextChunk().map(InputChunk.body) }
            do {
                return try await input?.next(isolation: nil).map(InputChunk.bytes)
            } catch let error as JSONParseError where error.kind == .inputError {
                // Worded by the reader; located, as before, by the bytes read.
                throw InputError(message: error.message, offset: error.location.offset)
            }
        }
    }
}
