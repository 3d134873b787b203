import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout, for data only: JSON, one value per line (or pretty-printed, see ``OutputFormat``),
/// through the engine's ``JSONWriter`` and a 64 KiB ``JSONFileSink`` buffer.
///
/// Lines are flushed one by one only when stdout is a terminal, as C's stdio does.
///
/// ```swift
/// let output = StandardOutput()
/// try output.writeLine(["id": 1] as JSONValue)
/// try output.flush()
/// ```
final class StandardOutput {
    /// The writer; strings are not validated again (the tokenizer validated them).
    let writer: JSONWriter<JSONFileSink>

    /// Whether a string is written as its raw text (`--raw-output`).
    let writesRawStrings: Bool

    /// Whether every line is written at once.
    let flushesEveryLine = isatty(STDOUT_FILENO) == 1

    /// The line feed that ends a raw string.
    private static let lineFeed: [UInt8] = [0x0A]

    init(format: OutputFormat = .compact) {
        let options = JSONWriterOptions(prettyPrinted: format.layout == .pretty, validatesUTF8: false)
        writer = JSONWriter(sink: JSONFileSink.standardOutput(), options: options)
        writesRawStrings = format.rawStrings
    }

    /// Writes a value on a line of its own (a pretty value on as many lines as it needs).
    func writeLine(_ value: JSONValue) throws {
        if writesRawStrings, case .string(var text) = value {
            try text.withUTF8 { try writeRawLine(JSONBytes(UnsafeRawBufferPointer($0))) }
            return
        }
        try writer.write(value)
        try endLine()
    }

    /// Writes a value that writes itself through the writer (a Hub model streams straight to
    /// it, without a ``JSONValue`` built first), on a line of its own.
    func writeLine(_ write: (JSONWriter<JSONFileSink>) throws -> Void) throws {
        try write(writer)
        try endLine()
    }

    /// Writes a scalar event (string, number, bool, null) straight from the tokenizer's bytes,
    /// on a line of its own.
    func writeLine(_ event: JSONEvent) throws {
        if writesRawStrings, case .string(let bytes) = event {
            try writeRawLine(bytes)
            return
        }
        try writer.write(event)
        try endLine()
    }

    /// Hands everything buffered to the operating system.
    func flush() throws {
        try writer.flush()
    }

    private func endLine() throws {
        try writer.reset()
        if flushesEveryLine { try writer.flush() }
    }

    /// Writes the unescaped bytes of a string and a line feed, after what the writer holds.
    private func writeRawLine(_ bytes: JSONBytes) throws {
        let sink = writer.sink
        try sink.write(bytes)
        try Self.lineFeed.withUnsafeBytes { try sink.write(JSONBytes($0)) }
        if flushesEveryLine { try writer.flush() }
    }
}

extension JSONWriterError {
    /// Whether the output itself failed (a closed pipe, a full disk), as opposed to one value
    /// that cannot be written: then nothing more can be written at all.
    var isOutputFailure: Bool { kind == .ioError }
}
