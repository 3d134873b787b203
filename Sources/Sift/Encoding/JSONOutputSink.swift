import Foundation

/// Where a ``JSONWriter`` sends its output, piece by piece as it is generated.
///
/// The writer never accumulates output itself: every piece (a punctuation mark, a run of a
/// string, a number) goes straight to ``write(_:)``, so a sink decides how much is held in
/// memory. ``JSONBufferSink`` keeps everything; ``JSONFileSink`` writes to a file descriptor in
/// blocks.
///
/// ```swift
/// struct ByteCounter: JSONOutputSink {
///     var count = 0
///     mutating func write(_ bytes: JSONBytes) { count += bytes.count }
/// }
/// let writer = JSONWriter(sink: ByteCounter())
/// try writer.write(["a": 1] as JSONValue)
/// writer.sink.count // 7
/// ```
public protocol JSONOutputSink {
    /// Takes the next bytes of output. They are borrowed: copy them before returning.
    ///
    /// ```swift
    /// mutating func write(_ bytes: JSONBytes) throws {
    ///     bytes.withUnsafeBytes { buffer in storage.append(contentsOf: buffer) }
    /// }
    /// ```
    mutating func write(_ bytes: JSONBytes) throws

    /// Delivers any bytes the sink still holds; called by ``JSONWriter/flush()``. The default
    /// does nothing.
    ///
    /// ```swift
    /// try sink.flush()
    /// ```
    mutating func flush() throws
}

extension JSONOutputSink {
    /// Does nothing: the sink holds no bytes of its own.
    ///
    /// ```swift
    /// try sink.flush()
    /// ```
    public mutating func flush() throws {}
}

/// A sink that keeps the whole output in memory.
///
/// ```swift
/// let writer = JSONWriter(sink: JSONBufferSink())   // or simply JSONWriter()
/// try writer.write([1, 2] as JSONValue)
/// writer.sink.string // "[1,2]"
/// ```
public struct JSONBufferSink: JSONOutputSink, Sendable {
    /// The bytes written so far.
    ///
    /// ```swift
    /// writer.sink.bytes.count
    /// ```
    public private(set) var bytes: [UInt8]

    /// Creates an empty buffer, optionally with room for `capacity` bytes.
    ///
    /// ```swift
    /// let sink = JSONBufferSink(capacity: 1 << 20)
    /// ```
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends the bytes.
    ///
    /// ```swift
    /// sink.write(bytes)
    /// ```
    public mutating func write(_ bytes: JSONBytes) {
        bytes.withUnsafeBytes { buffer in
            if buffer.count == 1 {
                self.bytes.append(buffer[0])
            } else {
                self.bytes.append(contentsOf: buffer)
            }
        }
    }

    /// The output as `Data`.
    ///
    /// ```swift
    /// let data = writer.sink.data
    /// ```
    public var data: Data { Data(bytes) }

    /// The output as a `String` (always valid UTF-8 when the writer validated its input).
    ///
    /// ```swift
    /// print(writer.sink.string)
    /// ```
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its storage by default, to reuse it for the next output.
    ///
    /// ```swift
    /// writer.sink.removeAll()
    /// ```
    public mutating func removeAll(keepingCapacity: Bool = true) {
        bytes.removeAll(keepingCapacity: keepingCapacity)
    }
}
