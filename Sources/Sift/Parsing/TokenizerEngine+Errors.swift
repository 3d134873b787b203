/// An error as the engine keeps it: everything of a ``JSONParseError`` plus a source excerpt that
/// may still grow as later input arrives.
struct TokenizerFailure {
    var kind: JSONParseError.Kind
    var message: String
    var location: SourceLocation
    var path: JSONNodePath
    var underlying: (any Error)?
    var excerpt: SourceExcerpt?
    /// Where the input had been read to when the error was found.
    var readPosition: Int
    /// A ``JSONParseError`` a handler threw that did not come from this tokenizer: passed on as is.
    var foreign: JSONParseError?

    var error: JSONParseError {
        if let foreign { return foreign }
        let rendered = excerpt?.rendered
        return JSONParseError(
            kind: kind, message: message, location: location, path: path,
            sourceLine: rendered?.line, excerptColumn: rendered?.column ?? location.column,
            underlyingError: underlying)
    }

    /// Whether `error` is this failure as it was thrown earlier.
    func describes(_ error: JSONParseError) -> Bool {
        error.kind == kind && error.message == message && error.location == location && error.path == path
    }
}

extension TokenizerEngine {
    /// Builds a failure located at `offset`.
    ///
    /// `readPosition` is how far the input had been read (it bounds the bytes every split of the input
    /// has at hand); `pathAnchor`, when given, is where the offending token starts, used to tell a
    /// missing element or key from the current one.
    func makeFailure(
        _ kind: JSONParseError.Kind, _ message: String, offset: Int, readPosition: Int,
        pathAnchor: Int?, underlying: (any Error)?
    ) -> TokenizerFailure {
        let state = state.pointee
        let end = pathAnchor.map { state.pathEnd(forErrorAt: $0, readPosition: readPosition) } ?? .current
        return TokenizerFailure(
            kind: kind, message: message, location: state.location(of: offset),
            path: state.path(levels: state.depth, end: end), underlying: underlying,
            excerpt: excerpt(at: offset, readPosition: readPosition), readPosition: readPosition)
    }

    /// The excerpt for an error at `offset`, from the bytes every split has at hand.
    private func excerpt(at offset: Int, readPosition: Int) -> SourceExcerpt? {
        let state = state.pointee
        let windowStart = max(readPosition - TokenizerState.historyCapacity, 0)
        guard offset >= windowStart, offset <= readPosition else { return nil }
        var lineStart = offset
        while lineStart > windowStart, let byte = state.byte(at: lineStart - 1, readPosition: readPosition),
            byte != 0x0A, byte != 0x0D
        {
            lineStart -= 1
        }
        var start = max(lineStart, offset - SourceExcerpt.bytesBefore)
        while start < offset, let byte = state.byte(at: start, readPosition: readPosition), byte & 0xC0 == 0x80 {
            start += 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(readPosition - start + SourceExcerpt.bytesAfter)
        for position in start..<readPosition {
            guard let byte = state.byte(at: position, readPosition: readPosition) else { return nil }
            bytes.append(byte)
        }
        return SourceExcerpt(bytes: bytes, caret: offset - start)
    }

    /// Builds, records and throws a failure.
    func fail(
        _ kind: JSONParseError.Kind, _ message: String, offset: Int, readPosition: Int, pathAnchor: Int?
    ) throws(JSONParseError) {
        var failure = makeFailure(
            kind, message, offset: offset, readPosition: readPosition, pathAnchor: pathAnchor, underlying: nil)
        if readPosition >= state.pointee.chunkStart + state.pointee.chunkCount, state.pointee.chunkBase == nil {
            failure.excerpt?.close()  // at the end of the input
        }
        try fail(recorded: failure)
    }

    /// A byte the screen rejected (form feed, vertical tab, invalid UTF-8).
    ///
    /// Inside a string, the path is the string's: it is anchored at the string's opening quote.
    func fail(screenProblem problem: ByteScreen.Problem, at offset: Int) throws(JSONParseError) {
        let anchor = openQuote(before: offset) ?? offset
        try fail(problem.kind, problem.message, offset: offset, readPosition: offset + 1, pathAnchor: anchor)
    }

    /// A lexical error: yajl stopped at (or just after) the offending byte.
    func failLexical(message: String, consumed: Int) throws(JSONParseError) {
        let state = state.pointee
        let position = state.chunkStart + consumed
        if message == "invalid char in json text" {
            // yajl stops just after the character it rejects.
            let offset = max(position - 1, 0)
            try fail(.invalidSyntax, message, offset: offset, readPosition: offset + 1, pathAnchor: offset)
        }
        // yajl stops on the offending byte.
        let readPosition = min(position + 1, state.chunkEnd)
        let anchor: Int
        if message.contains("inside a string") || message.contains("inside string") {
            anchor = openQuote(before: position) ?? position
        } else if message.hasPrefix("probable comment") {
            anchor = position
        } else {
            anchor = state.failedWordStart(containing: position - 1, readPosition: readPosition)
        }
        try fail(.invalidSyntax, message, offset: position, readPosition: readPosition, pathAnchor: anchor)
    }

    /// A parse error: yajl stopped just after the offending token (or, for "trailing garbage",
    /// inside it, where its lexer failed).
    func failParse(message: String, consumed: Int) throws(JSONParseError) {
        let state = state.pointee
        if message == "after key and value, inside map, I expect ',' or '}'" {
            let (start, end) = offendingTokenAfterValue(consumed: consumed)
            try fail(.invalidSyntax, message, offset: start, readPosition: end, pathAnchor: start)
        }
        let end = state.chunkStart + consumed
        let start =
            message == "trailing garbage"
            ? trailingTokenStart(stoppedAt: end, atInputEnd: false) : offendingTokenStart(stoppedAt: end)
        try fail(.invalidSyntax, message, offset: start, readPosition: end, pathAnchor: start)
    }

    /// Errors found by `yajl_complete_parse`: the input ended too early, or (without multiple
    /// values) a token after the value.
    func failAtEnd(message: String, isParseError: Bool) throws(JSONParseError) {
        let state = state.pointee
        let end = state.chunkStart
        if isParseError, message == "trailing garbage" {
            let start = trailingTokenStart(stoppedAt: end, atInputEnd: true)
            try fail(.invalidSyntax, message, offset: start, readPosition: end, pathAnchor: start)
        }
        let insideString = endsInsideString
        let insideComment = options.allowsComments && screen.isInsideBlockComment
        let noValue =
            message == "premature EOF" && state.depth == 0 && state.valuesCompleted == 0
            && !insideString && !insideComment
        if noValue, options.allowsMultipleValues {
            return  // a stream of no values (empty NDJSON) is fine
        }
        let detail =
            insideString
            ? "unexpected end of input inside a string"
            : insideComment
                ? "unexpected end of input inside a comment"
                : noValue ? "unexpected end of input: no JSON value" : "unexpected end of input"
        let quote = options.allowsComments ? screen.lastQuote : state.lastQuote
        let anchor =
            insideString ? quote : insideComment || isParseError ? end : unfinishedWordStart(endingAt: end)
        try fail(.incompleteInput, detail, offset: end, readPosition: end, pathAnchor: anchor)
    }

    /// Where the path of an error at the input's end is anchored when yajl's lexer failed there: at
    /// the start of the number or literal the input ends in (`2.` in `[1,2.`), which yajl held in
    /// its lexer buffer and never delivered, so that the path names that token's element, not
    /// the one before it; at the end when the input ends in no such token.
    private func unfinishedWordStart(endingAt end: Int) -> Int {
        let state = state.pointee
        guard let last = state.byte(at: end - 1, readPosition: end), TokenizerState.isWordByte(last) else {
            return end
        }
        return state.failedWordStart(containing: end - 1, readPosition: end)
    }

    /// yajl moves its offset back by the token's length for this one error (by its length without
    /// quotes for a string, to the chunk's start when the token began in an earlier chunk):
    /// recover the offending token's bounds.
    private func offendingTokenAfterValue(consumed: Int) -> (start: Int, end: Int) {
        let state = state.pointee
        let quote = UInt8(ascii: "\"")
        let reported = state.chunkStart + consumed
        var start: Int
        var isString: Bool
        if longToken.resumedStart >= 0, state.eventCount == state.eventCountAtChunkStart {
            // A long token ended in this chunk and nothing was delivered: it is the offending
            // token (yajl, which lexed only its end, located it by a length it never saw).
            start = longToken.resumedStart
            isString = longToken.isString
        } else if let opening = offendingStringStart(stoppedAt: reported) {
            // The reported offset is two bytes into the string, or the chunk's start.
            start = opening
            isString = true
        } else if consumed == 0, state.eventCount == state.eventCountAtChunkStart, let pending = pendingWordStart() {
            // Nothing was delivered in this chunk and yajl's lexer held a number or literal at its
            // start: the offending token began in an earlier chunk.
            start = pending
            isString = false
        } else {
            // The reported offset is the token's first byte. Cut the run of word bytes into
            // tokens as yajl lexed them, with the bytes up to it (`true1` is `true` then `1`).
            isString = false
            start = reported
            if let byte = state.byte(at: reported), TokenizerState.isWordByte(byte) {
                start = state.wordStart(containing: reported, readPosition: reported + 1)
            }
        }
        // The token ends in this chunk: find its end.
        var end = max(start + 1, state.chunkStart)
        if isString {
            var escaped = start < state.chunkStart && state.trailingBackslashes % 2 == 1
            if start >= state.chunkStart { end = start + 1 }
            while let byte = state.byte(at: end) {
                end += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == quote {
                    break
                }
            }
        } else if let first = state.byte(at: start), TokenizerState.isWordByte(first) {
            end = state.wordRunEnd(from: max(start, state.chunkStart))
            // A short token followed by more word bytes (`0` in `00`) ends where yajl lexed it,
            // not where the run ends: the run may go on past the chunk, and how far it reaches
            // into the chunk would depend on the split.
            let bound = start + TokenizerState.historyCapacity
            let lexed = state.wordTokenEnd(from: start, readPosition: bound)
            if lexed < bound - 1 { end = min(end, lexed) }
        }
        return (start, end)
    }

    /// The first byte of the token yajl failed at, given where it stopped (just after the
    /// token, or inside it where its lexer failed): one rule for every error that names the
    /// token after a value, whole or in pieces.
    func offendingTokenStart(stoppedAt end: Int) -> Int {
        offendingStringStart(stoppedAt: end) ?? state.pointee.tokenStart(endingAt: end, readPosition: end)
    }

    /// The first byte of the number or literal that yajl's lexer held at the chunk's start (it
    /// ran to the end of the previous chunk), if there is one.
    ///
    /// The run of word bytes is cut into tokens with the bytes of this chunk in view too: the
    /// token goes on here, and read only up to the chunk's start it would look shorter
    /// (`94.5E+` without its `2`) and start later. A literal that ends the previous chunk was
    /// delivered there (yajl looks no further), a number never is (it may go on).
    private func pendingWordStart() -> Int? {
        let state = state.pointee
        let chunkStart = state.chunkStart
        guard chunkStart > 0, let previous = state.byte(at: chunkStart - 1), TokenizerState.isWordByte(previous)
        else { return nil }
        let start = state.wordStart(containing: chunkStart - 1, readPosition: state.wordRunEnd(from: chunkStart))
        let literalLength = state.byte(at: start).map(Self.literalLength(startingWith:)) ?? 0
        return literalLength > 0 && start + literalLength == chunkStart ? nil : start
    }

    /// The first byte of the token after a complete value (yajl's "trailing garbage"), given where
    /// yajl's lexer stopped: just after the token, or inside it where it failed (the byte it
    /// refused, or the one after it), or, at the end of the input, the input's end.
    ///
    /// As ``offendingTokenStart(stoppedAt:)``, but for a slash that opens no comment, which yajl
    /// stops on when comments are not allowed, and reads one byte past when they are.
    ///
    /// Without comments, a slash at `end` is where yajl stopped only when nothing but whitespace
    /// lies between the value and it; when yajl stopped just after another token (`*` in `[] */`,
    /// `]` in `[]]/`), that token is the garbage, and the slash after it only happens to be at hand
    /// in this chunk (a split just before it must name the same byte).
    func trailingTokenStart(stoppedAt end: Int, atInputEnd: Bool) -> Int {
        let state = state.pointee
        if options.allowsComments {
            var screen = screen
            if let base = state.chunkBase, !atInputEnd, end - 1 > state.chunkStart {
                screen.followStrings(over: base, count: end - 1 - state.chunkStart, start: state.chunkStart)
            }
            if screen.lexState == .slash { return atInputEnd ? end - 1 : end - 2 }
        } else if openQuote(before: end) == nil, state.byte(at: end) == UInt8(ascii: "/"),
            end == state.lastValueEnd || state.byte(at: end - 1).map(TokenizerState.isWhitespace) == true
        {
            return end
        }
        return offendingTokenStart(stoppedAt: end)
    }

    /// The opening quote of the offending token, when it is a string yajl stopped in or just
    /// after.
    ///
    /// The offending token is never delivered, and only whitespace (or comments) separates it
    /// from the last token that was: its quotes are the unescaped ones (outside comments) after the
    /// close of the last string delivered, its opening one and, if it ended, its closing one.
    /// Both are found from the tokenizer's own bookkeeping, never from bytes that only some
    /// splits of the input keep.
    func offendingStringStart(stoppedAt end: Int) -> Int? {
        guard let last = openQuote(before: end) else { return nil }
        if last >= state.pointee.chunkStart, let opening = openQuote(before: last) { return opening }
        return last
    }

    /// The last unescaped quote before `offset` (in the chunk or before it) when it lies after the
    /// last string delivered: the opening quote of the string `offset` is in, or the closing one
    /// of a string not delivered yet.
    func openQuote(before offset: Int) -> Int? {
        let state = state.pointee
        var quote = options.allowsComments ? screen.lastQuote : state.lastQuote
        if let base = state.chunkBase, offset > state.chunkStart {
            let count = min(offset, state.chunkEnd) - state.chunkStart
            if options.allowsComments {
                // Quotes inside comments are not string boundaries.
                var screen = screen
                screen.followStrings(over: base, count: count, start: state.chunkStart)
                quote = screen.lastQuote
            } else if let index = state.lastUnescapedQuote(in: base, before: count) {
                quote = state.chunkStart + index
            }
        }
        return quote >= 0 && quote > state.lastStringClose ? quote : nil
    }

    /// A container opened past the depth limit: stores the error and tells yajl to stop.
    func depthExceeded() -> Bool {
        let start = currentTokenStart(tokenLength: 1)
        pendingFailure = makeFailure(
            .depthLimitExceeded,
            "more than \(state.pointee.maximumDepth) nested arrays and objects",
            offset: start, readPosition: start + 1, pathAnchor: nil, underlying: nil)
        return false
    }

    /// The failure for an error a handler threw while handling the current token.
    func failure(thrownBy error: any Error, tokenLength: Int) -> TokenizerFailure {
        if let parseError = error as? JSONParseError {
            if let made = lastContextFailure, made.describes(parseError) { return made }
            let end = currentTokenEnd
            var foreign = makeFailure(
                parseError.kind, parseError.message, offset: parseError.location.offset, readPosition: end,
                pathAnchor: nil, underlying: parseError.underlyingError)
            foreign.excerpt = nil
            foreign.foreign = parseError
            return foreign
        }
        return contextFailure(String(describing: error), tokenLength: tokenLength, underlying: error)
    }

    /// A consumer error located at the current token.
    func contextFailure(_ message: String, tokenLength: Int, underlying: (any Error)?) -> TokenizerFailure {
        let start = currentTokenStart(tokenLength: tokenLength)
        let failure = makeFailure(
            .consumerError, message, offset: start, readPosition: max(currentTokenEnd, start),
            pathAnchor: nil, underlying: underlying)
        lastContextFailure = failure
        return failure
    }
}
