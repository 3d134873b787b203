/// Numbers the blocks cut from one input, in order: each block's index, byte offset and first
/// line in the whole input, and whether it continues a line the block before it ended inside.
///
/// ``LineBlockCutter`` and ``LineBlockFileReader`` cut blocks differently and number them alike
/// through this.
///
/// ```swift
/// var numbering = LineBlockNumbering(offset: 0, line: 1)
/// let block = numbering.block(of: bytes, endsInsideLine: false)  // index 0, offset 0, line 1
/// ```
struct LineBlockNumbering {
    /// Whether the last block ended inside a line.
    private var insideLine = false
    /// The next block's index and offset.
    private var nextIndex = 0
    private var nextOffset: Int
    /// The line of the first block, and the line breaks of the blocks so far (a CRLF split
    /// between two pieces of a line counts once).
    private let firstLine: Int
    private var lineBreaks = LineBreaks.Counter()

    /// Numbering whose first block starts at `offset` and `line` of the whole input.
    init(offset: Int, line: Int) {
        nextOffset = offset
        firstLine = line
    }

    /// `bytes`, the input's next bytes, as its next block.
    mutating func block(of bytes: [UInt8], endsInsideLine: Bool) -> JSONLineBlock {
        let block = JSONLineBlock(
            index: nextIndex, offset: nextOffset, line: firstLine + lineBreaks.count, bytes: bytes,
            startsInsideLine: insideLine, endsInsideLine: endsInsideLine)
        insideLine = endsInsideLine
        nextIndex += 1
        nextOffset += bytes.count
        bytes.withUnsafeBytes { lineBreaks.add($0) }
        return block
    }
}
