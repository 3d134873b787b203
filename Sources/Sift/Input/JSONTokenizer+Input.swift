extension JSONTokenizer {
    /// Parses a whole input: feeds every piece of it, then calls ``finish()``.
    ///
    /// Stops reading as soon as the handler calls ``JSONEventContext/stopParsing()``. After a
    /// syntax error it reads on only as far as the error's source line needs (a few bytes), then
    /// throws. A file that cannot be read throws ``JSONParseError/Kind/inputError``. JSON text that
    /// is not JSON and looks like a file name (`"home.json"`) says so in the error's message.
    ///
    /// ```swift
    /// let tokenizer = JSONTokenizer(handler: KeyCounter())
    /// try tokenizer.parse(.file("feed.json"))
    /// print(tokenizer.handler.keys)
    /// ```
    public func parse(_ input: JSONInput) throws(JSONParseError) {
        do throws(JSONParseError) {
            try parseWhole(input)
        } catch {
            throw input.explaining(error)
        }
    }

    private func parseWhole(_ input: JSONInput) throws(JSONParseError) {
        let engine = self.engine
        engine.holdsWholeInput = input.isInMemory && engine.bytesConsumed == 0
        do throws(JSONParseError) {
            try input.forEachChunk { buffer throws(JSONParseError) -> Bool in
                do throws(JSONParseError) {
                    try engine.feed(buffer)
                } catch {
                    // Read on only to finish the error's source line; then throw it.
                    guard engine.failureNeedsMoreInput else { throw error }
                    return true
                }
                return !engine.isStopped
            }
        } catch {
            guard error.kind == .inputError, engine.failure == nil else { throw engine.failure?.error ?? error }
            throw engine.relocated(inputError: error)
        }
        try engine.finish()
    }

    /// Parses an asynchronous sequence of byte chunks, such as an HTTP body or an `AsyncStream`,
    /// then calls ``finish()``.
    ///
    /// Each element may be any sequence of bytes (`[UInt8]`, `Data`, `ArraySlice<UInt8>`, a NIO
    /// `ByteBufferView`...). An error thrown by the sequence is rethrown unchanged; parse errors are
    /// ``JSONParseError``s. Stops asking for chunks as soon as the handler stops the parse. A
    /// cancelled task gets `CancellationError` before the next chunk is asked for.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    /// continuation.yield(Array(#"{"a":"#.utf8))
    /// continuation.yield(Array("[1,2]}".utf8))
    /// continuation.finish()
    /// try await tokenizer.parse(stream)
    /// ```
    public func parse<Chunks: AsyncSequence>(
        _ chunks: Chunks, isolation: isolated (any Actor)? = #isolation
    ) async throws where Chunks.Element: Sequence<UInt8> {
        var iterator = chunks.makeAsyncIterator()
        while try await feedNextChunk(of: &iterator, isolation: isolation) {
            if isStopped { return }
        }
        try finish()
    }

    /// Feeds the next chunk of `iterator`; false when the chunks have ended (``finish()`` is
    /// then due).
    ///
    /// Throws `CancellationError` when the task is cancelled (checked before each chunk) and an
    /// error of the sequence unchanged, unless a parse error is waiting for the rest of its
    /// source line: that error wins. After a parse error it reads on only as far as the error's
    /// line needs, as ``parse(_:)`` does, so every split gives the same error text.
    @usableFromInline
    package func feedNextChunk<Chunks: AsyncIteratorProtocol>(
        of iterator: inout Chunks, isolation: isolated (any Actor)?
    ) async throws -> Bool where Chunks.Element: Sequence<UInt8> {
        let chunk: Chunks.Element?
        do {
            try Task.checkCancellation()
            chunk = try await iterator.next(isolation: isolation)
        } catch {
            if let failure = engine.failure { throw failure.error }
            throw error
        }
        guard let chunk else { return false }
        do {
            try feed(chunk)
        } catch {
            guard engine.failureNeedsMoreInput else { throw error }
        }
        return true
    }
}

extension JSONTokenizer where Handler == JSONEventClosure {
    /// Calls `body` with every event of the input, in order.
    ///
    /// `body` may throw to stop: the error becomes the ``JSONParseError/underlyingError`` of a
    /// ``JSONParseError/Kind/consumerError``.
    ///
    /// ```swift
    /// try JSONTokenizer.tokenize("[1, true]") { event, _ in print(event) }
    /// // Prints:
    /// // startArray
    /// // number(1)
    /// // bool(true)
    /// // endArray
    /// ```
    public static func tokenize(
        _ input: JSONInput, options: JSONParserOptions = JSONParserOptions(),
        _ body: (JSONEvent, JSONEventContext) throws -> Void
    ) throws(JSONParseError) {
        try withoutActuallyEscaping(body) { escapable in
            Result { () throws(JSONParseError) in
                let tokenizer = JSONTokenizer(options: options, handler: JSONEventClosure(escapable))
                try tokenizer.parse(input)
            }
        }.get()
    }

    /// Checks that the input is JSON, without keeping anything of it.
    ///
    /// ```swift
    /// try JSONTokenizer.validate(.file("feed.json"))
    /// try JSONTokenizer.validate("[1,,2]") // throws: 1:4: error: invalid JSON: ...
    /// ```
    public static func validate(_ input: JSONInput, options: JSONParserOptions = JSONParserOptions())
        throws(JSONParseError)
    {
        try JSONTokenizer<IgnoringHandler>(options: options, handler: IgnoringHandler()).parse(input)
    }
}

/// A handler that accepts every event and keeps nothing, for validation.
struct IgnoringHandler: ValueDiscardingHandler {
    func handle(_ event: JSONEvent, context: JSONEventContext) {}
}

extension TokenizerEngine {
    /// An input error from the reader, located where the parse stands.
    func relocated(inputError error: JSONParseError) -> JSONParseError {
        guard error.location.offset > 0 else { return error }
        let state = state.pointee
        return JSONParseError(
            kind: .inputError, message: error.message, location: state.location(of: state.chunkStart),
            path: state.path(levels: state.depth), underlyingError: error.underlyingError)
    }
}
