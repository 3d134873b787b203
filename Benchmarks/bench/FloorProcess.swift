import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The yajl floor as a process of its own, for the command-line scenarios: this binary started
/// with the hidden flag `--yajl-floor FORMAT PATH` reads the file (or stdin for `-`) with `read(2)`
/// into a 1 MiB buffer and hands every buffer to yajl with CYajl's empty callbacks.
///
/// Nothing built on yajl that reads the same bytes the same way can finish sooner, so the elapsed
/// time of this process (start-up, reading and lexing) is the floor of a `sift` process's.
///
/// ```swift
/// try FloorProcess(format: .ndjson, path: "-").run()   // bench --yajl-floor ndjson - < lines
/// ```
struct FloorProcess {
    var format: Dataset.Format
    /// The file to read; `-` is standard input.
    var path: String

    /// The size of each `read(2)`.
    static let bufferSize = 1 << 20

    /// Parses the whole input; throws yajl's error for invalid JSON, or a read error.
    func run() throws {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        let parser = NoopYajlParser(multipleValues: format == .ndjson)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            try parser.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        try parser.finish()
    }
}
