#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one reader of files and file descriptors: opens a ``JSONInput``'s file (only its
/// ``JSONInput/byteRange`` when it has one), reads its descriptor a piece at a time, reports
/// progress, and closes what it opened.
///
/// Every way of reading an input goes through it: ``JSONTokenizer/parse(_:)`` reads on the
/// caller's thread, the asynchronous chunks (``JSONInputChunks``, behind `values(at:)`, SiftHub's
/// streams and the command line) read on a thread of their own (see ``ReadAheadThread``). A
/// failure is a ``JSONParseError`` of kind ``JSONParseError/Kind/inputError`` located after the
/// bytes read so far (on line 1: the reader does not count lines).
///
/// One thread uses a reader at a time.
///
/// ```swift
/// let reader = InputChunkReader(.file("feed.json"))
/// defer { reader.close() }
/// while case let count = try reader.read(into: buffer), count > 0 { consume(buffer[..<count]) }
/// ```
final class InputChunkReader {
    let input: JSONInput
    /// The bytes read so far.
    private(set) var total = 0
    private var descriptor: Int32 = -1
    private var ownsDescriptor = false
    private var isClosed = false

    /// A reader of a file or descriptor input (in-memory inputs are not read, they are sliced).
    init(_ input: JSONInput) {
        self.input = input
    }

    deinit {
        close()
    }

    /// The descriptor to read, opening the input's file on the first call.
    func openedDescriptor() throws(JSONParseError) -> Int32 {
        if descriptor >= 0 { return descriptor }
        switch input.source {
        case .file(let path):
            var opened: Int32
            repeat {
                opened = open(path, O_RDONLY | O_CLOEXEC)
            } while opened < 0 && errno == EINTR
            guard opened >= 0 else {
                throw Self.failure("cannot open '\(path)': \(Self.reason(errno))", offset: 0)
            }
            descriptor = opened
            ownsDescriptor = true
            if let start = input.byteRange?.lowerBound, start > 0, lseek(opened, off_t(start), SEEK_SET) < 0 {
                throw Self.failure("cannot read '\(path)' from byte \(start): \(Self.reason(errno))", offset: 0)
            }
        case .descriptor(let given, _):
            descriptor = given
        case .bytes, .data, .text:
            preconditionFailure("an in-memory input has no descriptor")
        }
        return descriptor
    }

    /// Reads the next piece into `buffer`: the number of bytes read, 0 at the end of the input.
    ///
    /// Blocks until the descriptor has data (or ends); calls the input's progress handler after
    /// every piece.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONParseError) -> Int {
        let descriptor = try openedDescriptor()
        var wanted = buffer.count
        if case .file = input.source, let range = input.byteRange {
            wanted = min(wanted, range.count - total)
            if wanted <= 0 { return 0 }
        }
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, wanted)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("cannot read \(name): \(Self.reason(errno))", offset: total)
            }
            if count > 0 {
                total += count
                input.progress?(total)
            }
            return count
        }
    }

    /// Closes the file the reader opened; a descriptor given by the caller stays open.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        if ownsDescriptor && descriptor >= 0 { _ = systemClose(descriptor) }
        descriptor = -1
    }

    /// How messages name the input: `'path'`, `standard input`, `file descriptor 5`.
    private var name: String {
        switch input.source {
        case .file(let path): "'\(path)'"
        case .descriptor(_, let name): name
        case .bytes, .data, .text: "memory"
        }
    }

    static func failure(_ message: String, offset: Int) -> JSONParseError {
        JSONParseError(
            kind: .inputError, message: message, location: SourceLocation(offset: offset, line: 1, column: offset + 1))
    }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `read(2)`, named apart from ``InputChunkReader/read(into:)``.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `close(2)`, named apart from the methods called `close`.
@discardableResult
func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
