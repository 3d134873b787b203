internal import CYajl

/// Strings, keys and numbers that run past their chunk, in time and memory linear in their length.
///
/// yajl keeps the part of a token that ends its chunk and lexes all of it again with every later
/// chunk. So when a chunk ends inside a string or a number that began in it, the tokenizer follows
/// the token itself (``LongToken``) through the chunks that hold nothing else, checking their bytes
/// as yajl's lexer would (`sift_token_scan`) and keeping them only when someone wants the value:
/// always for keys (an error's path names them), never for a value the handler passed over
/// (``JSONEventContext/skipValue()``), inside a skipped container, or for a handler that keeps
/// nothing. The chunk where the token ends, or where yajl would find an error in it, goes to yajl
/// as usual, after a few bytes that take yajl's lexer from where its part of the token ended to
/// where the skipped chunks left it (`sift_token_bridge`): yajl then lexes the token's end and what
/// follows at its own offsets, and every event and error is the one of a parse that gave yajl
/// every chunk. The token's value is its kept bytes, strings decoded by `sift_decode_string`.
extension TokenizerEngine {
    /// At the end of a chunk yajl parsed whole: starts following the token the chunk ends inside
    /// of, if it is a string or a number that began in this chunk.
    func beginLongToken(_ base: UnsafePointer<UInt8>, count: Int) {
        let state = state.pointee
        var start: Int
        var scanState: Int32
        if let quote = openQuoteAtChunkEnd(base, count: count) {
            start = quote
            scanState = SIFT_TOKEN_STRING
            var rest = scanState
            guard sift_token_scan(base + quote + 1, count - quote - 1, &rest) < 0 else { return }
            scanState = rest
        } else {
            guard count > 0, TokenizerState.isWordByte(base[count - 1]) else { return }
            if options.allowsComments, screen.lexState != .normal { return }
            start = count - 1
            while start > yajlStart, TokenizerState.isWordByte(base[start - 1]) { start -= 1 }
            // The run must start a token here, not go on with one yajl began in an earlier chunk,
            // unless that one was followed into this chunk and ended in it.
            let before = start > 0 ? base[start - 1] : state.byte(at: state.chunkStart - 1)
            if let before, TokenizerState.isWordByte(before) {
                if longToken.resumedEnd >= start {
                    start = longToken.resumedEnd
                } else if let end = heldLiteralEnd(base, count: count) {
                    start = end
                } else {
                    return
                }
            }
            // Cut the run into tokens as yajl lexes them (`9-9` is two numbers, `true9` a literal
            // and a number): the last one is the number that runs past the chunk.
            while true {
                let literalLength = Self.literalLength(startingWith: base[start])
                if literalLength > 0 {
                    guard start + literalLength < count else { return }
                    start += literalLength
                    continue
                }
                scanState = SIFT_TOKEN_NUMBER_START
                let end = sift_token_scan(base + start, count - start, &scanState)
                if end < 0 { break }
                guard scanState == SIFT_TOKEN_ENDED, end > 0 else { return }
                start += end
            }
        }
        let isString = scanState < SIFT_TOKEN_NUMBER_START
        longToken.begin(
            at: state.chunkStart + start, isString: isString, state: scanState,
            keepsBytes: wantsLongToken(isString: isString),
            base: base + start, count: count - start)
    }

    /// The chunk index where a literal whose first bytes end the previous chunk ends (0 when all
    /// of them do), if the chunk goes on after it.
    private func heldLiteralEnd(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        let state = state.pointee
        for literal in ["true", "false", "null"] {
            let bytes = Array(literal.utf8)
            for held in 1...bytes.count where bytes.count - held < count {
                let matches = (0..<bytes.count).allSatisfy { index in
                    index < held
                        ? state.byte(at: state.chunkStart - held + index) == bytes[index]
                        : base[index - held] == bytes[index]
                }
                if matches { return bytes.count - held }
            }
        }
        return nil
    }

    /// The length of the literal (`true`, `false`, `null`) a byte starts, 0 for any other byte:
    /// yajl lexes a literal as soon as it has its bytes, without looking further.
    static func literalLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "f"): 5
        case UInt8(ascii: "t"), UInt8(ascii: "n"): 4
        default: 0
        }
    }

    /// The chunk index of the quote that opens a string the chunk ends inside of, if it is in
    /// this chunk.
    private func openQuoteAtChunkEnd(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        let state = state.pointee
        let quote: Int
        if options.allowsComments {
            guard screen.isInsideString else { return nil }
            quote = screen.lastQuote - state.chunkStart
        } else {
            // yajl reported every string that closed in this chunk: the last unescaped quote opens
            // one when it is past the last string's close.
            guard let last = state.lastUnescapedQuote(in: base, before: count),
                state.chunkStart + last > state.lastStringClose
            else { return nil }
            quote = last
        }
        return quote >= yajlStart && quote < count ? quote : nil
    }

    /// Whether the value of a long token that is starting is wanted by anyone.
    private func wantsLongToken(isString: Bool) -> Bool {
        let state = state.pointee
        let depth = state.depth
        if isString, depth > 0, !state.frames[depth - 1].isArray, !state.memberValuePending {
            return true  // a key
        }
        if discardsValues || state.skipsNextValue { return false }
        if depth >= state.skipFrom { return state.sink != nil && depth < state.sinkSkipFrom }
        if depth > 0, state.frames[depth - 1].skipsScalarElements { return false }
        // A value after the document's end is an error whatever it holds.
        if depth == 0, state.valuesCompleted > 0, !options.allowsMultipleValues { return false }
        return true
    }

    /// Follows the long token over the `count` bytes of a chunk that yajl has not seen; true when
    /// it ends (or yajl will find an error in it) there: yajl has then been given the bytes that
    /// take its lexer to the chunk's start, and must parse the chunk.
    func continueLongToken(_ base: UnsafePointer<UInt8>, count: Int) -> Bool {
        var scanState = longToken.state
        let index = sift_token_scan(base, count, &scanState)
        guard index >= 0 else {
            longToken.read(base, count: count)
            longToken.state = scanState
            return false
        }
        let ends = scanState == SIFT_TOKEN_ENDED
        longToken.read(base, count: longToken.isString && ends ? index + 1 : index)
        if ends { longToken.resumedEnd = longToken.isString ? index + 1 : index }
        resumeYajl()
        longToken.isCompleting = ends
        return true
    }

    /// Gives yajl the bytes that take its lexer from where its part of the token ended to where
    /// the bytes read since leave the token; the token stops being followed.
    func resumeYajl() {
        longToken.isActive = false
        longToken.resumedStart = longToken.start
        var bridge: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &bridge) { raw in
            let bytes = raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
            let length = sift_token_bridge(longToken.heldState, longToken.state, bytes)
            assert(length >= 0, "no bridge between the states of one token")
            guard length > 0 else { return }
            // yajl only lexes these (the token does not end in them): no callback runs.
            _ = yajl_parse(handle, bytes, length)
        }
        longToken.isCompleting = true
    }

    /// The value of the string, key or number yajl reports: the long token's, when it is the
    /// one ending; otherwise yajl's, with lone escaped surrogates made U+FFFD.
    @inline(__always)
    func reportedValue(_ text: UnsafePointer<UInt8>?, _ count: Int, isString: Bool) -> (UnsafePointer<UInt8>?, Int) {
        if longToken.isCompleting {
            let value = longToken.takeValue()
            return (value.text, value.count)
        }
        guard isString, let base = state.pointee.chunkBase else { return (text, count) }
        // A string without escapes lies in the chunk: yajl decoded nothing.
        if let text, text >= base, text < state.pointee.chunkEndPointer.unsafelyUnwrapped { return (text, count) }
        return decodedSurrogates(text, count)
    }

    /// yajl decodes a lone escaped surrogate to `?` (high) or to the bytes of the surrogate
    /// itself (low), and pairs a high one with any escape that follows: a string that escapes a
    /// surrogate is decoded again from its text, with U+FFFD for every one that is not half of a
    /// pair.
    private func decodedSurrogates(_ text: UnsafePointer<UInt8>?, _ count: Int) -> (UnsafePointer<UInt8>?, Int) {
        let state = state.pointee
        let end = currentTokenEnd
        let quote = state.stringStart(before: end - 1)
        guard let base = state.chunkBase, quote >= state.chunkStart, end <= state.chunkEnd, end - quote >= 2 else {
            return (text, count)
        }
        let body = base + (quote + 1 - state.chunkStart)
        let bodyCount = end - quote - 2
        guard sift_has_surrogate_escape(body, bodyCount) != 0 else { return (text, count) }
        let out = longToken.scratchCopy(of: body, count: bodyCount)
        return (UnsafePointer(out), sift_decode_string(out, bodyCount))
    }

    /// The length to report for a number: the long token's, when it is the one ending.
    @inline(__always)
    func reportedNumberLength(_ length: Int) -> Int {
        longToken.isCompleting ? longToken.length : length
    }
}
