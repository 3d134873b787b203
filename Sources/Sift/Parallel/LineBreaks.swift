internal import CYajl

/// Counting line breaks as the tokenizer counts them (LF, CR and CRLF each one break), fast: the
/// tokenizer's own SIMD pass over the bytes counts the line feeds and sees any carriage return,
/// and a byte loop runs only over input that holds one.
///
/// The cost is one pass over the bytes at several GB/s: ``JSONLineOutputs`` counts each block
/// to number the next one's lines, and ``JSONLineShard`` counts the bytes before its part.
///
/// ```swift
/// LineBreaks.count(in: Array("a\nb\r\nc\rd".utf8))  // 3
/// ```
public enum LineBreaks {
    /// The number of line breaks in `bytes`; a CR that ends `bytes` counts as one (the byte after
    /// it is not known).
    ///
    /// ```swift
    /// LineBreaks.count(in: Array("{}\n{}\n".utf8))  // 2
    /// ```
    public static func count(in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { count(in: $0) }
    }

    /// The number of line breaks in `buffer` (see the form that takes an array).
    ///
    /// ```swift
    /// data.withUnsafeBytes { LineBreaks.count(in: $0) }
    /// ```
    public static func count(in buffer: UnsafeRawBufferPointer) -> Int {
        var counter = Counter()
        counter.add(buffer)
        return counter.count
    }

    /// Counts the line breaks of an input given piece by piece (a CRLF split between two
    /// pieces counts once), and keeps the place of the byte after the last piece.
    struct Counter {
        /// The breaks counted so far.
        private(set) var count = 0
        /// Whether the last piece ended with a CR.
        private var endsWithCarriageReturn = false
        /// The offset, line and line start of the byte after the last piece, from `start`.
        private let start: SourceLocation
        private var offset: Int
        private var lineStart: Int

        /// A counter of pieces that start at `start` in their input.
        init(at start: SourceLocation = SourceLocation(offset: 0, line: 1, column: 1)) {
            self.start = start
            offset = start.offset
            lineStart = start.offset - start.column + 1
        }

        /// The place of the byte after the pieces counted, as the tokenizer gives it: a line
        /// starts after an LF, a CR, or the LF of a CRLF.
        var location: SourceLocation {
            SourceLocation(offset: offset, line: start.line + count, column: offset - lineStart + 1)
        }

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            let pointer = base.assumingMemoryBound(to: UInt8.self)
            let bytes = buffer.bindMemory(to: UInt8.self)
            defer { offset += buffer.count }
            // The CR that ended the last piece was counted alone; with this LF it is one break.
            if endsWithCarriageReturn && bytes[0] == 0x0A { count -= 1 }
            endsWithCarriageReturn = bytes[bytes.count - 1] == 0x0D
            let scan = sift_scan_chunk(pointer, buffer.count)
            count += scan.line_feeds
            var lastBreak = scan.line_feeds > 0 ? sift_last_index_of(pointer, buffer.count, 0x0A) : -1
            if scan.has_carriage_return != 0 {
                // A CR followed by LF is one break, already counted with the LF.
                for index in bytes.indices where bytes[index] == 0x0D {
                    if index + 1 == bytes.count || bytes[index + 1] != 0x0A { count += 1 }
                    lastBreak = max(lastBreak, index)
                }
            }
            if lastBreak >= 0 { lineStart = offset + lastBreak + 1 }
        }

        mutating func add(_ bytes: [UInt8]) {
            bytes.withUnsafeBytes { add($0) }
        }
    }

    /// The index just past the last line feed of `bytes`, or nil when there is none.
    static func endOfLastLine(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.lastIndex(of: 0x0A).map { $0 + 1 }
    }
}
