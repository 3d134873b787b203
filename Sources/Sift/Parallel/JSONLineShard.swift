#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `index`-th of `count` parts of a file's lines, for `count` processes that together read
/// every line exactly once (Kubernetes indexed jobs, GNU parallel, Spark tasks).
///
/// The file's bytes are split into `count` equal ranges; a line belongs to the part where it
/// starts, so part `index` (from 1) holds the lines that start at byte offsets in
/// `[size × (index − 1) / count, size × index / count)`. Its ``range`` runs from the first such
/// line to the first line of the next part. Its ``line`` is counted by reading the bytes before
/// it once (``LineBreaks``, several GB/s from the page cache: part `count` reads the
/// `(count − 1) / count` of the file before it).
///
/// ```swift
/// let shard = try JSONLineShard(file: "events.ndjson", index: 2, of: 4)
/// let outputs = JSONLineOutputs(
///     JSONInputChunks(.file("events.ndjson").reading(bytes: shard.range)),
///     offset: shard.range.lowerBound, line: shard.line
/// ) { block in IDCollector() }
/// ```
public struct JSONLineShard: Sendable, Hashable {
    /// The bytes of the part's lines in the file.
    ///
    /// ```swift
    /// shard.range  // 1_048_611..<2_097_190
    /// ```
    public let range: Range<Int>

    /// The line of the part's first byte in the file, from 1.
    ///
    /// ```swift
    /// shard.line  // 5_103
    /// ```
    public let line: Int

    /// The size of the pieces read to find and count lines.
    private static let pieceSize = 1 << 20

    /// The part `index` (from 1) of `count` of the regular file at `path`.
    ///
    /// Throws a ``JSONParseError`` of kind ``JSONParseError/Kind/inputError`` when the file
    /// cannot be read or is not a regular file (a pipe has no size to split).
    ///
    /// ```swift
    /// let shard = try JSONLineShard(file: "events.ndjson", index: 1, of: 3)
    /// ```
    public init(file path: String, index: Int, of count: Int) throws(JSONParseError) {
        precondition(count >= 1 && (1...count).contains(index), "a shard is 1...count of count")
        let reader = InputChunkReader(.file(path))
        defer { reader.close() }
        let descriptor = try reader.openedDescriptor()
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw InputChunkReader.failure("cannot split '\(path)' into shards: not a regular file", offset: 0)
        }
        let size = Int(info.st_size)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.pieceSize, alignment: 16)
        defer { buffer.deallocate() }
        let start = try Self.lineStart(atOrAfter: size * (index - 1) / count, size: size, descriptor, buffer, path)
        let end = try Self.lineStart(atOrAfter: size * index / count, size: size, descriptor, buffer, path)
        var counter = LineBreaks.Counter()
        var position = 0
        while position < start {
            let read = try Self.read(descriptor, buffer, at: position, count: min(buffer.count, start - position), path)
            counter.add(UnsafeRawBufferPointer(rebasing: buffer[..<read]))
            position += read
        }
        range = start..<end
        line = counter.count + 1
    }

    /// The first offset at or after `offset` where a line starts (after a line feed), or `size`.
    private static func lineStart(
        atOrAfter offset: Int, size: Int, _ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, _ path: String
    ) throws(JSONParseError) -> Int {
        guard offset > 0, let base = buffer.baseAddress else { return 0 }
        var position = offset - 1
        while position < size {
            let read = try Self.read(descriptor, buffer, at: position, count: min(buffer.count, size - position), path)
            if let hit = memchr(base, 0x0A, read) {
                return position + (UnsafeRawPointer(hit) - UnsafeRawPointer(base)) + 1
            }
            position += read
        }
        return size
    }

    /// Reads `count` bytes at `offset` (fewer at the end of the file; at least one).
    private static func read(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int, count: Int, _ path: String
    ) throws(JSONParseError) -> Int {
        while true {
            let read = pread(descriptor, buffer.baseAddress, count, off_t(offset))
            if read > 0 { return read }
            if read < 0 && errno == EINTR { continue }
            let reason = read == 0 ? "the file shrank" : InputChunkReader.reason(errno)
            throw InputChunkReader.failure("cannot read '\(path)': \(reason)", offset: offset)
        }
    }
}
