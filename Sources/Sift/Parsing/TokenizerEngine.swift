internal import CYajl

/// Owns one `yajl_handle` and turns its callbacks into ``JSONEvent``s.
///
/// The callbacks table sits at a stable heap address (yajl keeps the pointer); the context
/// pointer is ``link``, which holds this object unretained; per-token state is behind ``state``.
/// A callback that must stop stores ``pendingFailure`` (or sets the state's `stopRequested`) and
/// returns 0; ``feed(_:)`` throws the stored error once `yajl_parse` has returned. While a
/// container nobody takes is skipped in an input held whole, the table holds CYajl's skipping
/// callbacks instead (see `TokenizerEngine+Skipping.swift`).
///
/// The handler is generic, the engine is not: ``JSONTokenizer``'s inlinable initializer hands
/// over a closure made in the caller's module, so the one indirect call per token lands in code
/// specialised for the concrete handler type.
@usableFromInline
final class TokenizerEngine {
    @usableFromInline let state: UnsafeMutablePointer<TokenizerState>
    /// The handler, type-erased; typed again by ``deliverEvent``.
    @usableFromInline let handler: UnsafeMutableRawPointer
    private let deliverEvent: (TokenizerEngine, JSONEvent, Int) -> Bool
    private let destroyHandler: (UnsafeMutableRawPointer) -> Void
    let callbacks: UnsafeMutablePointer<yajl_callbacks>
    /// yajl's context pointer: this engine, the table, and the skipping callbacks' counters.
    let link: UnsafeMutablePointer<sift_skip>
    private(set) var handle: yajl_handle!
    let options: JSONParserOptions

    /// Checks bytes before yajl sees them (form feeds, UTF-8, comments); its state is the one at
    /// the start of the chunk being parsed.
    var screen: ByteScreen

    /// Set by a callback that stops the parse with an error.
    var pendingFailure: TokenizerFailure?
    /// The last error made by ``JSONEventContext/error(_:underlying:)``, so that a handler that
    /// throws it gets the complete excerpt.
    var lastContextFailure: TokenizerFailure?
    private(set) var isStopped = false
    private(set) var isFinished = false
    private var isParsing = false
    /// The error that ended the parse; every later call throws it again.
    private(set) var failure: TokenizerFailure? {
        didSet {
            failureError = nil
            hasFailed = failure != nil
        }
    }
    /// Whether ``failure`` is set (cheaper to test on every chunk than the optional itself).
    private var hasFailed = false
    /// ``failure`` as thrown, built once its excerpt is complete.
    private var failureError: JSONParseError?

    /// The error to throw for ``failure``.
    private func currentFailureError(_ failure: TokenizerFailure) -> JSONParseError {
        if let failureError { return failureError }
        let error = failure.error
        if failure.excerpt?.isComplete ?? true { failureError = error }
        return error
    }
    private var stopOffset: Int?

    /// The input is parsed as one chunk (an in-memory input): every offset of it can be located
    /// until the parse ends, and a skipped container's bytes can be parsed again.
    var holdsWholeInput = false
    /// yajl is parsing the current chunk's bytes from `yajlStart` (not a bridge, not a replay,
    /// not the end of the input): its offset may be moved (see `TokenizerEngine+Members`).
    var isParsingChunk = false
    /// Whether members a handler does not take may be passed (``MemberPassing``).
    let passesMembers = MemberPassing.isEnabled
    /// While the handler still runs on an object's start event whose members were passed: the
    /// absolute offset just past the `{` (yajl's offset has moved on); -1 otherwise.
    var movedTokenEnd = -1
    /// A member chain the handler asked for in the start event being delivered (a
    /// `sift_member_chain`), read once the event returns; and whether its events are being
    /// delivered (see `TokenizerEngine+Chains`).
    var pendingChain: UnsafeRawPointer?
    var isReadingChain = false

    /// The absolute offset of the container skipped with the skipping callbacks, -1 when none
    /// is, and how many containers were open with it.
    var fastSkipStart = -1
    var fastSkipDepth = 0
    /// How many bytes of the current chunk yajl was given (the screen may hold back the rest).
    var parsedCount = 0
    /// The chunk index of the first byte yajl was given (past a byte order mark).
    var yajlStart = 0
    /// A string or number that runs past its chunk, followed without yajl.
    ///
    /// Stored behind a pointer: the callbacks read it on every string, key and number, and a
    /// class's stored `var` would cost a dynamic exclusivity check on each of those reads.
    var longToken: LongToken {
        unsafeAddress { UnsafePointer(longTokenStorage) }
        unsafeMutableAddress { longTokenStorage }
    }
    private let longTokenStorage: UnsafeMutablePointer<LongToken>
    /// The handler keeps no value (``ValueDiscardingHandler``): long values are never kept.
    @usableFromInline var discardsValues = false
    /// How many bytes of a byte order mark begin the input so far; -1 once past it.
    var byteOrderMarkRead = 0
    /// The scan of skipped containers: its level and what it keeps between containers.
    let skipScan: UnsafeMutablePointer<SkipScanState>
    /// What tests count (see ``EngineDiagnostics``).
    var diagnostics = EngineDiagnostics()
    /// Whether the callbacks rebuild a skipped container's bookkeeping (nothing is delivered),
    /// through `replayHandle`, fed from the chunk's byte at `replayBase`.
    var isReplaying = false
    var replayHandle: yajl_handle?
    var replayBase = 0

    /// Where the input being retained starts (absolute offset), -1 when none is.
    var retainStart = -1
    /// The retained input of earlier chunks, from `retainStart` on.
    var retained: UnsafeMutableRawPointer?
    var retainedCount = 0
    var retainedCapacity = 0

    @usableFromInline
    init(
        options: JSONParserOptions,
        handler: UnsafeMutableRawPointer,
        deliver: @escaping (TokenizerEngine, JSONEvent, Int) -> Bool,
        destroy: @escaping (UnsafeMutableRawPointer) -> Void
    ) {
        self.options = options
        self.handler = handler
        self.deliverEvent = deliver
        self.destroyHandler = destroy
        screen = ByteScreen(validatesUTF8: options.validatesUTF8, followsComments: options.allowsComments)
        skipScan = .allocate(capacity: 1)
        skipScan.initialize(to: SkipScanState(level: SkipScanLevel.current))
        longTokenStorage = .allocate(capacity: 1)
        longTokenStorage.initialize(to: LongToken())
        state = .allocate(capacity: 1)
        state.initialize(to: TokenizerState(maximumDepth: max(options.maximumDepth, 1)))
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.makeCallbacks())
        link = .allocate(capacity: 1)
        link.initialize(
            to: sift_skip(
                engine: Unmanaged.passUnretained(self).toOpaque(), table: callbacks, delivering: callbacks.pointee,
                depth: 0, room: 0,
                depth_exceeded: { engine in
                    // swift-format-ignore: NeverForceUnwrap
                    // The link always holds its engine.
                    Unmanaged<TokenizerEngine>.fromOpaque(engine!)._withUnsafeGuaranteedRef {
                        $0.depthExceededWhileSkipping()
                    }
                }))
        handle = makeHandle()
    }

    /// A yajl handle on this engine's callbacks and options.
    func makeHandle() -> yajl_handle {
        let handle = yajl_alloc(callbacks, nil, link)
        sift_yajl_config_flag(handle, yajl_allow_comments, options.allowsComments ? 1 : 0)
        // The screen validates UTF-8 more strictly than yajl, everywhere in the input.
        sift_yajl_config_flag(handle, yajl_dont_validate_strings, 1)
        sift_yajl_config_flag(handle, yajl_allow_multiple_values, options.allowsMultipleValues ? 1 : 0)
        // swift-format-ignore: NeverForceUnwrap
        // yajl_alloc fails only when memory is exhausted.
        return handle!
    }

    deinit {
        destroyHandler(handler)
        retained?.deallocate()
        longToken.deallocate()
        longTokenStorage.deinitialize(count: 1)
        longTokenStorage.deallocate()
        yajl_free(handle)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        link.deinitialize(count: 1)
        link.deallocate()
        skipScan.pointee.deallocate()
        skipScan.deinitialize(count: 1)
        skipScan.deallocate()
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Delivers one event; returns false to stop the parse (after storing an error or a stop).
    ///
    /// An event inside a container the handler skips goes to its sink instead, if it has one.
    @inline(__always)
    func deliver(_ event: JSONEvent, tokenLength: Int) -> Bool {
        if state.pointee.depth >= state.pointee.skipFrom {
            if isReplaying { return true }
            if let sink = state.pointee.sink {
                sink._withUnsafeGuaranteedRef { deliver(event, to: $0) }
            } else {
                switch event {
                case .startObject, .startArray:
                    // A container inside a skipped one that is followed token by token (in a
                    // stream, past the chunk the skipped one began in): the scan may pass it.
                    beginFastSkip()
                default: break
                }
            }
            return true
        }
        return deliverEvent(self, event, tokenLength) && !state.pointee.stopRequested
    }

    /// Records an error thrown by the handler; the parse stops and `feed` throws it.
    @usableFromInline
    func recordHandlerError(_ error: any Error, tokenLength: Int) {
        pendingFailure = failure(thrownBy: error, tokenLength: tokenLength)
    }

    /// Bytes fed and parsed so far (up to the stop or the error).
    var bytesConsumed: Int { stopOffset ?? state.pointee.chunkStart }

    /// Whether an error's source excerpt still waits for the bytes that follow it.
    var failureNeedsMoreInput: Bool { hasFailed && !(failure?.excerpt?.isComplete ?? true) }

    // MARK: Feeding

    func feed(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) {
        precondition(!isParsing, "JSONTokenizer.feed called from inside its own event handler")
        if hasFailed, var failure {
            // The error stands; later bytes only complete its source excerpt.
            if failureNeedsMoreInput {
                failure.excerpt?.append(contentsOf: buffer.assumingMemoryBound(to: UInt8.self))
                self.failure = failure
            }
            throw currentFailureError(failure)
        }
        guard !isStopped else { return }
        precondition(!isFinished, "JSONTokenizer.feed called after finish()")
        guard let raw = buffer.baseAddress, buffer.count > 0 else { return }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = buffer.count

        // One SIMD pass for line feeds, carriage returns and form feeds; the screen adds
        // vertical tabs and UTF-8.
        let scan = sift_scan_chunk(base, count)
        var screen = self.screen
        let problem = screen.firstProblem(
            in: base, count: count, start: state.pointee.chunkStart, mayHaveFormFeed: scan.has_form_feed != 0)
        let parsedCount = problem?.index ?? count

        state.pointee.chunkBase = base
        state.pointee.chunkEndPointer = base + count
        state.pointee.chunkCount = count
        state.pointee.chunkHasCarriageReturn = scan.has_carriage_return != 0
        var status = yajl_status_ok
        yajlStart =
            byteOrderMarkRead >= 0 ? try passByteOrderMark(base, count: parsedCount, isCut: parsedCount < count) : 0
        var yajlEnd = parsedCount
        longToken.resumedStart = -1
        longToken.resumedEnd = -1
        let resumesLongToken = longToken.isActive
        if resumesLongToken, !continueLongToken(base, count: parsedCount) { yajlEnd = 0 }
        if yajlEnd > yajlStart {
            isParsing = true
            self.parsedCount = parsedCount
            // Both memos name containers by their index in this chunk.
            skipScan.pointee.stoppedCount = 0
            skipScan.pointee.needleStoppedCount = 0
            isParsingChunk = true
            status = yajl_parse(handle, base + yajlStart, parsedCount - yajlStart)
            isParsingChunk = false
            isParsing = false
            // Stopped (an error, or the end of the input) inside a container skipped without
            // bookkeeping: rebuild it while the bytes are at hand.
            if fastSkipStart >= 0 { replayFastSkip(through: parsedCount) }
        }
        if resumesLongToken, !longToken.isActive { longToken.end() }
        if status != yajl_status_ok {
            try fail(status: status, atEnd: false)
            return  // stopped by the handler
        }
        if let problem {
            try fail(screenProblem: problem.problem, at: state.pointee.chunkStart + problem.index)
        }
        self.screen = screen
        if options.allowsComments { state.pointee.lastQuote = screen.lastQuote }
        if !holdsWholeInput, !longToken.isActive, parsedCount == count { beginLongToken(base, count: count) }
        if retainStart >= 0 {
            let from = max(retainStart - state.pointee.chunkStart, 0)
            appendRetained(UnsafeRawPointer(base + from), count: count - from)
        }
        state.pointee.preserveKeys()
        state.pointee.advance(
            over: base, count: count, lineFeeds: scan.line_feeds, hasCarriageReturn: scan.has_carriage_return != 0,
            tracksQuotes: !options.allowsComments)
        state.pointee.chunkBase = nil
        state.pointee.chunkEndPointer = nil
        state.pointee.chunkCount = 0
    }

    func finish() throws(JSONParseError) {
        precondition(!isParsing, "JSONTokenizer.finish called from inside its own event handler")
        if hasFailed, var failure {
            if failureNeedsMoreInput {
                failure.excerpt?.close()
                self.failure = failure
            }
            throw currentFailureError(failure)
        }
        guard !isStopped, !isFinished else { return }
        state.pointee.chunkBase = nil
        state.pointee.chunkEndPointer = nil
        state.pointee.chunkCount = 0
        // The input ended inside what began as a byte order mark.
        if byteOrderMarkRead > 0 { try failByteOrderMark() }
        isParsing = true
        if longToken.isActive { resumeYajl() }
        let status = yajl_complete_parse(handle)
        longToken.end()
        isParsing = false
        if status != yajl_status_ok {
            try fail(status: status, atEnd: true)
            return
        }
        try checkEnd()
        isFinished = true
    }

    /// Whether the input ends inside a string that yajl has not reported.
    var endsInsideString: Bool {
        options.allowsComments ? screen.isInsideString : state.pointee.lastQuote > state.pointee.lastStringClose
    }

    /// yajl accepts an unterminated string or comment after a complete value; JSON does not.
    private func checkEnd() throws(JSONParseError) {
        let end = state.pointee.chunkStart
        if endsInsideString {
            let quote = options.allowsComments ? screen.lastQuote : state.pointee.lastQuote
            if options.allowsMultipleValues {
                try fail(
                    .incompleteInput, "unexpected end of input inside a string", offset: end, readPosition: end,
                    pathAnchor: quote)
            }
            try fail(.invalidSyntax, "trailing garbage", offset: quote, readPosition: end, pathAnchor: quote)
        }
        if options.allowsComments, screen.isInsideBlockComment {
            try fail(
                .incompleteInput, "unexpected end of input inside a comment", offset: end, readPosition: end,
                pathAnchor: end)
        }
    }

    private func fail(status: yajl_status, atEnd: Bool) throws(JSONParseError) {
        if status == yajl_status_client_canceled {
            state.pointee.stopRequested = false
            if let pendingFailure {
                self.pendingFailure = nil
                failure = pendingFailure
                try fail(recorded: pendingFailure)
            }
            // The handler asked to stop: the rest of the input is never read.
            stopOffset = state.pointee.chunkStart + yajlOffset
            isStopped = true
            return
        }
        var text = "syntax error"
        if let raw = yajl_get_error(handle, 0, nil, 0) {
            text = String(cString: raw)
            yajl_free_error(handle, raw)
        }
        let isParseError = text.hasPrefix("parse error")
        let message = Self.cleanMessage(text)
        if atEnd {
            try failAtEnd(message: message, isParseError: isParseError)
        } else if isParseError {
            try failParse(message: message, consumed: yajlOffset)
        } else {
            try failLexical(message: message, consumed: yajlOffset)
        }
    }

    /// Records and throws a failure.
    func fail(recorded: TokenizerFailure) throws(JSONParseError) {
        var recorded = recorded
        if let base = state.pointee.chunkBase, recorded.excerpt != nil {
            // The rest of the chunk may complete the excerpt.
            let from = min(max(recorded.readPosition - state.pointee.chunkStart, 0), state.pointee.chunkCount)
            recorded.excerpt?.append(
                contentsOf: UnsafeBufferPointer(start: base + from, count: state.pointee.chunkCount - from))
        }
        failure = recorded
        throw currentFailureError(recorded)
    }

    /// yajl's messages carry a category prefix and a trailing newline.
    static func cleanMessage(_ text: String) -> String {
        var message = Substring(text)
        while let last = message.last, last.isWhitespace { message.removeLast() }
        for prefix in ["lexical error: ", "parse error: "] where message.hasPrefix(prefix) {
            message.removeFirst(prefix.count)
        }
        if message.hasSuffix(".") { message.removeLast() }
        return String(message)
    }

    // MARK: Locating the current token

    /// The absolute offset just past the token being delivered.
    var currentTokenEnd: Int {
        guard state.pointee.chunkBase != nil else { return state.pointee.chunkStart }
        if movedTokenEnd >= 0 { return movedTokenEnd }
        if let replayHandle { return state.pointee.chunkStart + replayBase + yajl_get_bytes_consumed(replayHandle) }
        return state.pointee.chunkStart + yajlOffset
    }

    /// The chunk index yajl has parsed to.
    var yajlOffset: Int { yajlStart + yajl_get_bytes_consumed(handle) }

    /// The absolute offset of the first byte of the token being delivered.
    ///
    /// `tokenLength` is the raw length when known, or -1 for strings and keys, whose opening quote is
    /// searched for.
    func currentTokenStart(tokenLength: Int) -> Int {
        let end = currentTokenEnd
        if tokenLength >= 0 { return max(end - tokenLength, 0) }
        return state.pointee.stringStart(before: end - 1)
    }
}
