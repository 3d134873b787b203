import Sift

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compact JSON written to a file descriptor through one 64 KiB buffer, one value per line.
///
/// Strings are escaped exactly as JSON requires: `"`, `\` and the control characters below
/// U+0020 are escaped, everything else (non-ASCII included) is kept as UTF-8. Numbers keep the
/// exact text of the input.
///
/// ```swift
/// let output = OutputWriter.standardOutput()
/// try output.write(["id": 1] as JSONValue)
/// try output.reset()   // ends the line
/// try output.flush()
/// ```
final class OutputWriter {
    /// The descriptor written to.
    let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Whether the next member of the innermost open object needs a comma first.
    private var needsComma: [Bool] = []
    private var hasValue = false
    /// Whether every line is written at once (stdout is a terminal), as C's stdio does.
    private let flushesEveryLine: Bool

    init(fileDescriptor: Int32, capacity: Int = 65_536) {
        self.fileDescriptor = fileDescriptor
        self.capacity = capacity
        flushesEveryLine = isatty(fileDescriptor) == 1
        buffer.reserveCapacity(capacity)
    }

    /// A writer for the process's standard output.
    static func standardOutput() -> OutputWriter {
        OutputWriter(fileDescriptor: STDOUT_FILENO)
    }

    deinit {
        try? flush()
    }

    // MARK: Structure

    func beginObject() throws {
        try beforeValue()
        append(UInt8(ascii: "{"))
        needsComma.append(false)
    }

    func endObject() throws {
        needsComma.removeLast()
        append(UInt8(ascii: "}"))
        try afterValue()
    }

    func key(_ name: String) throws {
        if needsComma[needsComma.count - 1] { append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        var name = name
        name.withUTF8 { appendString(UnsafeRawBufferPointer($0)) }
        append(UInt8(ascii: ":"))
    }

    func string(_ value: String) throws {
        try beforeValue()
        var value = value
        value.withUTF8 { appendString(UnsafeRawBufferPointer($0)) }
        try afterValue()
    }

    /// Writes a whole value.
    func write(_ value: JSONValue) throws {
        try beforeValue()
        appendValue(value)
        try afterValue()
    }

    /// Writes a scalar event (string, number, bool, null) straight from the tokenizer's bytes.
    func write(_ event: JSONEvent) throws {
        try beforeValue()
        switch event {
        case .string(let bytes): bytes.withUnsafeBytes { appendString($0) }
        case .number(let bytes): bytes.withUnsafeBytes { appendRaw($0) }
        case .bool(let value): appendLiteral(value ? "true" : "false")
        case .null: appendLiteral("null")
        case .startObject, .endObject, .startArray, .endArray, .key:
            preconditionFailure("OutputWriter.write(_:) takes scalar events only, not \(event)")
        }
        try afterValue()
    }

    /// Ends the current top-level value with a newline.
    func reset() throws {
        guard hasValue else { return }
        append(UInt8(ascii: "\n"))
        hasValue = false
        if flushesEveryLine { try flush() }
    }

    /// Writes the buffered bytes to the descriptor.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeBytes(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutputError(message: "cannot write to standard output: \(String(cString: strerror(errno)))")
                }
                offset += written
            }
        }
    }

    // MARK: Encoding

    private func beforeValue() throws {
        if needsComma.isEmpty, hasValue { try reset() }
    }

    private func afterValue() throws {
        if needsComma.isEmpty {
            hasValue = true
            if buffer.count >= capacity { try flush() }
        }
    }

    private func appendValue(_ value: JSONValue) {
        switch value {
        case .null: appendLiteral("null")
        case .bool(let flag): appendLiteral(flag ? "true" : "false")
        case .number(let number):
            var text = number.text
            text.withUTF8 { appendRaw(UnsafeRawBufferPointer($0)) }
        case .string(var text):
            text.withUTF8 { appendString(UnsafeRawBufferPointer($0)) }
        case .array(let elements):
            append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendValue(element)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            for (index, member) in object.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                var key = member.key
                key.withUTF8 { appendString(UnsafeRawBufferPointer($0)) }
                append(UInt8(ascii: ":"))
                appendValue(member.value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    private func append(_ byte: UInt8) {
        buffer.append(byte)
    }

    private func appendRaw(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    private func appendLiteral(_ text: StaticString) {
        appendRaw(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a quoted, escaped string; runs of bytes that need no escape are copied at once.
    private func appendString(_ bytes: UnsafeRawBufferPointer) {
        append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { appendRaw(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])) }
            runStart = index + 1
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x09: append(UInt8(ascii: "t"))
            default:
                buffer.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                append(Self.hexDigits[Int(byte >> 4)])
                append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        if runStart < bytes.count { appendRaw(UnsafeRawBufferPointer(rebasing: bytes[runStart...])) }
        append(UInt8(ascii: "\""))
    }
}

/// Writing the output failed (a closed pipe, a full disk).
///
/// ```swift
/// throw OutputError(message: "cannot write to standard output: No space left on device")
/// ```
struct OutputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
