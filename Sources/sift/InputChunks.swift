#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of one input as an asynchronous sequence of chunks, read as the consumer asks for
/// them: a consumer that stops early (`--first`) leaves the rest unread.
///
/// Call ``close()`` when done: it erases the progress bar and closes a file.
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
        /// A file descriptor: a file or stdin.
        case descriptor(DescriptorReader)
        /// The body of an HTTP response.
        case http(HTTPReader)
    }

    let reader: Reader

    func makeAsyncIterator() -> Iterator {
        Iterator(reader: reader)
    }

    /// Erases the progress bar and releases the input.
    func close() {
        switch reader {
        case .descriptor(let reader): reader.close()
        case .http(let reader): reader.close()
        }
    }

    /// Reads the next chunk on each call.
    struct Iterator: AsyncIteratorProtocol {
        let reader: Reader

        mutating func next() async throws -> InputChunk? {
            switch reader {
            case .descriptor(let reader): try reader.nextChunk().map(InputChunk.bytes)
            case .http(let reader): try await reader.nextChunk().map(InputChunk.body)
            }
        }
    }
}

/// Reads a file descriptor in 64 KiB chunks into one reused buffer, updating the progress bar.
///
/// ```swift
/// let reader = DescriptorReader(descriptor: STDIN_FILENO, name: "<stdin>", ownsDescriptor: false)
/// while let chunk = try reader.nextChunk() { consume(chunk) }
/// reader.close()
/// ```
final class DescriptorReader {
    /// The size of one read.
    static let chunkSize = 64 * 1024

    let descriptor: Int32
    let name: String
    let ownsDescriptor: Bool
    /// The bar to update after each read, if any.
    var progress: ProgressBar?
    private var buffer = [UInt8](repeating: 0, count: chunkSize)
    private(set) var bytesRead = 0
    private var isClosed = false

    init(descriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        close()
    }

    /// The size of the input when it is a regular file (what remains from the current
    /// position), else nil: pipes, terminals and sockets have no known size.
    var regularFileSize: Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let position = lseek(descriptor, 0, SEEK_CUR)
        return max(Int(info.st_size) - max(Int(position), 0), 0)
    }

    /// The next chunk, or nil at the end of the input.
    ///
    /// The chunk shares the reader's buffer: holding it past the next call costs a copy.
    func nextChunk() throws(InputError) -> ArraySlice<UInt8>? {
        guard !isClosed else { return nil }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(message: "cannot read \(name): \(InputError.reason(errno))", offset: bytesRead)
            }
            if count == 0 { return nil }
            bytesRead += count
            progress?.update(bytesRead: bytesRead)
            return buffer[0..<count]
        }
    }

    /// Erases the progress bar and closes the descriptor when the reader owns it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        progress?.finish()
        if ownsDescriptor { _ = closeDescriptor(descriptor) }
    }
}

/// `close(2)`, named apart from the methods called `close`.
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
