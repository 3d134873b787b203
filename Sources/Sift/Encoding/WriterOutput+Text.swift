extension WriterOutput {
    /// The most bytes ``writeCompactText(_:_:to:escapesSlashes:)`` writes for `count` bytes of
    /// text: as many, or two for each (a `/` becomes `\/`) when `escapesSlashes`.
    @inline(__always)
    static func worstCaseCompactTextLength(_ count: Int, escapesSlashes: Bool) -> Int {
        escapesSlashes ? count &* 2 : count
    }

    /// Writes the JSON text of a value that a tokenizer checked (`count` bytes at `base`) as the
    /// writer writes that value compact, at `start`, which has room for
    /// ``worstCaseCompactTextLength(_:escapesSlashes:)`` bytes; returns the byte after it, or nil
    /// for text it leaves to the value's events.
    ///
    /// Between strings, whitespace is dropped and every other byte is copied (numbers and
    /// literals are written as their text). In strings, the runs without escapes are copied
    /// whole, and each escape becomes what ``appendString(_:escapesSlashes:)`` writes for the
    /// character it stands for: `\"`, `\\` and the short escapes stay, `\/` becomes `/` (stays,
    /// when `escapesSlashes`), and `\uXXXX` becomes the character's UTF-8 bytes, or its escape
    /// for a control character, a quote or a backslash (`\u00XX` in upper-case hex). A pair of
    /// escaped surrogates is one character; a lone one, and anything a checked text cannot hold
    /// (a control character, an unknown escape, a string left open), gives nil.
    ///
    /// ```swift
    /// // {"a": "\u00e9\/"}  ->  {"a":"é/"}
    /// ```
    static func writeCompactText(
        _ base: UnsafeRawPointer, _ count: Int, to start: UnsafeMutableRawPointer, escapesSlashes: Bool
    ) -> UnsafeMutableRawPointer? {
        var out = start
        var index = 0
        while index < count {
            // Between strings: a run up to the next quote or whitespace.
            let end = tokenRunEnd(base, from: index, count: count)
            out.copyMemory(from: base + index, byteCount: end &- index)
            out += end &- index
            guard end < count else { break }
            index = end &+ 1
            // Whitespace is dropped.
            guard base.load(fromByteOffset: end, as: UInt8.self) == UInt8(ascii: "\"") else { continue }
            out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
            out += 1
            guard
                let next = writeStringContents(
                    base, from: index, count: count, to: &out, escapesSlashes: escapesSlashes)
            else { return nil }
            index = next
        }
        return out
    }

    /// Writes a string's contents from `index` (just past its opening quote) through its closing
    /// quote; returns the index after that quote, or nil (see ``writeCompactText(_:_:to:escapesSlashes:)``).
    @inline(__always)
    private static func writeStringContents(
        _ base: UnsafeRawPointer, from start: Int, count: Int, to out: inout UnsafeMutableRawPointer,
        escapesSlashes: Bool
    ) -> Int? {
        var index = start
        while true {
            let end = escapeIndex(base, from: index, count: count, escapesSlashes: escapesSlashes)
            out.copyMemory(from: base + index, byteCount: end &- index)
            out += end &- index
            guard end < count else { return nil }
            let byte = base.load(fromByteOffset: end, as: UInt8.self)
            switch byte {
            case UInt8(ascii: "\""):
                out.storeBytes(of: byte, as: UInt8.self)
                out += 1
                return end &+ 1
            case UInt8(ascii: "/"):
                // Found only when `escapesSlashes`.
                out += writeEscape(byte, to: out)
                index = end &+ 1
            case UInt8(ascii: "\\"):
                guard end &+ 1 < count else { return nil }
                guard
                    let next = writeEscapeSequence(
                        base, at: end, count: count, to: &out, escapesSlashes: escapesSlashes)
                else { return nil }
                index = next
            default:
                // A control character: never in checked text.
                return nil
            }
        }
    }

    /// Writes the escape sequence at `index` (a backslash) as the writer writes the character it
    /// stands for; returns the index after it, or nil.
    @inline(__always)
    private static func writeEscapeSequence(
        _ base: UnsafeRawPointer, at index: Int, count: Int, to out: inout UnsafeMutableRawPointer,
        escapesSlashes: Bool
    ) -> Int? {
        let escaped = base.load(fromByteOffset: index &+ 1, as: UInt8.self)
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            out.copyMemory(from: base + index, byteCount: 2)
            out += 2
            return index &+ 2
        case UInt8(ascii: "/"):
            out += writeCharacter(0x2F, to: out, escapesSlashes: escapesSlashes)
            return index &+ 2
        case UInt8(ascii: "u"):
            guard let unit = hexUnit(base, at: index &+ 2, count: count) else { return nil }
            if unit & 0xFC00 == 0xDC00 { return nil }
            guard unit & 0xFC00 == 0xD800 else {
                out += writeCharacter(unit, to: out, escapesSlashes: escapesSlashes)
                return index &+ 6
            }
            // A high surrogate: a low one must follow, escaped.
            guard index &+ 12 <= count, base.load(fromByteOffset: index &+ 6, as: UInt8.self) == UInt8(ascii: "\\"),
                base.load(fromByteOffset: index &+ 7, as: UInt8.self) == UInt8(ascii: "u"),
                let low = hexUnit(base, at: index &+ 8, count: count), low & 0xFC00 == 0xDC00
            else { return nil }
            let scalar = 0x10000 &+ ((unit &- 0xD800) << 10) &+ (low &- 0xDC00)
            out += writeCharacter(scalar, to: out, escapesSlashes: escapesSlashes)
            return index &+ 12
        default:
            return nil
        }
    }

    /// Writes the Unicode scalar `scalar` as a string's contents: its escape if it needs one,
    /// else its UTF-8 bytes; returns how many bytes it wrote.
    @inline(__always)
    private static func writeCharacter(_ scalar: UInt32, to out: UnsafeMutableRawPointer, escapesSlashes: Bool) -> Int {
        if scalar < 0x80 {
            let byte = UInt8(truncatingIfNeeded: scalar)
            if byteNeedsEscape(byte, escapesSlashes: escapesSlashes) { return writeEscape(byte, to: out) }
            out.storeBytes(of: byte, as: UInt8.self)
            return 1
        }
        if scalar < 0x800 {
            out.storeBytes(of: UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6), as: UInt8.self)
            out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F), toByteOffset: 1, as: UInt8.self)
            return 2
        }
        if scalar < 0x10000 {
            out.storeBytes(of: UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12), as: UInt8.self)
            out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F), toByteOffset: 1, as: UInt8.self)
            out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F), toByteOffset: 2, as: UInt8.self)
            return 3
        }
        out.storeBytes(of: UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18), as: UInt8.self)
        out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | (scalar >> 12) & 0x3F), toByteOffset: 1, as: UInt8.self)
        out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | (scalar >> 6) & 0x3F), toByteOffset: 2, as: UInt8.self)
        out.storeBytes(of: UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F), toByteOffset: 3, as: UInt8.self)
        return 4
    }

    /// The four hex digits at `index` as a UTF-16 code unit, or nil.
    @inline(__always)
    private static func hexUnit(_ base: UnsafeRawPointer, at index: Int, count: Int) -> UInt32? {
        guard index &+ 4 <= count else { return nil }
        var unit: UInt32 = 0
        for offset in 0..<4 {
            let byte = base.load(fromByteOffset: index &+ offset, as: UInt8.self)
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            unit = unit << 4 | UInt32(digit)
        }
        return unit
    }

    /// The index of the first quote or whitespace byte (any byte up to a space) at or after
    /// `start`, or `count`: the end of a run of tokens that are copied as they are.
    @inline(__always)
    private static func tokenRunEnd(_ base: UnsafeRawPointer, from start: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while true {
            while index &+ 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // A byte below 0x21, or a quote (zero after the XOR): may flag more than it
                // should, never less; the bytes are then looked at one by one.
                let quote = word ^ (ones &* 0x22)
                let found = ((word &- ones &* 0x21) & ~word) | ((quote &- ones) & ~quote)
                if found & highBits != 0 { break }
                index &+= 8
            }
            let end = min(index &+ 8, count)
            while index < end {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                if byte <= 0x20 || byte == UInt8(ascii: "\"") { return index }
                index &+= 1
            }
            if index >= count { return count }
        }
    }
}
