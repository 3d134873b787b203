internal import CYajl

/// Finds the element boundaries of an array 64 bytes at a time.
///
/// As simdjson's first stage finds structure, each block is classified by the engine's classifier (`sift_classify`, AVX2, SSE2 or
/// portable) into quotes and backslashes, the escaped bytes and then the bytes inside strings
/// follow from the masks alone, and only the brackets and commas outside strings are looked at.
/// A bracket, brace, comma or quote inside a string is never taken for structure.
///
/// The scan checks nothing else: the tokenizers that parse the blocks see every byte (see
/// ``ArrayElementCutter``).
///
/// ```swift
/// var scanner = ArrayStructureScanner()
/// let bytes = Array(#"{"a":"],"},2]"#.utf8)
/// bytes.withUnsafeBufferPointer { scanner.next(in: $0, isLast: true) }  // .comma(at: 11)
/// ```
struct ArrayStructureScanner {
    /// What comes next at the array's own level.
    enum Event: Equatable {
        /// A comma between two elements.
        case comma(at: Int)
        /// The bracket that closes the array.
        case end(at: Int)
        /// Nothing in the bytes given: more are needed.
        case needsMore
    }

    private let level = SkipScanLevel.current
    /// The containers open inside the array.
    private var depth = 0
    /// All ones when the last block ended inside a string.
    private var inString: UInt64 = 0
    /// Whether the last block's last backslash escapes the next block's first byte.
    private var escapeCarry: UInt64 = 0
    /// The structure of the block being read not yet looked at, and that block's first index.
    private var pending: UInt64 = 0
    private var pendingBase = 0

    /// The index of the first byte not classified yet.
    private(set) var scanned = 0

    /// The next comma between elements, or the array's end, in `bytes`, scanned from where the
    /// last call stopped; `isLast`: `bytes` end where the input ends (the last bytes, fewer than
    /// 64, are classified only then).
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) -> Event {
        var passed = 0
        return next(in: bytes, isLast: isLast, commasFrom: 0, passed: &passed)
    }

    /// As ``next(in:isLast:)``, but a comma between elements before the index `limit` is only
    /// counted.
    ///
    /// Such commas are added to `passed`: the next one returned is at `limit` or after it (or
    /// the array's end). A cutter looking for a block's end then gets one answer per block, not
    /// one per element.
    mutating func next(
        in bytes: UnsafeBufferPointer<UInt8>, isLast: Bool, commasFrom limit: Int, passed: inout Int
    ) -> Event {
        while true {
            while pending != 0, let base = bytes.baseAddress {
                let index = pendingBase &+ pending.trailingZeroBitCount
                pending &= pending &- 1
                switch base[index] {
                case UInt8(ascii: ","):
                    if depth == 0 {
                        if index >= limit { return .comma(at: index) }
                        passed &+= 1
                    }
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                default:
                    if depth == 0 { return .end(at: index) }
                    depth -= 1
                }
            }
            guard let base = bytes.baseAddress, scanned < bytes.count else { return .needsMore }
            if bytes.count - scanned >= 64 {
                classify(base + scanned, base: scanned)
                scanned += 64
            } else if isLast {
                var padded = [UInt8](repeating: UInt8(ascii: " "), count: 64)
                for index in scanned..<bytes.count { padded[index - scanned] = bytes[index] }
                padded.withUnsafeBufferPointer { padded in
                    if let start = padded.baseAddress { classify(start, base: scanned) }
                }
                scanned = bytes.count
            } else {
                return .needsMore
            }
        }
    }

    /// The bytes before `count` were dropped: the indices to come are `count` less.
    mutating func dropFirst(_ count: Int) {
        scanned -= count
        pendingBase -= count
    }

    /// Classifies the 64 bytes at `pointer` (the bytes from `base`): their brackets and commas
    /// outside strings become `pending`, unless the block cannot reach the array's level (fewer
    /// brackets close in it than are open before it), where only the depth is counted.
    private mutating func classify(_ pointer: UnsafePointer<UInt8>, base: Int) {
        let masks = sift_classify(pointer, level)
        let escaped = sift_escaped_bytes(masks.backslash, &escapeCarry)
        let quotes = masks.quote & ~escaped
        let inside = Self.prefixXor(quotes) ^ inString
        inString = UInt64(bitPattern: Int64(bitPattern: inside) &>> 63)
        let structure = Self.structure(pointer)
        let brackets = structure.brackets & ~inside
        let closing = brackets & ~structure.opening
        pendingBase = base
        if depth > closing.nonzeroBitCount {
            depth &+= (brackets & structure.opening).nonzeroBitCount &- closing.nonzeroBitCount
            pending = 0
        } else {
            pending = (brackets | structure.commas) & ~inside
        }
    }

    /// Bit i set when an odd number of bits at or below i are set in `mask`: the bytes from
    /// an opening quote to the byte before its closing one.
    @inline(__always)
    private static func prefixXor(_ mask: UInt64) -> UInt64 {
        var mask = mask
        mask ^= mask &<< 1
        mask ^= mask &<< 2
        mask ^= mask &<< 4
        mask ^= mask &<< 8
        mask ^= mask &<< 16
        mask ^= mask &<< 32
        return mask
    }

    /// Bit i set when byte i is a bracket (`[`, `]`, `{`, `}`), a comma, or an opening bracket,
    /// eight bytes at a time in a 64-bit word (SWAR).
    ///
    /// The four brackets are the bytes that `| 0x20` then `& ~0x06` turn into 0x79, and the
    /// opening ones have bit 1 set; `Y`, `y`, `_` and DEL also turn into 0x79, but valid JSON
    /// never has them outside strings (where they are bytes the blocks' tokenizers refuse).
    @inline(__always)
    private static func structure(
        _ pointer: UnsafePointer<UInt8>
    ) -> (brackets: UInt64, commas: UInt64, opening: UInt64) {
        let raw = UnsafeRawPointer(pointer)
        var result: (brackets: UInt64, commas: UInt64, opening: UInt64) = (0, 0, 0)
        for word in 0..<8 {
            let bytes = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 * word, as: UInt64.self))
            let bracket =
                zeroBytes(((bytes | 0x2020_2020_2020_2020) & ~0x0606_0606_0606_0606) ^ 0x7979_7979_7979_7979) &>> 7
            let comma = zeroBytes(bytes ^ 0x2C2C_2C2C_2C2C_2C2C) &>> 7
            let opening = bracket & (bytes &>> 1)
            let shift = UInt64(8 &* word)
            result.brackets |= pack(bracket) &<< shift
            result.commas |= pack(comma) &<< shift
            result.opening |= pack(opening) &<< shift
        }
        return result
    }

    /// The eight bits of `word`'s bytes, each 0 or 1 (byte k's lands on bit k).
    @inline(__always)
    private static func pack(_ word: UInt64) -> UInt64 {
        (word &* 0x0102_0408_1020_4080) &>> 56
    }

    /// 0x80 in each byte of `word` that is 0, 0 in the others (exact: no borrow crosses bytes).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }
}
