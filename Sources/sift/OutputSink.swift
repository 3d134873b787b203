import Sift

/// Where ``StandardOutput`` sends its bytes: stdout, through a 64 KiB ``JSONFileSink`` buffer,
/// or memory, for the output of a block of lines parsed on a thread of its own (`--lines`),
/// which is written to stdout later, in input order.
///
/// ```swift
/// let sink = OutputSink(file: nil)
/// let writer = JSONWriter(sink: sink)
/// try writer.write([1] as JSONValue)
/// sink.take(sink.held.count)  // [91, 49, 93]
/// ```
final class OutputSink: JSONOutputSink {
    /// stdout's sink, or nil when the bytes are held in memory.
    let file: JSONFileSink?
    /// The bytes held in memory.
    private(set) var held: [UInt8] = []

    init(file: JSONFileSink?) {
        self.file = file
    }

    func write(_ bytes: JSONBytes) throws {
        if let file {
            try file.write(bytes)
        } else {
            bytes.withUnsafeBytes { held.append(contentsOf: $0) }
        }
    }

    func flush() throws {
        try file?.flush()
    }

    /// The first `count` bytes held in memory, which the sink then forgets.
    func take(_ count: Int) -> [UInt8] {
        guard count < held.count else {
            defer { held.removeAll(keepingCapacity: true) }
            return held
        }
        defer { held.removeFirst(count) }
        return Array(held[..<count])
    }
}
