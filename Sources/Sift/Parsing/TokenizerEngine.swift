internal import CYajl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one `yajl_handle` and turns its callbacks into ``JSONEvent``s.
///
/// The callbacks table sits at a stable heap address (yajl keeps the pointer); the context
/// pointer is this object, unretained; per-token state is behind ``state``. A callback that must
/// stop stores ``pendingError`` (or sets ``stopRequested``) and returns 0; ``feed(_:)`` throws the
/// stored error once `yajl_parse` has returned.
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
    private let callbacks: UnsafeMutablePointer<yajl_callbacks>
    private(set) var handle: yajl_handle!
    let options: JSONParserOptions

    var pendingError: JSONParseError?
    private(set) var isStopped = false
    private(set) var isFinished = false
    private var isParsing = false
    private var failure: JSONParseError?

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
        state = .allocate(capacity: 1)
        state.initialize(to: TokenizerState(maximumDepth: max(options.maximumDepth, 1)))
        callbacks = .allocate(capacity: 1)
        callbacks.initialize(to: Self.makeCallbacks())
        handle = yajl_alloc(callbacks, nil, Unmanaged.passUnretained(self).toOpaque())
        sift_yajl_config_flag(handle, yajl_allow_comments, options.allowsComments ? 1 : 0)
        sift_yajl_config_flag(handle, yajl_dont_validate_strings, options.validatesUTF8 ? 0 : 1)
        sift_yajl_config_flag(handle, yajl_allow_multiple_values, options.allowsMultipleValues ? 1 : 0)
    }

    deinit {
        destroyHandler(handler)
        yajl_free(handle)
        callbacks.deinitialize(count: 1)
        callbacks.deallocate()
        state.pointee.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Delivers one event; returns false to stop the parse (after storing an error or a stop).
    @inline(__always)
    func deliver(_ event: JSONEvent, tokenLength: Int) -> Bool {
        deliverEvent(self, event, tokenLength) && !state.pointee.stopRequested
    }

    /// Records an error thrown by the handler; the parse stops and `feed` throws it.
    @usableFromInline
    func recordHandlerError(_ error: any Error, tokenLength: Int) {
        pendingError = error as? JSONParseError
            ?? makeError(
                .consumerError, String(describing: error),
                offset: currentTokenStart(tokenLength: tokenLength), underlying: error)
    }

    /// Bytes fed so far (or up to the error).
    var bytesConsumed: Int { state.pointee.chunkStart }

    // MARK: Feeding

    func feed(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) {
        precondition(!isParsing, "JSONTokenizer.feed called from inside its own event handler")
        if let failure { throw failure }
        guard !isStopped else { return }
        precondition(!isFinished, "JSONTokenizer.feed called after finish()")
        guard let raw = buffer.baseAddress, buffer.count > 0 else { return }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = buffer.count
        // yajl reads a raw form feed as whitespace; JSON never allows it.
        let scan = sift_scan_chunk(base, count)
        let formFeed = scan.has_form_feed != 0 ? memchr(base, 0x0C, count).map { UnsafeRawPointer($0) - raw } : nil
        let parsedCount = formFeed ?? count

        state.pointee.chunkBase = base
        state.pointee.chunkEnd = base + count
        state.pointee.chunkCount = count
        isParsing = true
        let status = yajl_parse(handle, base, parsedCount)
        isParsing = false
        if status != yajl_status_ok {
            try fail(status: status, atEnd: false)
            return  // stopped by the handler
        }
        if let formFeed {
            try fail(
                JSONParseError.Kind.invalidSyntax,
                "a raw form feed (0x0C) is not allowed in JSON text",
                offset: state.pointee.chunkStart + formFeed)
        }
        endChunk(base: base, count: count, scan: scan)
    }

    func finish() throws(JSONParseError) {
        precondition(!isParsing, "JSONTokenizer.finish called from inside its own event handler")
        if let failure { throw failure }
        guard !isStopped, !isFinished else { return }
        state.pointee.chunkBase = nil
        state.pointee.chunkEnd = nil
        state.pointee.chunkCount = 0
        isParsing = true
        let status = yajl_complete_parse(handle)
        isParsing = false
        if status != yajl_status_ok {
            try fail(status: status, atEnd: true)
            return
        }
        isFinished = true
    }

    private func endChunk(base: UnsafePointer<UInt8>, count: Int, scan: sift_chunk_scan) {
        state.pointee.preserveKeys()
        state.pointee.advanceLines(
            over: base, count: count, lineFeeds: scan.line_feeds, hasCarriageReturn: scan.has_carriage_return != 0)
        state.pointee.chunkStart += count
        state.pointee.chunkBase = nil
        state.pointee.chunkEnd = nil
        state.pointee.chunkCount = 0
    }

    private func fail(status: yajl_status, atEnd: Bool) throws(JSONParseError) {
        if status == yajl_status_client_canceled {
            state.pointee.stopRequested = false
            if let pendingError {
                failure = pendingError
                throw pendingError
            }
            // The handler asked to stop: the rest of the input is never read.
            isStopped = true
            return
        }
        let consumed = atEnd ? 0 : yajl_get_bytes_consumed(handle)
        var message = "syntax error"
        if let text = yajl_get_error(handle, 0, nil, 0) {
            message = String(cString: text)
            yajl_free_error(handle, text)
        }
        message = Self.cleanMessage(message)
        if atEnd {
            if message == "premature EOF" {
                message = state.pointee.depth > 0 || state.pointee.valuesCompleted > 0
                    ? "unexpected end of input" : "unexpected end of input: no JSON value"
            } else {
                message = "unexpected end of input: \(message)"
            }
            try fail(.incompleteInput, message, offset: state.pointee.chunkStart)
        }
        let kind: JSONParseError.Kind = message.contains("UTF8") ? .invalidUTF8 : .invalidSyntax
        // yajl reports the offset just past the offending byte.
        try fail(kind, message, offset: state.pointee.chunkStart + max(consumed - 1, 0))
    }

    private func fail(_ kind: JSONParseError.Kind, _ message: String, offset: Int) throws(JSONParseError) {
        let error = makeError(kind, message, offset: offset, underlying: nil)
        failure = error
        throw error
    }

    func makeError(_ kind: JSONParseError.Kind, _ message: String, offset: Int, underlying: (any Error)?) -> JSONParseError {
        let (location, excerpt, column) = state.pointee.locate(offset)
        return JSONParseError(
            kind: kind, message: message, location: location,
            path: state.pointee.path(levels: state.pointee.depth),
            sourceLine: excerpt, excerptColumn: column, underlyingError: underlying)
    }

    /// yajl's messages carry a category prefix and a trailing newline.
    static func cleanMessage(_ text: String) -> String {
        var message = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["lexical error: ", "parse error: "] where message.hasPrefix(prefix) {
            message.removeFirst(prefix.count)
        }
        if message.hasSuffix(".") { message.removeLast() }
        return message
    }

    // MARK: Locating the current token

    /// The absolute offset just past the token being delivered.
    var currentTokenEnd: Int {
        state.pointee.chunkStart + (state.pointee.chunkBase == nil ? 0 : yajl_get_bytes_consumed(handle))
    }

    /// The absolute offset of the first byte of the token being delivered. `tokenLength` is the
    /// raw length when known, or -1 for strings and keys, whose opening quote is searched for.
    func currentTokenStart(tokenLength: Int) -> Int {
        let end = currentTokenEnd
        if tokenLength >= 0 { return max(end - tokenLength, 0) }
        let chunkStart = state.pointee.chunkStart
        guard let base = state.pointee.chunkBase else { return end }
        // Walk back from the closing quote to the opening one: a quote preceded by an even
        // number of backslashes.
        var index = end - chunkStart - 2
        while index >= 0 {
            if base[index] == UInt8(ascii: "\"") {
                var backslashes = 0
                var probe = index - 1
                while probe >= 0, base[probe] == UInt8(ascii: "\\") {
                    backslashes += 1
                    probe -= 1
                }
                if probe < 0 && backslashes > 0 { return chunkStart }
                if backslashes % 2 == 0 { return chunkStart + index }
            }
            index -= 1
        }
        return chunkStart
    }

    // MARK: Callbacks

    private static func makeCallbacks() -> yajl_callbacks {
        var table = yajl_callbacks()
        table.yajl_null = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                return engine.deliver(.null, tokenLength: 4)
            }
        }
        table.yajl_boolean = { context, value in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                return engine.deliver(.bool(value != 0), tokenLength: value != 0 ? 4 : 5)
            }
        }
        table.yajl_number = { context, text, length in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                let bytes = JSONBytes(base: UnsafeRawPointer(text).map { $0.assumingMemoryBound(to: UInt8.self) }, count: length)
                return engine.deliver(.number(bytes), tokenLength: length)
            }
        }
        table.yajl_string = { context, text, length in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                return engine.deliver(.string(JSONBytes(base: text, count: length)), tokenLength: -1)
            }
        }
        table.yajl_start_map = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                guard engine.state.pointee.push(isArray: false) else { return engine.depthExceeded() }
                return engine.deliver(.startObject, tokenLength: 1)
            }
        }
        table.yajl_map_key = { context, text, length in
            engine(context) { engine in
                engine.state.pointee.setKey(text, length)
                return engine.deliver(.key(JSONBytes(base: text, count: length)), tokenLength: -1)
            }
        }
        table.yajl_end_map = { context in
            engine(context) { engine in
                engine.state.pointee.pop()
                return engine.deliver(.endObject, tokenLength: 1)
            }
        }
        table.yajl_start_array = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                guard engine.state.pointee.push(isArray: true) else { return engine.depthExceeded() }
                return engine.deliver(.startArray, tokenLength: 1)
            }
        }
        table.yajl_end_array = { context in
            engine(context) { engine in
                engine.state.pointee.pop()
                return engine.deliver(.endArray, tokenLength: 1)
            }
        }
        return table
    }

    private func depthExceeded() -> Bool {
        pendingError = makeError(
            .depthLimitExceeded,
            "more than \(state.pointee.maximumDepth) nested arrays and objects",
            offset: currentTokenStart(tokenLength: 1), underlying: nil)
        return false
    }
}

/// Recovers the engine from yajl's context pointer without retaining it.
@inline(__always)
private func engine(_ context: UnsafeMutableRawPointer?, _ body: (TokenizerEngine) -> Bool) -> Int32 {
    Unmanaged<TokenizerEngine>.fromOpaque(context.unsafelyUnwrapped)._withUnsafeGuaranteedRef(body) ? 1 : 0
}
