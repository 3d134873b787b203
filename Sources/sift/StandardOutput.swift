import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout, for data only: compact JSON, one value per line, through the engine's ``JSONWriter``
/// and a 64 KiB ``JSONFileSink`` buffer.
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
    let writer = JSONWriter(sink: JSONFileSink.standardOutput(), options: JSONWriterOptions(validatesUTF8: false))

    /// Whether every line is written at once.
    let flushesEveryLine = isatty(STDOUT_FILENO) == 1

    /// Writes a value on a line of its own.
    func writeLine(_ value: JSONValue) throws {
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
}

extension JSONWriterError {
    /// Whether the output itself failed (a closed pipe, a full disk), as opposed to one value
    /// that cannot be written: then nothing more can be written at all.
    var isOutputFailure: Bool { kind == .ioError }
}
