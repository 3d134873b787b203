/// Cuts the elements of one array of a document into blocks of whole elements, reading the
/// document from just after the array's `[`: each block runs from its first element's first byte
/// to its last element's last byte, and is cut once it holds `blockSize` bytes.
///
/// Element boundaries are found by ``ValueEndScan``, which checks every byte it passes; an
/// element it does not vouch for (deeper than it goes, or longer than the bytes at hand) is
/// followed by a tokenizer (``ArrayElementEndFinder``). Where neither finds a boundary (the
/// document is invalid there), the rest of what was read is one last block, ``Cut/invalid``,
/// whose parse meets the error.
///
/// ```swift
/// var cutter = ArrayElementCutter(reader: reader, offset: 24, blockSize: 1 << 21, room: 509, options: options)
/// while case .elements(let bytes, let first, let count) = try cutter.next() { dispatch(bytes, first, count) }
/// ```
struct ArrayElementCutter {
    /// What ``next()`` cut.
    enum Cut {
        /// Whole elements: their bytes, the index of the first in the array, and how many.
        case elements([UInt8], firstElement: Int, count: Int)
        /// The bytes from the first element of the block being cut to what was read, which
        /// hold an error (or end where the document ends); `atEnd`: the document ends there.
        case invalid([UInt8], firstElement: Int, atEnd: Bool)
        /// The array ended: the bytes read after its `]` (included), the rest to be read.
        case end(rest: [UInt8])
    }

    private let reader: ArrayInputReader
    private let blockSize: Int
    /// The containers that may open inside an element, under the depth limit.
    private let room: Int
    private let options: JSONParserOptions
    private let scan = ValueEndScan()
    /// The bytes read and not yet cut; `position` the next to look at.
    private var buffer: [UInt8] = []
    private var position = 0
    /// The index of the next element, and whether a value (not `]`) must come next.
    private var nextElement = 0
    private var afterComma = false
    private var ended = false

    /// How much is read at a time.
    static let readSize = 1 << 20

    init(reader: ArrayInputReader, blockSize: Int, room: Int, options: JSONParserOptions) {
        self.reader = reader
        self.blockSize = max(blockSize, 1)
        self.room = room
        self.options = options
        buffer.reserveCapacity(self.blockSize + Self.readSize)
    }

    /// The next block; ``Cut/end(rest:)`` once the array ended.
    mutating func next() throws(JSONParseError) -> Cut {
        precondition(!ended, "the array was cut to its end")
        let blockStart = position
        let firstElement = nextElement
        var firstStart = position
        var lastEnd = position
        while true {
            let start = try skipSpace(from: position)
            guard start < buffer.count else { return invalid(from: blockStart, firstElement) }
            // `]` where an element or `]` may come: right after `[`, or after the last block.
            if !afterComma && buffer[start] == UInt8(ascii: "]") { return end(at: start) }
            guard let end = try elementEnd(from: start) else { return invalid(from: blockStart, firstElement) }
            if nextElement == firstElement { firstStart = start }
            nextElement += 1
            lastEnd = end
            let separator = try skipSpace(from: end)
            guard separator < buffer.count else { return invalid(from: blockStart, firstElement) }
            switch buffer[separator] {
            case UInt8(ascii: ","):
                afterComma = true
                position = separator + 1
                if lastEnd - firstStart >= blockSize { return elements(firstStart..<lastEnd, firstElement) }
            case UInt8(ascii: "]"):
                afterComma = false
                position = separator
                return elements(firstStart..<lastEnd, firstElement)
            default:
                return invalid(from: blockStart, firstElement)
            }
        }
    }

    /// The first byte at or after `index` that is not whitespace, reading more as needed
    /// (`buffer.count` at the end of the input).
    private mutating func skipSpace(from index: Int) throws(JSONParseError) -> Int {
        var index = index
        while true {
            index = buffer.withUnsafeBufferPointer { scan.skipSpace(in: $0, from: index) }
            if index < buffer.count { return index }
            guard try readMore() else { return index }
        }
    }

    /// The index just past the element whose first byte is at `start`; nil when the document is
    /// invalid there.
    private mutating func elementEnd(from start: Int) throws(JSONParseError) -> Int? {
        while true {
            let end = buffer.withUnsafeBufferPointer { scan.end(of: $0, at: start, room: room) }
            if let end { return end }
            // Either the element goes on past the bytes at hand, or the scan leaves it to a
            // tokenizer: read on while the element may be a few times the bytes at hand.
            if buffer.count - start >= 4 * Self.readSize || reader.isAtEnd { break }
            guard try readMore() else { break }
        }
        var finder = ArrayElementEndFinder(options: options)
        var found = finder.feed(buffer[start...])
        while found == .needsMore {
            let fed = buffer.count
            found = try readMore() ? finder.feed(buffer[fed...]) : finder.finish()
        }
        guard case .end(let count) = found else { return nil }
        return start + count
    }

    /// Reads the next bytes of the input into the buffer; false at its end.
    private mutating func readMore() throws(JSONParseError) -> Bool {
        try reader.read(upTo: Self.readSize, appendingTo: &buffer)
    }

    /// The elements of `range` as a block; the bytes from `position` on are kept.
    private mutating func elements(_ range: Range<Int>, _ firstElement: Int) -> Cut {
        let bytes = Array(buffer[range])
        buffer.removeSubrange(..<position)
        position = 0
        return .elements(bytes, firstElement: firstElement, count: nextElement - firstElement)
    }

    /// What was read from `start` on, as the block that holds the error.
    private mutating func invalid(from start: Int, _ firstElement: Int) -> Cut {
        ended = true
        // Whatever comes after the error is not needed: the parse stops there.
        let first = buffer[start...].firstIndex { !Self.isSpace($0) } ?? buffer.count
        return .invalid(Array(buffer[first...]), firstElement: firstElement, atEnd: reader.isAtEnd)
    }

    /// The array ends at `index` (its `]`).
    private mutating func end(at index: Int) -> Cut {
        ended = true
        return .end(rest: Array(buffer[index...]))
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
