#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Counting line breaks as the tokenizer counts them (LF, CR and CRLF each one break), fast: a
/// `memchr` loop over the line feeds, and a byte loop only over input that holds a carriage
/// return.
///
/// The cost is one pass over the bytes at `memchr` speed (several GB/s): ``JSONLinePipeline``
/// counts each block to number the next one's lines, and `sift query --shard` counts the bytes
/// before its shard.
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
    /// pieces counts once).
    struct Counter {
        /// The breaks counted so far.
        private(set) var count = 0
        /// Whether the last piece ended with a CR.
        private var endsWithCarriageReturn = false

        mutating func add(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            let bytes = buffer.bindMemory(to: UInt8.self)
            // The CR that ended the last piece was counted alone; with this LF it is one break.
            if endsWithCarriageReturn && bytes[0] == 0x0A { count -= 1 }
            endsWithCarriageReturn = bytes[bytes.count - 1] == 0x0D
            count += LineBreaks.occurrences(of: 0x0A, in: base, count: buffer.count)
            guard memchr(base, 0x0D, buffer.count) != nil else { return }
            // A CR followed by LF is one break, already counted with the LF.
            for index in bytes.indices where bytes[index] == 0x0D {
                if index + 1 == bytes.count || bytes[index + 1] != 0x0A { count += 1 }
            }
        }
    }

    /// The number of `byte`s in the `count` bytes at `base`.
    static func occurrences(of byte: UInt8, in base: UnsafeRawPointer, count: Int) -> Int {
        var found = 0
        var position = base
        var remaining = count
        while remaining > 0, let hit = memchr(position, Int32(byte), remaining) {
            found += 1
            let next = UnsafeRawPointer(hit) + 1
            remaining -= next - position
            position = next
        }
        return found
    }

    /// The index just past the last line feed of `bytes`, or nil when there is none.
    static func endOfLastLine(in bytes: ArraySlice<UInt8>) -> Int? {
        bytes.lastIndex(of: 0x0A).map { $0 + 1 }
    }
}
