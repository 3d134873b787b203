/// The streaming tokenizer: bytes in, ``JSONEvent``s out, on top of yajl.
///
/// Feed chunks of any size as they arrive, then call ``finish()``, or hand a whole input to
/// ``parse(_:)``: any split of the input, down to single bytes, gives the same events and the
/// same errors. Beyond yajl, the tokenizer rejects what JSON forbids but yajl lets through: raw
/// form feeds and vertical tabs, invalid UTF-8 anywhere in the input, and an unterminated
/// string after a complete value. Events go to the `Handler` as
/// soon as their token is complete; their bytes are borrowed, so nothing is copied unless the
/// handler keeps it.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: JSONEventClosure { event, _ in print(event) })
/// try tokenizer.feed(Array(#"{"a":[1,"#.utf8))
/// try tokenizer.feed(Array(#"true]}"#.utf8))
/// try tokenizer.finish()
/// // Prints:
/// // startObject
/// // key("a")
/// // startArray
/// // number(1)
/// // bool(true)
/// // endArray
/// // endObject
/// ```
public final class JSONTokenizer<Handler: JSONEventHandler> {
    @usableFromInline let engine: TokenizerEngine

    /// Creates a tokenizer that sends its events to `handler`.
    ///
    /// ```swift
    /// let tokenizer = JSONTokenizer(options: JSONParserOptions(allowsComments: true),
    ///                               handler: JSONEventClosure { event, _ in print(event) })
    /// ```
    @inlinable
    public init(options: JSONParserOptions = JSONParserOptions(), handler: Handler) {
        let storage = UnsafeMutablePointer<Handler>.allocate(capacity: 1)
        storage.initialize(to: handler)
        engine = TokenizerEngine(
            options: options, handler: UnsafeMutableRawPointer(storage),
            deliver: { engine, event, tokenLength in
                let handler = engine.handler.assumingMemoryBound(to: Handler.self)
                do {
                    try handler.pointee.handle(
                        event, context: JSONEventContext(engine: engine, event: event, tokenLength: tokenLength))
                    return true
                } catch {
                    engine.recordHandlerError(error, tokenLength: tokenLength)
                    return false
                }
            },
            destroy: { raw in
                let handler = raw.assumingMemoryBound(to: Handler.self)
                handler.deinitialize(count: 1)
                handler.deallocate()
            })
        engine.discardsValues = handler is any ValueDiscardingHandler
    }

    /// The handler, with whatever it has accumulated.
    ///
    /// ```swift
    /// print(tokenizer.handler.keys)
    /// ```
    public var handler: Handler {
        get { engine.handler.assumingMemoryBound(to: Handler.self).pointee }
        _modify { yield &engine.handler.assumingMemoryBound(to: Handler.self).pointee }
    }

    /// The options the tokenizer was created with.
    ///
    /// ```swift
    /// tokenizer.options.maximumDepth // 512
    /// ```
    public var options: JSONParserOptions { engine.options }

    /// What tests count of the tokenizer's shortcuts (see ``EngineDiagnostics``).
    package var diagnostics: EngineDiagnostics { engine.diagnostics }

    /// The number of input bytes fed and parsed so far.
    ///
    /// ```swift
    /// tokenizer.bytesConsumed
    /// ```
    public var bytesConsumed: Int { engine.bytesConsumed }

    /// Whether the handler stopped the parse with ``JSONEventContext/stopParsing()``; further
    /// input is ignored.
    ///
    /// ```swift
    /// if tokenizer.isStopped { /* the handler found what it wanted */ }
    /// ```
    public var isStopped: Bool { engine.isStopped }

    /// Parses the next chunk of input.
    ///
    /// Throws ``JSONParseError`` at the first error; after an error every call throws it again.
    /// An error found near the end of a chunk may not have its whole source line yet: feeding
    /// the following input (each call throws the error again) completes its
    /// ``JSONParseError/sourceLine``, so the final error is the same however the input was split.
    /// ``parse(_:)`` does this by itself.
    ///
    /// ```swift
    /// for chunk in chunks { try tokenizer.feed(chunk) }
    /// try tokenizer.finish()
    /// ```
    public func feed(_ bytes: some Sequence<UInt8>) throws(JSONParseError) {
        let engine = self.engine
        if let result = bytes.withContiguousStorageIfAvailable({ buffer -> Result<Void, JSONParseError> in
            Result { () throws(JSONParseError) in try engine.feed(UnsafeRawBufferPointer(buffer)) }
        }) {
            try result.get()
        } else {
            let copy = Array(bytes)
            try copy.withUnsafeBytes { buffer in
                Result { () throws(JSONParseError) in try engine.feed(buffer) }
            }.get()
        }
    }

    /// Signals the end of the input: a top-level number is delivered here, and truncated input is
    /// reported as ``JSONParseError/Kind/incompleteInput``.
    ///
    /// ```swift
    /// try tokenizer.finish()
    /// ```
    public func finish() throws(JSONParseError) {
        try engine.finish()
    }

    func feed(raw buffer: UnsafeRawBufferPointer) throws(JSONParseError) {
        try engine.feed(buffer)
    }
}
