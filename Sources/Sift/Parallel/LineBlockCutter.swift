/// Cuts a stream of bytes into ``JSONLineBlock``s of whole lines: a block is cut at the last line
/// feed once it holds `blockSize` bytes, when the input pauses (see ``cutAtPause()``), and at the
/// end of the input.
///
/// A line longer than `blockSize` is cut into pieces that end inside it
/// (``JSONLineBlock/endsInsideLine``), so that memory does not grow with it; unless
/// `splitsLongLines` is off, and then it stays whole, in a block of its own size.
///
/// Each block knows its byte offset and first line in the whole input.
///
/// ```swift
/// var cutter = LineBlockCutter(blockSize: 1 << 20)
/// for try await chunk in chunks {
///     for block in cutter.append(chunk) { dispatch(block) }
/// }
/// if let last = cutter.finish() { dispatch(last) }
/// ```
struct LineBlockCutter {
    /// The size at which a block is cut, at the last line feed it holds.
    let blockSize: Int
    /// The bytes read and not yet in a block.
    private var pending: [UInt8] = []
    /// How far `pending` is known to hold no line feed.
    private var searched = 0
    /// Whether a line longer than a block is cut into pieces rather than held whole.
    private let splitsLongLines: Bool
    private var numbering: LineBlockNumbering

    /// A cutter whose first block starts at `offset` and `line` of the whole input.
    init(blockSize: Int, offset: Int = 0, line: Int = 1, splitsLongLines: Bool = true) {
        self.blockSize = max(blockSize, 1)
        self.splitsLongLines = splitsLongLines
        numbering = LineBlockNumbering(offset: offset, line: line)
    }

    /// The size of the last chunk appended.
    private(set) var lastChunkCount = 0

    /// Whether the last chunk was shorter than a read asks for: the input paused (a pipe or a
    /// download waiting for its writer), or ended.
    var inputPaused: Bool { lastChunkCount < JSONInput.chunkSize }

    /// Takes the next bytes of the input; returns the blocks they complete.
    mutating func append(_ chunk: some Sequence<UInt8>) -> [JSONLineBlock] {
        let before = pending.count
        if chunk.withContiguousStorageIfAvailable({ pending.append(contentsOf: $0) }) == nil {
            pending.append(contentsOf: chunk)
        }
        lastChunkCount = pending.count - before
        var blocks: [JSONLineBlock] = []
        while pending.count >= blockSize {
            if let block = cut() {
                blocks.append(block)
            } else if splitsLongLines {
                // A block without a line feed: a piece of a line longer than a block.
                blocks.append(makeBlock(taking: pending.count, endsInsideLine: true))
            } else {
                break
            }
        }
        return blocks
    }

    /// The lines read so far as a block, when the input paused (a read returned less than was
    /// asked for: a pipe or a download waiting for its writer): their values then reach the
    /// output without waiting for a whole block.
    mutating func cutAtPause() -> JSONLineBlock? {
        cut()
    }

    /// The rest of the input as the last block, if anything is left.
    mutating func finish() -> JSONLineBlock? {
        guard !pending.isEmpty else { return nil }
        return makeBlock(taking: pending.count, endsInsideLine: false)
    }

    /// The block up to the last line feed of `pending`, if it holds one.
    private mutating func cut() -> JSONLineBlock? {
        guard let end = LineBreaks.endOfLastLine(in: pending[searched...]) else {
            searched = pending.count
            return nil
        }
        return makeBlock(taking: end, endsInsideLine: false)
    }

    /// The first `count` bytes of `pending` as the next block.
    private mutating func makeBlock(taking count: Int, endsInsideLine: Bool) -> JSONLineBlock {
        var bytes = pending
        pending = Array(bytes[count...])
        pending.reserveCapacity(blockSize + JSONInput.chunkSize)
        bytes.removeSubrange(count...)
        searched = 0
        return numbering.block(of: bytes, endsInsideLine: endsInsideLine)
    }
}
