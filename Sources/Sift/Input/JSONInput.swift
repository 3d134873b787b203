import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the bytes of a JSON document come from: memory, a file, a file descriptor or standard
/// input.
///
/// In-memory inputs are parsed in one pass over their bytes; files and descriptors are read in
/// 64 KiB pieces into one reused buffer, so a file of any size is parsed in constant memory.
/// The asynchronous forms (``values(at:options:)``, ``matches(at:options:)``) parse on the
/// consumer's task and read a file or descriptor on a thread of their own, at most two pieces
/// ahead: no blocking read occupies Swift's cooperative threads, and cancelling the task ends
/// the iteration with `CancellationError` at once, even on a pipe that stays open and quiet.
/// A string literal is JSON text, never a file name: use ``file(_:)-(String)`` for a path, and
/// ``json(_:)`` to say in code that a literal is JSON. Text that is not JSON and looks like a
/// file name (`"home.json"`) fails with a message saying so.
///
/// ```swift
/// try JSONTokenizer.validate(.file("feed.json"))
/// try JSONTokenizer.validate(#"{"ok":true}"#)       // the text itself
/// let input = JSONInput.standardInput.reportingProgress { bytesRead in
///     FileHandle.standardError.write(Data("\r\(bytesRead) bytes".utf8))
/// }
/// ```
public struct JSONInput: Sendable, ExpressibleByStringLiteral {
    enum Source: Sendable {
        case bytes([UInt8])
        case data(Data)
        case text(String)
        case file(String)
        case descriptor(Int32, name: String)
    }

    let source: Source

    /// Called after each piece of input is read, with the number of bytes read so far; in-memory
    /// inputs report once, with their whole size.
    ///
    /// Set it with ``reportingProgress(_:)``.
    ///
    /// ```swift
    /// input.progress?(0)
    /// ```
    public private(set) var progress: (@Sendable (_ bytesRead: Int) -> Void)?

    /// The part of a file read, set with ``reading(bytes:)``; nil for the whole input.
    ///
    /// ```swift
    /// JSONInput.file("events.ndjson").reading(bytes: 100..<200).byteRange  // 100..<200
    /// ```
    public private(set) var byteRange: Range<Int>?

    /// The size of reading one piece of a file or descriptor.
    static let chunkSize = 64 * 1024

    /// The most bytes of one chunk read ahead on a thread of its own (``ReadAheadThread``):
    /// larger than ``chunkSize``, since each chunk handed from that thread to the parsing task
    /// costs a wake-up of each (a quarter of the time spent outside the parse, at 64 KiB).
    static let readAheadChunkSize = 256 * 1024

    init(source: Source) {
        self.source = source
    }

    /// JSON text given as bytes.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.bytes(Array("[1,2]".utf8)))
    /// ```
    public static func bytes(_ bytes: [UInt8]) -> JSONInput { JSONInput(source: .bytes(bytes)) }

    /// JSON text held in `Data`.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.data(responseBody))
    /// ```
    public static func data(_ data: Data) -> JSONInput { JSONInput(source: .data(data)) }

    /// JSON text given as a string: the document itself, not a file name.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.string(#"{"a":1}"#))
    /// ```
    public static func string(_ text: String) -> JSONInput { JSONInput(source: .text(text)) }

    /// JSON text written in the code: the document itself, never a file name (the explicit form
    /// of a string literal, the same as ``string(_:)``).
    ///
    /// ```swift
    /// let viewModel = try ViewModel(parsing: .json(#"{"title": "Home"}"#))
    /// ```
    public static func json(_ text: String) -> JSONInput { JSONInput(source: .text(text)) }

    /// The contents of the file at `path`, read piece by piece.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.file("/var/data/feed.json"))
    /// ```
    public static func file(_ path: String) -> JSONInput { JSONInput(source: .file(path)) }

    /// The contents of the file a file URL names, read piece by piece.
    ///
    /// A URL that is not a `file:` URL names no file: reading it fails with an input error that
    /// shows the URL.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "feed.json")
    /// try JSONTokenizer.validate(.file(url))
    /// ```
    public static func file(_ url: URL) -> JSONInput {
        JSONInput(source: .file(url.isFileURL ? url.path : url.absoluteString))
    }

    /// Everything readable from an open file descriptor, which Sift reads but never closes.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.fileDescriptor(socket))
    /// ```
    public static func fileDescriptor(_ descriptor: Int32) -> JSONInput {
        JSONInput(source: .descriptor(descriptor, name: "file descriptor \(descriptor)"))
    }

    /// An open file descriptor named `name` in messages (`cannot read <stdin>: ...`), which Sift
    /// reads but never closes.
    ///
    /// ```swift
    /// let input = JSONInput.fileDescriptor(STDIN_FILENO, named: "<stdin>")
    /// ```
    public static func fileDescriptor(_ descriptor: Int32, named name: String) -> JSONInput {
        JSONInput(source: .descriptor(descriptor, name: name))
    }

    /// The process's standard input.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.standardInput)
    /// ```
    public static var standardInput: JSONInput { JSONInput(source: .descriptor(STDIN_FILENO, name: "standard input")) }

    /// A string literal is JSON text, as with ``string(_:)``.
    ///
    /// ```swift
    /// let input: JSONInput = "[1, 2, 3]"
    /// ```
    public init(stringLiteral text: String) {
        self.init(source: .text(text))
    }

    /// This input, calling `report` with the number of bytes read so far after every piece.
    ///
    /// ```swift
    /// let input = JSONInput.file("big.json").reportingProgress { print($0) }
    /// ```
    public func reportingProgress(_ report: @escaping @Sendable (_ bytesRead: Int) -> Void) -> JSONInput {
        var copy = self
        copy.progress = report
        return copy
    }

    /// Only the bytes of `range` of this file, offsets counted from the file's start.
    ///
    /// For a part of a file, such as a shard of its lines (see ``JSONLineShard``); locations in
    /// errors count from the range's start. Other inputs are read whole.
    ///
    /// ```swift
    /// let shard = try JSONLineShard(file: "events.ndjson", index: 2, of: 4)
    /// let input = JSONInput.file("events.ndjson").reading(bytes: shard.range)
    /// ```
    public func reading(bytes range: Range<Int>) -> JSONInput {
        var copy = self
        copy.byteRange = range
        return copy
    }

    /// The number of bytes the input holds, when known: in-memory inputs, and regular files
    /// (for a descriptor, what remains after its current position).
    ///
    /// Nil for pipes, sockets and terminals.
    ///
    /// ```swift
    /// if let total = input.byteCount { print("reading \(total) bytes") }
    /// ```
    public var byteCount: Int? {
        switch source {
        case .bytes(let bytes): return bytes.count
        case .data(let data): return data.count
        case .text(let text): return text.utf8.count
        case .file(let path):
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            guard let byteRange else { return Int(info.st_size) }
            return max(min(byteRange.upperBound, Int(info.st_size)) - byteRange.lowerBound, 0)
        case .descriptor(let descriptor, _):
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let position = lseek(descriptor, 0, SEEK_CUR)
            return max(Int(info.st_size) - max(Int(position), 0), 0)
        }
    }

    /// A short name for messages: the path, `standard input`, `file descriptor 5`, or nil for
    /// in-memory input.
    ///
    /// ```swift
    /// JSONInput.file("a.json").name // "a.json"
    /// ```
    public var name: String? {
        switch source {
        case .bytes, .data, .text: nil
        case .file(let path): path
        case .descriptor(_, let name): name
        }
    }
}
