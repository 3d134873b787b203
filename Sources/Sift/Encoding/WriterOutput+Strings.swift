extension WriterOutput {
    /// Appends `bytes` as a JSON string: in quotes, with `"` and `\` escaped, the control
    /// characters U+0000 to U+001F written as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00XX` (upper-case
    /// hex), `/` as `\/` when `escapesSlashes`, and every other byte as is (DEL, non-ASCII
    /// text and, unvalidated, invalid UTF-8 alike).
    ///
    /// Runs without escapes are found eight bytes at a time and copied whole. A string that
    /// fits the block even if every byte needed six is written straight into it.
    final func appendString(_ bytes: UnsafeRawBufferPointer, escapesSlashes: Bool) {
        let count = bytes.count
        guard let base = bytes.baseAddress else {
            append("\"\"")
            return
        }
        let budget = room &- 2
        if budget >= 0 && count <= budget / 6 {
            appendStringInPlace(base, count, escapesSlashes: escapesSlashes)
            return
        }
        append(UInt8(ascii: "\""))
        var start = 0
        while start < count {
            let end = Self.escapeIndex(base, from: start, count: count, escapesSlashes: escapesSlashes)
            append(base + start, end &- start)
            guard end < count else { break }
            let length = Self.writeEscape(base.load(fromByteOffset: end, as: UInt8.self), to: scratch)
            append(scratch, length)
            start = end &+ 1
        }
        append(UInt8(ascii: "\""))
    }

    /// Writes the string into the block, which has room for its worst case.
    @inline(__always)
    private final func appendStringInPlace(_ base: UnsafeRawPointer, _ count: Int, escapesSlashes: Bool) {
        let out = Self.writeString(base, count, to: staging + staged, escapesSlashes: escapesSlashes)
        staged = out - staging
    }

    /// The most bytes ``writeString(_:_:to:escapesSlashes:)`` writes for `count` bytes: six
    /// for each, and the quotes.
    @inline(__always)
    static func worstCaseStringLength(_ count: Int) -> Int { count &* 6 &+ 2 }

    /// Writes `count` bytes at `base` as a JSON string (see ``appendString(_:escapesSlashes:)``)
    /// at `out`, which has room for ``worstCaseStringLength(_:)`` bytes; returns the byte after it.
    @inline(__always)
    static func writeString(
        _ base: UnsafeRawPointer, _ count: Int, to start: UnsafeMutableRawPointer, escapesSlashes: Bool
    ) -> UnsafeMutableRawPointer {
        var out = start
        out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        out += 1
        var start = 0
        while start < count {
            let end = escapeIndex(base, from: start, count: count, escapesSlashes: escapesSlashes)
            out.copyMemory(from: base + start, byteCount: end &- start)
            out += end &- start
            guard end < count else { break }
            out += writeEscape(base.load(fromByteOffset: end, as: UInt8.self), to: out)
            start = end &+ 1
        }
        out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
        return out + 1
    }

    /// The index of the first byte at or after `start` that needs an escape, or `count`.
    @inline(__always)
    static func escapeIndex(_ base: UnsafeRawPointer, from start: Int, count: Int, escapesSlashes: Bool) -> Int {
        var index = start
        while true {
            while index &+ 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if wordNeedsEscape(word, escapesSlashes: escapesSlashes) { break }
                index &+= 8
            }
            // The eight bytes with an escape, or the tail.
            let end = min(index &+ 8, count)
            while index < end {
                if byteNeedsEscape(base.load(fromByteOffset: index, as: UInt8.self), escapesSlashes: escapesSlashes) {
                    return index
                }
                index &+= 1
            }
            if index >= count { return count }
        }
    }

    /// Whether any of the eight bytes in `word` needs an escape (exact, no false alarms).
    @inline(__always)
    static func wordNeedsEscape(_ word: UInt64, escapesSlashes: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20, or one equal to `"` or `\` (a zero byte after the XOR).
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        var found = control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        if escapesSlashes {
            let slash = word ^ (ones &* 0x2F)
            found |= (slash &- ones) & ~slash
        }
        return found & highBits != 0
    }

    @inline(__always)
    static func byteNeedsEscape(_ byte: UInt8, escapesSlashes: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (escapesSlashes && byte == UInt8(ascii: "/"))
    }

    /// Writes the escape of `byte` (2 or 6 bytes) at `out`; returns its length.
    @inline(__always)
    static func writeEscape(_ byte: UInt8, to out: UnsafeMutableRawPointer) -> Int {
        out.storeBytes(of: UInt8(ascii: "\\"), as: UInt8.self)
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): short = byte
        case 0x08: short = UInt8(ascii: "b")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0D: short = UInt8(ascii: "r")
        default:
            let hex: StaticString = "0123456789ABCDEF"
            let digits = hex.utf8Start
            out.storeBytes(of: UInt8(ascii: "u"), toByteOffset: 1, as: UInt8.self)
            out.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 2, as: UInt8.self)
            out.storeBytes(of: UInt8(ascii: "0"), toByteOffset: 3, as: UInt8.self)
            out.storeBytes(of: digits[Int(byte >> 4)], toByteOffset: 4, as: UInt8.self)
            out.storeBytes(of: digits[Int(byte & 0x0F)], toByteOffset: 5, as: UInt8.self)
            return 6
        }
        out.storeBytes(of: short, toByteOffset: 1, as: UInt8.self)
        return 2
    }
}
