import Sift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where one input of a subcommand comes from: a `FILE` argument, or stdin for `-` or no
/// argument at all.
///
/// Every subcommand reads its inputs through ``parse(into:progress:)``, which feeds a tokenizer
/// and shows the progress bar: a new kind of input (a URL) is one more case and one more branch
/// there.
///
/// ```swift
/// for source in InputSource.sources(files) {
///     try await source.parse(into: tokenizer, progress: options.progress)
/// }
/// ```
enum InputSource: Sendable, Equatable {
    /// The process's standard input.
    case standardInput
    /// A file, by path.
    case file(String)

    /// The size of one read.
    static let chunkSize = 64 * 1024

    /// The input a command-line argument names: `-` is stdin.
    init(argument: String) {
        self = argument == "-" ? .standardInput : .file(argument)
    }

    /// The inputs the `FILE` arguments name; stdin when there are none.
    static func sources(_ arguments: [String]) -> [InputSource] {
        arguments.isEmpty ? [.standardInput] : arguments.map(InputSource.init(argument:))
    }

    /// The name diagnostics start with: the path, or `<stdin>`.
    var name: String {
        switch self {
        case .standardInput: "<stdin>"
        case .file(let path): path
        }
    }

    /// Feeds the whole input to `tokenizer` and finishes it, or stops early when its handler
    /// stops the parse. Shows a progress bar when `progress` asks for one (nil: automatic).
    func parse<Handler>(into tokenizer: JSONTokenizer<Handler>, progress: Bool?) async throws {
        let descriptor: Int32
        switch self {
        case .standardInput:
            descriptor = STDIN_FILENO
        case .file(let path):
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.inputError("cannot open '\(path)': \(Self.reason(errno))", offset: 0) }
        }
        defer { if case .file = self { close(descriptor) } }

        let bar = ProgressBar.isWanted(requested: progress, total: Self.regularFileSize(descriptor))
            ? ProgressBar(total: Self.regularFileSize(descriptor)) : nil
        defer { bar?.finish() }

        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Self.chunkSize)
        defer { buffer.deallocate() }
        var total = 0
        while !tokenizer.isStopped {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.inputError("cannot read \(name): \(Self.reason(errno))", offset: total)
            }
            if count == 0 { break }
            total += count
            bar?.update(bytesRead: total)
            try tokenizer.feed(UnsafeBufferPointer(rebasing: buffer[0..<count]))
        }
        try tokenizer.finish()
    }

    /// The size of the open file when it is a regular file, else nil.
    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    private static func inputError(_ message: String, offset: Int) -> JSONParseError {
        JSONParseError(kind: .inputError, message: message, location: SourceLocation(offset: offset, line: 1, column: offset + 1))
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
