import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout, for data only: JSON, one value per line (or pretty-printed, see ``OutputFormat``),
/// through the engine's ``JSONWriter`` and a 64 KiB ``JSONFileSink`` buffer; or, for a block of
/// `--lines` parsed on a thread of its own, the same lines held in memory (``init(format:inMemory:)``)
/// until they are written to stdout in input order (``write(bytes:)``).
///
/// Lines are flushed one by one only when stdout is a terminal, as C's stdio does; there, a
/// progress bar forced onto the same screen is erased before each value
/// (``ProgressBar/whileErased(_:)``).
///
/// ```swift
/// let output = StandardOutput()
/// try output.writeLine(["id": 1] as JSONValue)
/// try output.flush()
/// ```
final class StandardOutput {
    /// The writer; strings are not validated again (the tokenizer validated them).
    let writer: JSONWriter<OutputSink>

    /// Whether a string is written as its raw text (`--raw-output`).
    let writesRawStrings: Bool

    /// Whether every line is written at once (stdout is a terminal).
    let flushesEveryLine: Bool

    /// Whether stdout is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The format, for the decorated forms (see ``OutputFormat/isDecorated``).
    let format: OutputFormat

    /// Where a value is written first when the format decorates it: its text is then
    /// coloured, separated and terminated on its way to stdout.
    private let valueWriter: JSONWriter<JSONBufferSink>?

    /// The line feed that ends a raw string.
    private static let lineFeed: [UInt8] = [0x0A]

    /// The sink that holds the lines in memory (an output made `inMemory`).
    private let memory: OutputSink?

    /// stdout, or, when `inMemory`, lines held in memory (see ``takeHeld(_:)``).
    init(format: OutputFormat = .compact, inMemory: Bool = false) {
        let options = JSONWriterOptions(
            prettyPrinted: format.layout == .pretty, indent: format.indent, validatesUTF8: false)
        let sink = OutputSink(file: inMemory ? nil : JSONFileSink.standardOutput())
        writer = JSONWriter(sink: sink, options: options)
        memory = inMemory ? sink : nil
        flushesEveryLine = !inMemory && Self.isTerminal
        writesRawStrings = format.rawStrings
        self.format = format
        valueWriter = format.isDecorated ? JSONWriter(sink: JSONBufferSink(), options: options) : nil
    }

    /// Writes a value on a line of its own (a pretty value on as many lines as it needs).
    func writeLine(_ value: JSONValue) throws {
        try onScreen {
            if let valueWriter, !(writesRawStrings && value.isString) {
                try valueWriter.write(value)
                try writeDecorated(valueWriter)
                return
            }
            if writesRawStrings, case .string(var text) = value {
                try text.withUTF8 { try writeRawLine(JSONBytes(viewing: UnsafeRawBufferPointer($0))) }
                return
            }
            try writer.write(value)
            try endLine()
        }
    }

    /// Writes a match on a line of its own: a scalar from the input's bytes, a container from
    /// its capture, with no ``JSONValue`` built (but for raw strings, where a string must be
    /// told apart).
    func writeLine(_ match: JSONMatchView) throws {
        if let event = match.scalar { return try writeLine(event) }
        if writesRawStrings { return try writeLine(match.value) }
        try onScreen {
            if let valueWriter {
                try match.write(to: valueWriter)
                try writeDecorated(valueWriter)
                return
            }
            try match.write(to: writer)
            try endLine()
        }
    }

    /// Writes a match as the `"value"` of an object whose first members are `head` (a
    /// `--with-path` record), on a line of its own, the match written as ``writeLine(_:)-(JSONMatchView)``
    /// writes it.
    func writeLine(_ match: JSONMatchView, after head: [JSONObject.Member]) throws {
        try onScreen {
            if let valueWriter {
                try Self.writeRecord(head, match, to: valueWriter)
                try writeDecorated(valueWriter)
                return
            }
            try Self.writeRecord(head, match, to: writer)
            try endLine()
        }
    }

    private static func writeRecord<Sink>(
        _ head: [JSONObject.Member], _ match: JSONMatchView, to writer: JSONWriter<Sink>
    ) throws {
        try writer.beginObject()
        for member in head {
            try writer.key(member.key)
            try writer.write(member.value)
        }
        try writer.key("value")
        try match.write(to: writer)
        try writer.endObject()
    }

    /// Writes a value that writes itself through the writer (a Hub model streams straight to
    /// it, without a ``JSONValue`` built first), on a line of its own.
    func writeLine(_ write: (JSONWriter<OutputSink>) throws -> Void) throws {
        try onScreen {
            try write(writer)
            try endLine()
        }
    }

    /// Writes a scalar event (string, number, bool, null) straight from the tokenizer's bytes,
    /// on a line of its own.
    func writeLine(_ event: JSONEvent) throws {
        try onScreen {
            if let valueWriter, !(writesRawStrings && event.isString) {
                try valueWriter.write(event)
                try writeDecorated(valueWriter)
                return
            }
            if writesRawStrings, case .string(let bytes) = event {
                try writeRawLine(bytes)
                return
            }
            try writer.write(event)
            try endLine()
        }
    }

    /// Writes `text` as it is (a row of a table) and a line feed.
    func writeText(_ text: String) throws {
        try onScreen {
            var line = text + "\n"
            let sink = writer.sink
            try line.withUTF8 { try sink.write(JSONBytes(viewing: UnsafeRawBufferPointer($0))) }
            if flushesEveryLine { try writer.flush() }
        }
    }

    /// Writes lines another output held in memory, as they are.
    func write(bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try onScreen {
            let sink = writer.sink
            try bytes.withUnsafeBytes { try sink.write(JSONBytes(viewing: $0)) }
            if flushesEveryLine { try writer.flush() }
        }
    }

    /// The number of bytes held in memory (an output made `inMemory`), counted without handing
    /// the writer's buffer to the sink: a block of `--lines` asks after each of its lines.
    var heldCount: Int { (memory?.held.count ?? 0) + writer.bufferedByteCount }

    /// The first `count` bytes held in memory, which the output then forgets.
    func takeHeld(_ count: Int) -> [UInt8] {
        writer.sink.take(count)
    }

    /// Runs `write`, with the progress bar erased when stdout is a terminal (where every line
    /// reaches the screen at once).
    private func onScreen(_ write: () throws -> Void) throws {
        if flushesEveryLine {
            try ProgressBar.whileErased(write)
        } else {
            try write()
        }
    }

    /// Hands everything buffered to the operating system.
    func flush() throws {
        try writer.flush()
    }

    private func endLine() throws {
        try writer.reset()
        if flushesEveryLine { try writer.flush() }
    }

    /// Writes the unescaped bytes of a string and its terminator, after what the writer holds.
    private func writeRawLine(_ bytes: JSONBytes) throws {
        if format.nulTerminated, bytes.contains(0) {
            throw OutputRefusal(
                message:
                    "a string with a NUL character cannot be written with --raw-output0 (use --raw-output or --seq)")
        }
        let sink = writer.sink
        if format.recordSeparators {
            try Self.recordSeparator.withUnsafeBytes { try sink.write(JSONBytes(viewing: $0)) }
        }
        try sink.write(bytes)
        let terminator = format.nulTerminated ? Self.nul : Self.lineFeed
        try terminator.withUnsafeBytes { try sink.write(JSONBytes(viewing: $0)) }
        if flushesEveryLine { try writer.flush() }
    }

    /// The RFC 7464 record separator, before each value with `--seq`.
    private static let recordSeparator: [UInt8] = [0x1E]
    /// The terminator of each value with `--raw-output0`.
    private static let nul: [UInt8] = [0x00]

    /// Writes the value `valueWriter` holds, coloured, separated and terminated as the format
    /// says, and empties it.
    private func writeDecorated(_ valueWriter: JSONWriter<JSONBufferSink>) throws {
        try valueWriter.reset()
        var text = valueWriter.sink.bytes
        valueWriter.sink.removeAll()
        if text.last == 0x0A { text.removeLast() }
        if format.colored { text = JSONColors.colored(text) }
        if format.recordSeparators { text.insert(0x1E, at: 0) }
        text.append(format.nulTerminated ? 0x00 : 0x0A)
        let sink = writer.sink
        try text.withUnsafeBytes { try sink.write(JSONBytes(viewing: $0)) }
        if flushesEveryLine { try writer.flush() }
    }
}

extension JSONWriterError {
    /// Whether the output itself failed (a closed pipe, a full disk), as opposed to one value
    /// that cannot be written: then nothing more can be written at all.
    var isOutputFailure: Bool { kind == .ioError }
}

/// A value `sift` cannot write in the output format asked for (a string holding NUL with
/// `--raw-output0`).
///
/// ```swift
/// throw OutputRefusal(message: "a string with a NUL character cannot be written with --raw-output0")
/// ```
struct OutputRefusal: Error, CustomStringConvertible {
    /// What cannot be written, and what to use instead.
    let message: String

    var description: String { message }
}

extension JSONValue {
    /// Whether the value is a string.
    fileprivate var isString: Bool {
        if case .string = self { return true }
        return false
    }
}

extension JSONEvent {
    /// Whether the event is a string.
    fileprivate var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
