/// Reads a file's lines as ``JSONLineBlock``s straight into each block's own buffer.
///
/// Each block is one read of `blockSize` bytes, cut after the last line feed it holds, the
/// partial line after it carried to the start of the next block. The bytes are copied once, by
/// the kernel, and a block's first line is the running sum of the line breaks before it
/// (``LineBreaks``).
///
/// A read that holds no line feed at all (a line longer than a block) is a block of its own that
/// ends inside its line (``JSONLineBlock/endsInsideLine``), and the line goes on in the next
/// blocks, so memory does not grow with the line. Unless `splitsLongLines` is off: the buffer
/// then grows until it holds the whole line (a line set aside keeps its text). A read blocks until the buffer is full or the file ends, so this is for regular files; a
/// pipe is cut by ``LineBlockCutter``, which cuts whenever the input pauses.
///
/// ```swift
/// var reader = LineBlockFileReader(.file("events.ndjson"), blockSize: 1 << 20)
/// while let block = try reader.next() { dispatch(block) }
/// ```
struct LineBlockFileReader {
    /// The size of a read, at the end of whose last line a block is cut.
    let blockSize: Int
    private let reader: InputChunkReader
    /// The bytes after the last line feed of the last block: the start of the next one.
    private var carried: [UInt8] = []
    private var ended = false
    /// Whether a line longer than a block is cut into pieces rather than held whole.
    private let splitsLongLines: Bool
    private var numbering: LineBlockNumbering

    /// A reader of `input` (a file, or a ``JSONInput/reading(bytes:)`` part of one) whose first
    /// block starts at `offset` and `line` of the whole input.
    init(_ input: JSONInput, blockSize: Int, offset: Int = 0, line: Int = 1, splitsLongLines: Bool = true) {
        reader = InputChunkReader(input)
        self.blockSize = max(blockSize, 1)
        self.splitsLongLines = splitsLongLines
        numbering = LineBlockNumbering(offset: offset, line: line)
    }

    /// The next block; nil after the last.
    mutating func next() throws(JSONParseError) -> JSONLineBlock? {
        // Twice the carried start of a line: with `splitsLongLines` off, a line longer than a
        // block takes a few reads; with it on, the carried bytes are less than a block.
        var capacity = max(blockSize, 2 * carried.count)
        while true {
            var bytes = try read(upTo: capacity)
            if ended {
                carried = []
                return bytes.isEmpty ? nil : numbering.block(of: bytes, endsInsideLine: false)
            }
            guard let end = bytes.lastIndex(of: 0x0A).map({ $0 + 1 }) else {
                // No line feed: one line longer than the buffer.
                if splitsLongLines {
                    carried = []
                    return numbering.block(of: bytes, endsInsideLine: true)
                }
                carried = bytes
                capacity = bytes.count * 2
                continue
            }
            carried = Array(bytes[end...])
            bytes.removeSubrange(end...)
            return numbering.block(of: bytes, endsInsideLine: false)
        }
    }

    /// Closes the file.
    func close() {
        reader.close()
    }

    /// `carried`, then the next bytes of the file until `capacity` bytes or the end of the file.
    private mutating func read(upTo capacity: Int) throws(JSONParseError) -> [UInt8] {
        var failure: JSONParseError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = buffer.initialize(fromContentsOf: carried)
            do throws(JSONParseError) {
                while count < capacity {
                    let free = UnsafeMutableBufferPointer(rebasing: buffer[count...])
                    let read = try reader.read(into: UnsafeMutableRawBufferPointer(free))
                    if read == 0 {
                        ended = true
                        break
                    }
                    count += read
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return bytes
    }
}
