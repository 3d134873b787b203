#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A sink that writes to a file descriptor (a file, a pipe, standard output) through a buffer of
/// its own, in blocks of ``bufferCapacity`` bytes (64 KiB by default), so memory stays flat
/// whatever the size of the output.
///
/// Bytes still in the buffer are written by ``flush()`` (``JSONWriter/flush()`` calls it), and
/// as a last resort when the sink is deinitialised; call `flush()` to see write errors.
///
/// ```swift
/// let writer = JSONWriter(sink: JSONFileSink.standardOutput())
/// try writer.write(["ok": true] as JSONValue)
/// try writer.reset()      // ends the line
/// try writer.flush()
/// ```
public final class JSONFileSink: JSONOutputSink {
    /// The file descriptor written to.
    ///
    /// ```swift
    /// sink.fileDescriptor // 1 for standard output
    /// ```
    public let fileDescriptor: Int32

    /// The size of the blocks written (the buffer's capacity).
    ///
    /// ```swift
    /// sink.bufferCapacity // 65536
    /// ```
    public let bufferCapacity: Int

    private let closesOnDeinit: Bool
    private let buffer: UnsafeMutableRawPointer
    private var buffered = 0
    private var isClosed = false

    /// The number of bytes handed to the operating system so far.
    ///
    /// ```swift
    /// sink.bytesWritten
    /// ```
    public private(set) var bytesWritten = 0

    /// Creates a sink for an open file descriptor.
    ///
    /// - Parameters:
    ///   - fileDescriptor: where to write.
    ///   - closesOnDeinit: whether the sink owns the descriptor and closes it when deinitialised
    ///     (or on ``close()``).
    ///   - bufferCapacity: the block size; at least 1.
    ///
    /// ```swift
    /// let sink = JSONFileSink(fileDescriptor: STDERR_FILENO)
    /// ```
    public init(fileDescriptor: Int32, closesOnDeinit: Bool = false, bufferCapacity: Int = 65_536) {
        self.fileDescriptor = fileDescriptor
        self.closesOnDeinit = closesOnDeinit
        self.bufferCapacity = max(bufferCapacity, 1)
        buffer = .allocate(byteCount: self.bufferCapacity, alignment: 16)
    }

    /// Creates (or truncates, or appends to) the file at `path` and writes to it; the sink owns
    /// the file and closes it.
    ///
    /// ```swift
    /// let sink = try JSONFileSink(path: "out.json")
    /// ```
    public convenience init(path: String, appending: Bool = false, bufferCapacity: Int = 65_536) throws(JSONWriterError)
    {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (appending ? O_APPEND : O_TRUNC)
        let descriptor = open(path, flags, 0o644)
        guard descriptor >= 0 else {
            throw JSONWriterError(kind: .ioError, message: "cannot open \(path): \(Self.lastErrorText())")
        }
        self.init(fileDescriptor: descriptor, closesOnDeinit: true, bufferCapacity: bufferCapacity)
    }

    /// A sink for the process's standard output (not closed by the sink).
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: JSONFileSink.standardOutput())
    /// ```
    public static func standardOutput(bufferCapacity: Int = 65_536) -> JSONFileSink {
        JSONFileSink(fileDescriptor: STDOUT_FILENO, bufferCapacity: bufferCapacity)
    }

    deinit {
        if !isClosed {
            try? flush()
            if closesOnDeinit { _ = closeDescriptor(fileDescriptor) }
        }
        buffer.deallocate()
    }

    /// Copies the bytes into the buffer, writing full blocks as they fill up; bytes of at least
    /// a block go to the file directly.
    ///
    /// ```swift
    /// try sink.write(bytes)
    /// ```
    public func write(_ bytes: JSONBytes) throws {
        let count = bytes.count
        if count <= bufferCapacity - buffered {
            if count > 0 {
                // The buffer is non-empty here, so it has a base address.
                // swift-format-ignore: NeverForceUnwrap
                bytes.withUnsafeBytes { (buffer + buffered).copyMemory(from: $0.baseAddress!, byteCount: count) }
                buffered += count
            }
            return
        }
        try bytes.withUnsafeBytes { source in
            var offset = 0
            if buffered > 0 {
                // Top the buffer up to a full block first.
                let room = bufferCapacity - buffered
                // The buffer is non-empty here, so it has a base address.
                // swift-format-ignore: NeverForceUnwrap
                (buffer + buffered).copyMemory(from: source.baseAddress!, byteCount: room)
                buffered = bufferCapacity
                offset = room
                try flush()
            }
            let remaining = count - offset
            let direct = remaining - remaining % bufferCapacity
            if direct > 0 {
                try writeAll(UnsafeRawBufferPointer(rebasing: source[offset..<offset + direct]))
                offset += direct
            }
            if offset < count {
                // The buffer is non-empty here, so it has a base address.
                // swift-format-ignore: NeverForceUnwrap
                buffer.copyMemory(from: source.baseAddress! + offset, byteCount: count - offset)
                buffered = count - offset
            }
        }
    }

    /// Writes the buffered bytes to the file descriptor.
    ///
    /// ```swift
    /// try sink.flush()
    /// ```
    public func flush() throws {
        guard buffered > 0 else { return }
        let count = buffered
        buffered = 0
        try writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
    }

    /// Flushes, then closes the file descriptor if the sink owns it.
    ///
    /// Later writes fail.
    ///
    /// ```swift
    /// try sink.close()
    /// ```
    public func close() throws {
        guard !isClosed else { return }
        defer { isClosed = true }
        try flush()
        if closesOnDeinit, closeDescriptor(fileDescriptor) != 0 {
            throw JSONWriterError(
                kind: .ioError, message: "cannot close file descriptor \(fileDescriptor): \(Self.lastErrorText())")
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard !isClosed else {
            throw JSONWriterError(kind: .ioError, message: "the sink is closed")
        }
        var offset = 0
        while offset < bytes.count {
            // The buffer is non-empty here, so it has a base address.
            // swift-format-ignore: NeverForceUnwrap
            let written = writeDescriptor(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw JSONWriterError(
                    kind: .ioError,
                    message: "cannot write to file descriptor \(fileDescriptor): \(Self.lastErrorText())")
            }
            offset += written
            bytesWritten += written
        }
    }

    private static func lastErrorText() -> String {
        String(cString: strerror(errno))
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

private func writeDescriptor(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
