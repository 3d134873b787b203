import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one input of a subcommand comes from: a `FILE` argument (a path, or an `http://` or
/// `https://` URL), or stdin for `-` or no argument at all.
///
/// Every input is read the same way: ``open(progress:)`` gives an asynchronous sequence of byte
/// chunks (``InputChunks``), which the tokenizer, the Hub parser and the streaming Hub
/// components all take. A new kind of input (a URL, whose HTTP body is such a sequence) is one
/// more case here and one more reader in ``InputChunks``; no subcommand changes.
///
/// ```swift
/// for source in InputSource.sources(files) {
///     let chunks = try source.open(progress: options.progress)
///     defer { chunks.close() }
///     try await tokenizer.parse(chunks)
/// }
/// ```
enum InputSource: Sendable, Equatable {
    /// The process's standard input.
    case standardInput
    /// A file, by path.
    case file(String)
    /// An HTTP resource, by URL: its body streams through SiftHTTP.
    case url(String)

    /// The input a command-line argument names: `-` is stdin, an argument starting with
    /// `http://` or `https://` a URL, anything else a path.
    init(argument: String) {
        let lowercased = argument.lowercased()
        if argument == "-" {
            self = .standardInput
        } else if lowercased.hasPrefix("http://") || lowercased.hasPrefix("https://") {
            self = .url(argument)
        } else {
            self = .file(argument)
        }
    }

    /// The inputs the `FILE` arguments name; stdin when there are none.
    static func sources(_ arguments: [String]) -> [InputSource] {
        arguments.isEmpty ? [.standardInput] : arguments.map(InputSource.init(argument:))
    }

    /// The name diagnostics start with: the path, the URL, or `<stdin>`.
    var name: String {
        switch self {
        case .standardInput: "<stdin>"
        case .file(let path): path
        case .url(let url): url
        }
    }

    /// Whether the input arrives over time (a download, a pipe) rather than being all there
    /// (a file): output is then flushed while waiting for it.
    var isStreamed: Bool {
        switch self {
        case .standardInput, .url: true
        case .file: false
        }
    }

    /// The input `--lines` reads straight into its blocks (``JSONLineOutputs/init(_:options:parallelism:blockSize:offset:line:skipsInvalidLines:makeHandler:)``):
    /// this input's bytes (`byteRange` of them for a shard) when it is a regular file and no
    /// progress bar is wanted; nil otherwise, for ``open(progress:connectTimeout:byteRange:)``
    /// (a pipe, a download, a path that cannot be opened, whose error that reports).
    func regularFile(progress: Bool?, byteRange: Range<Int>? = nil) -> JSONInput? {
        guard case .file(let path) = self else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let input = byteRange.map { JSONInput.file(path).reading(bytes: $0) } ?? .file(path)
        return ProgressBar.isWanted(requested: progress, total: input.byteCount) ? nil : input
    }

    /// Opens the input for reading, with a progress bar when `progress` asks for one (nil:
    /// automatic, see ``ProgressBar/isWanted(requested:total:stderrIsTerminal:stdoutIsTerminal:)``);
    /// `connectTimeout` bounds the wait for a URL's host to accept the connection; `byteRange`
    /// reads only those bytes of a file (a shard).
    ///
    /// Throws ``InputError`` when a URL is not valid. A file is opened, and a request sent, when
    /// the first chunk is read: a file that cannot be opened throws ``InputError`` from there.
    func open(
        progress: Bool?, connectTimeout: Duration = .seconds(10), byteRange: Range<Int>? = nil
    ) throws(InputError) -> InputChunks {
        let input: JSONInput
        switch self {
        case .url(let url):
            return InputChunks(
                reader: .http(try HTTPReader(url: url, progress: progress, connectTimeout: connectTimeout)))
        case .standardInput:
            input = .fileDescriptor(STDIN_FILENO, named: name)
        case .file(let path):
            input = byteRange.map { JSONInput.file(path).reading(bytes: $0) } ?? .file(path)
        }
        // The total is what remains of a regular file; the bar is drawn from the reading thread.
        guard ProgressBar.isWanted(requested: progress, total: input.byteCount) else {
            return InputChunks(reader: .input(JSONInputChunks(input), progress: nil))
        }
        let bar = ProgressBar.started(total: input.byteCount)
        let chunks = JSONInputChunks(input.reportingProgress { bar.update(bytesRead: $0) })
        return InputChunks(reader: .input(chunks, progress: bar))
    }
}

/// Reading an input failed: it cannot be opened, or a read failed after `offset` bytes.
///
/// ```swift
/// InputError(message: "cannot open 'feed.json': No such file or directory", offset: 0)
/// ```
struct InputError: Error, CustomStringConvertible {
    /// What went wrong, naming the input.
    let message: String
    /// The bytes read before the failure.
    let offset: Int

    var description: String { message }

    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
