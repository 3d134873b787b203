/// Cuts the elements of one array of a document into blocks of whole elements, reading the
/// document from just after the array's `[`: a block is cut at the first comma between elements
/// once it holds `blockSize` bytes, and at the array's `]`.
///
/// The commas and the `]` are found by ``ArrayStructureScanner``, which never takes a byte
/// inside a string for structure and checks nothing else: each block is parsed by a tokenizer
/// that sees every byte of it, between a `[` and a `]` of its own. If every block parses, the
/// elements are valid and are the document's, separated by the commas between the blocks; a
/// block that does not parse fails where one tokenizer reading the document fails, since the
/// blocks before it parsed. What the blocks cannot see is checked here: a block with no element
/// (`[1,,2]` cut between the commas, `[1,]`) is ``Cut/invalid``, as is the rest of a document
/// that ends inside the array.
///
/// ```swift
/// var cutter = ArrayElementCutter(reader: reader, blockSize: 1 << 21, buffers: ArrayBlockBuffers(limit: 5, largest: 1 << 23))
/// while case .elements(let bytes, let first, _) = try cutter.next() { dispatch(bytes, first) }
/// ```
struct ArrayElementCutter {
    /// What ``next()`` cut.
    enum Cut {
        /// Whole elements: their bytes, the index of the first in the array, and how many.
        case elements([UInt8], firstElement: Int, count: Int)
        /// The bytes from the block being cut to what was read, which hold an error (or end where
        /// the document ends, `atEnd`), as the first element's.
        case invalid([UInt8], firstElement: Int, atEnd: Bool)
        /// The array ended: the bytes before its `]` that no block holds (the blanks of an
        /// empty array), and the bytes read from its `]` on, the rest to be read.
        case end(blank: [UInt8], rest: [UInt8])
    }

    private let reader: ArrayInputReader
    private let blockSize: Int
    /// Where the array of each block comes from.
    private let buffers: ArrayBlockBuffers
    private var scanner = ArrayStructureScanner()
    /// The bytes read and not yet cut: the block being cut, from its start.
    private var buffer: [UInt8] = []
    /// The commas between elements in the block being cut.
    private var commas = 0
    /// The index of the block's first element in the array.
    private var nextElement = 0
    /// Where the array's `]` is, once the block before it was cut.
    private var arrayEnd: Int?

    /// How much is read at a time: small, so that what follows a cut, copied into the next
    /// block, is small.
    static let readSize = 1 << 18

    init(reader: ArrayInputReader, blockSize: Int, buffers: ArrayBlockBuffers) {
        self.reader = reader
        self.blockSize = max(blockSize, 1)
        self.buffers = buffers
        buffer = buffers.take(capacity: self.blockSize + Self.readSize)
    }

    /// The next block; ``Cut/end(blank:rest:)`` once the array ended.
    mutating func next() throws(JSONParseError) -> Cut {
        if let arrayEnd { return .end(blank: [], rest: Array(buffer[arrayEnd...])) }
        while true {
            let isLast = reader.isAtEnd
            // The commas before the block size are counted by the scanner.
            let event = buffer.withUnsafeBufferPointer {
                scanner.next(in: $0, isLast: isLast, commasFrom: blockSize, passed: &commas)
            }
            switch event {
            case .comma(let index):
                commas += 1
                return cut(to: index, elements: commas, next: index + 1)
            case .end(let index):
                let isEmptyArray = nextElement == 0 && commas == 0 && isBlank(0..<index)
                if isEmptyArray { return .end(blank: Array(buffer[..<index]), rest: Array(buffer[index...])) }
                arrayEnd = index
                return cut(to: index, elements: commas + 1, next: index)
            case .needsMore:
                if isLast { return invalid() }
                _ = try reader.read(upTo: Self.readSize, appendingTo: &buffer)
            }
        }
    }

    /// The block up to `end` (a comma or the `]`), holding `elements`; the next block starts at
    /// `next`.
    private mutating func cut(to end: Int, elements: Int, next: Int) -> Cut {
        // The tokenizers see a block with no element as an empty array.
        if isBlank(0..<end) { return invalid() }
        // The block keeps the buffer; what follows the cut starts the next one.
        var bytes = buffer
        buffer = buffers.take(capacity: blockSize + Self.readSize)
        buffer.append(contentsOf: bytes[next...])
        bytes.removeSubrange(end...)
        let first = nextElement
        nextElement += elements
        commas = 0
        scanner.dropFirst(next)
        if let end = arrayEnd { arrayEnd = end - next }
        return .elements(bytes, firstElement: first, count: elements)
    }

    /// What was read from the block being cut on: the bytes that hold the error.
    private mutating func invalid() -> Cut {
        arrayEnd = nil
        return .invalid(buffer, firstElement: nextElement, atEnd: reader.isAtEnd)
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        buffer[range].allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }
}
