internal import CYajl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Offsets, lines and token starts. Every answer here depends only on the input's bytes, never
/// on how they were split into chunks: bytes are read from the current chunk or from the
/// ``TokenizerState/historyCapacity`` bytes kept before it, and a question whose bytes are
/// outside the window that every split keeps (`readPosition - historyCapacity ..< readPosition`)
/// gets the same "unknown" answer everywhere.
extension TokenizerState {
    /// The absolute offset just past the chunk.
    var chunkEnd: Int { chunkStart + chunkCount }

    /// The byte at an absolute offset, if it is in the chunk or the history before it.
    func byte(at offset: Int) -> UInt8? {
        if offset >= chunkStart {
            guard let chunkBase, offset < chunkEnd else { return nil }
            return chunkBase[offset - chunkStart]
        }
        let back = chunkStart - offset
        guard back <= historyCount else { return nil }
        return history[historyCount - back]
    }

    /// The byte at `offset` when every split of the input would have it at hand for an event or
    /// error found at `readPosition`.
    func byte(at offset: Int, readPosition: Int) -> UInt8? {
        guard offset >= 0, offset >= readPosition - Self.historyCapacity, offset < readPosition else { return nil }
        return byte(at: offset)
    }

    // MARK: Lines

    /// The line and column of an absolute offset in (or just past) the current chunk, or of a
    /// token start before it: a token never holds a line break, so it shares the chunk's first line.
    func location(of offset: Int) -> SourceLocation {
        guard offset >= chunkStart else {
            return SourceLocation(
                offset: offset, line: lineAtChunkStart, column: max(offset - lineStartAtChunkStart + 1, 1))
        }
        let local = min(offset - chunkStart, chunkCount)
        // Matches come in document order: resume from the last position located in this chunk
        // instead of rescanning the chunk from its start for every one.
        var cursor = LineCursor(
            chunkStart: chunkStart, local: 0, line: lineAtChunkStart, lineStart: lineStartAtChunkStart,
            afterCR: pendingCR)
        if let cached = lineCursor.pointee, cached.chunkStart == chunkStart {
            if cached.local <= local {
                cursor = cached
            } else if let behind = location(of: local, behind: cached) {
                return behind
            }
        }
        if let base = chunkBase {
            var index = cursor.local
            if !chunkHasCarriageReturn {
                // Only line feeds break lines here: count them with the chunk scanner's SIMD
                // pass and find the last one, instead of walking every byte.
                if cursor.afterCR, index < local, base[index] == 0x0A {
                    // This LF completes a CRLF already counted before the chunk.
                    cursor.lineStart = chunkStart + index + 1
                    cursor.afterCR = false
                    index += 1
                }
                if index < local {
                    let lineFeeds = sift_scan_chunk(base + index, local - index).line_feeds
                    if lineFeeds > 0 {
                        cursor.line += lineFeeds
                        cursor.lineStart = chunkStart + Self.lastLineFeed(in: base, before: local) + 1
                    }
                    cursor.afterCR = false
                }
                index = local
            }
            while index < local {
                let byte = base[index]
                if byte == 0x0A {
                    if !cursor.afterCR { cursor.line += 1 }
                    cursor.lineStart = chunkStart + index + 1
                    cursor.afterCR = false
                } else if byte == 0x0D {
                    cursor.line += 1
                    cursor.lineStart = chunkStart + index + 1
                    cursor.afterCR = true
                } else {
                    cursor.afterCR = false
                }
                index += 1
            }
            cursor.local = local
            lineCursor.pointee = cursor
        }
        let absolute = chunkStart + local
        return SourceLocation(offset: absolute, line: cursor.line, column: absolute - cursor.lineStart + 1)
    }

    /// The location of `local`, an index of the chunk before the last one located (`cursor`).
    ///
    /// Counted back from there: the line feeds in between, and the last one before `local`. Nil
    /// where carriage returns make lines depend on more than line feeds.
    private func location(of local: Int, behind cursor: LineCursor) -> SourceLocation? {
        guard let base = chunkBase, !chunkHasCarriageReturn, !pendingCR else { return nil }
        let lineFeeds = local < cursor.local ? sift_scan_chunk(base + local, cursor.local - local).line_feeds : 0
        var lineStart = lineStartAtChunkStart
        let lastLineFeed = sift_last_index_of(base, local, 0x0A)
        if lastLineFeed >= 0 { lineStart = chunkStart + lastLineFeed + 1 }
        let absolute = chunkStart + local
        return SourceLocation(offset: absolute, line: cursor.line - lineFeeds, column: absolute - lineStart + 1)
    }

    // MARK: Token starts

    /// The offset of the opening quote of the string whose content includes the byte before
    /// `end` (`end` is a closing quote or a byte inside the string).
    func stringStart(before end: Int) -> Int {
        guard let base = chunkBase else { return max(lastQuote, 0) }
        if let index = lastUnescapedQuote(in: base, before: min(end, chunkEnd) - chunkStart) {
            return chunkStart + index
        }
        return max(lastQuote, 0)
    }

    /// The index of the last unescaped `"` among the chunk's first `count` bytes, from index
    /// `lower` on: a quote preceded by an even number of backslashes (outside strings JSON has no
    /// backslash, inside them they pair up from the left), counting those that ended the input
    /// before the chunk.
    func lastUnescapedQuote(in base: UnsafePointer<UInt8>, from lower: Int = 0, before count: Int) -> Int? {
        var index = count - 1
        while index >= lower {
            index = sift_last_index_of(base + lower, index - lower + 1, UInt8(ascii: "\"")) + lower
            guard index >= lower else { return nil }
            if base[index] == UInt8(ascii: "\"") {
                var backslashes = 0
                var probe = index - 1
                while probe >= 0, base[probe] == UInt8(ascii: "\\") {
                    backslashes += 1
                    probe -= 1
                }
                if probe < 0 { backslashes += trailingBackslashes }
                if backslashes % 2 == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    /// Whether `byte` can be part of a number or a literal (`true`, `false`, `null`).
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Whether yajl's lexer passes over `byte` between tokens (JSON's four whitespace bytes, and
    /// the vertical tab and form feed, which the tokenizer rejects itself before yajl sees them).
    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C: true
        default: false
        }
    }

    /// The end of the run of word bytes (``isWordByte(_:)``) from `offset` on, as far as the
    /// bytes at hand go: `offset` itself when its byte is not one.
    func wordRunEnd(from offset: Int) -> Int {
        var end = offset
        while let byte = byte(at: end), Self.isWordByte(byte) { end += 1 }
        return end
    }

    /// The start of the token that ends just before `end`: a string, a number or literal, or a
    /// single punctuation byte.
    func tokenStart(endingAt end: Int, readPosition: Int) -> Int {
        guard let last = byte(at: end - 1, readPosition: readPosition) else { return max(end - 1, 0) }
        if last == UInt8(ascii: "\"") { return stringStart(before: end - 1) }
        guard Self.isWordByte(last) else { return end - 1 }
        return wordStart(containing: end - 1, readPosition: readPosition)
    }

    /// The first byte of the number or literal that holds the byte at `offset`.
    ///
    /// A run of word bytes is cut into tokens as yajl lexes it (`01` is the number `0`, then the number
    /// `1`).
    func wordStart(containing offset: Int, readPosition: Int) -> Int {
        var start = offset
        while let byte = byte(at: start - 1, readPosition: readPosition), Self.isWordByte(byte) { start -= 1 }
        while start < offset {
            let next = wordTokenEnd(from: start, readPosition: readPosition)
            if next > offset { break }
            start = next
        }
        return start
    }

    /// The first byte of the number or literal yajl's lexer failed in, given a byte of it (the last
    /// one it read).
    ///
    /// As ``wordStart(containing:readPosition:)``, but a number cut short after its `.` or its
    /// exponent's `e` (and sign) is one token, as yajl lexes it (`2.` in `[1,2.]`, `1.5E+` in
    /// `[1.5E+`), not a number then stray bytes: the error's path names that number's element.
    func failedWordStart(containing offset: Int, readPosition: Int) -> Int {
        let start = wordStart(containing: offset, readPosition: readPosition)
        func at(_ position: Int) -> UInt8 { byte(at: position, readPosition: readPosition) ?? 0 }
        // The tail a number's lexer reads past its digits before it fails: `.`, or `e`/`E` then a sign.
        let exponentMarks = [UInt8(ascii: "e"), UInt8(ascii: "E")]
        var tail = start
        if [UInt8(ascii: "+"), UInt8(ascii: "-")].contains(at(start)), start > 0, exponentMarks.contains(at(start - 1))
        {
            tail = start - 1
        }
        let opener = at(tail)
        guard opener == UInt8(ascii: ".") || exponentMarks.contains(opener), tail > 0,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(at(tail - 1))
        else { return start }
        let number = wordStart(containing: tail - 1, readPosition: readPosition)
        guard wordTokenEnd(from: number, readPosition: readPosition) == tail else { return start }
        // The number goes on with this tail only if it has no fraction (for `.`) or exponent yet.
        for position in number..<tail {
            let byte = at(position)
            if exponentMarks.contains(byte) { return start }
            if byte == UInt8(ascii: "."), opener == UInt8(ascii: ".") { return start }
        }
        return number
    }

    /// Where the number or literal starting at `start` ends, lexed as yajl does.
    func wordTokenEnd(from start: Int, readPosition: Int) -> Int {
        func at(_ offset: Int) -> UInt8 { byte(at: offset, readPosition: readPosition) ?? 0 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var position = start
        switch at(position) {
        case UInt8(ascii: "t"), UInt8(ascii: "n"): return start + 4
        case UInt8(ascii: "f"): return start + 5
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if at(position) == UInt8(ascii: "-") { position += 1 }
            if at(position) == UInt8(ascii: "0") {
                position += 1
            } else {
                while isDigit(at(position)) { position += 1 }
            }
            if at(position) == UInt8(ascii: "."), isDigit(at(position + 1)) {
                position += 1
                while isDigit(at(position)) { position += 1 }
            }
            if at(position) == UInt8(ascii: "e") || at(position) == UInt8(ascii: "E") {
                var exponent = position + 1
                if at(exponent) == UInt8(ascii: "+") || at(exponent) == UInt8(ascii: "-") { exponent += 1 }
                if isDigit(at(exponent)) {
                    position = exponent
                    while isDigit(at(position)) { position += 1 }
                }
            }
            return max(position, start + 1)
        default:
            return start + 1
        }
    }

    /// The last byte before `offset` that is not whitespace, when it is at hand.
    func significantByte(before offset: Int, readPosition: Int) -> UInt8? {
        var probe = offset - 1
        while let byte = byte(at: probe, readPosition: readPosition) {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: probe -= 1
            default: return byte
            }
        }
        return nil
    }

    /// How an error found at `offset` names the innermost container in its path: the element
    /// after `,` or `[`, the container itself after `,` or `{` (no key yet), otherwise the current
    /// key or element.
    func pathEnd(forErrorAt offset: Int, readPosition: Int) -> PathEnd {
        guard depth > 0, let previous = significantByte(before: offset, readPosition: readPosition) else {
            return .current
        }
        let isArray = frames[depth - 1].isArray
        switch previous {
        case UInt8(ascii: ","): return isArray ? .nextElement : .container
        case UInt8(ascii: "["): return .nextElement
        case UInt8(ascii: "{"): return .container
        default: return .current
        }
    }

    // MARK: Advancing

    /// Advances lines, history and the quote bookkeeping over the whole chunk once it has been
    /// parsed.
    ///
    /// `tracksQuotes` is false when a comment-aware scanner does that instead.
    mutating func advance(
        over base: UnsafePointer<UInt8>, count: Int, lineFeeds: Int, hasCarriageReturn: Bool, tracksQuotes: Bool
    ) {
        guard count > 0 else { return }
        advanceLines(over: base, count: count, lineFeeds: lineFeeds, hasCarriageReturn: hasCarriageReturn)
        advanceQuotes(over: base, count: count, findsLastQuote: tracksQuotes)
        advanceHistory(over: base, count: count)
        chunkStart += count
        eventCountAtChunkStart = eventCount
    }

    private mutating func advanceQuotes(over base: UnsafePointer<UInt8>, count: Int, findsLastQuote: Bool) {
        if findsLastQuote, let index = lastUnescapedQuote(in: base, before: count) {
            lastQuote = chunkStart + index
        }
        var run = 0
        while run < count, base[count - 1 - run] == UInt8(ascii: "\\") { run += 1 }
        trailingBackslashes = run == count ? trailingBackslashes + run : run
    }

    private mutating func advanceHistory(over base: UnsafePointer<UInt8>, count: Int) {
        let capacity = Self.historyCapacity
        if count >= capacity {
            history.update(from: base + (count - capacity), count: capacity)
            historyCount = capacity
            return
        }
        let keep = min(historyCount, capacity - count)
        if keep > 0, keep < historyCount {
            memmove(history, history + (historyCount - keep), keep)
        }
        (history + keep).update(from: base, count: count)
        historyCount = keep + count
    }

    /// The offset of the last line feed before `end`; there must be one.
    private static func lastLineFeed(in base: UnsafePointer<UInt8>, before end: Int) -> Int {
        var last = end - 1
        while base[last] != 0x0A { last -= 1 }
        return last
    }

    private mutating func advanceLines(
        over base: UnsafePointer<UInt8>, count: Int, lineFeeds: Int, hasCarriageReturn: Bool
    ) {
        var breaks = 0
        var lastBreakEnd = -1  // local offset just after the last break
        if !hasCarriageReturn {
            breaks = lineFeeds
            if breaks > 0 { lastBreakEnd = Self.lastLineFeed(in: base, before: count) + 1 }
            if pendingCR, base[0] == 0x0A {
                // The LF completes a CRLF counted in the previous chunk.
                breaks -= 1
            }
            pendingCR = false
        } else {
            var afterCR = pendingCR
            for index in 0..<count {
                let byte = base[index]
                if byte == 0x0A {
                    if !afterCR { breaks += 1 }
                    lastBreakEnd = index + 1
                    afterCR = false
                } else if byte == 0x0D {
                    breaks += 1
                    lastBreakEnd = index + 1
                    afterCR = true
                } else {
                    afterCR = false
                }
            }
            pendingCR = afterCR
        }
        lineAtChunkStart += breaks
        if lastBreakEnd >= 0 { lineStartAtChunkStart = chunkStart + lastBreakEnd }
    }
}
