/// Tapes that hold a container's text (``JSONTape/isText``).
///
/// The text was checked by the tokenizer it came from, whose depth limit was no higher than
/// ``JSONValue/maximumDepth`` (see `MatchCapture.text`): reading it again cannot fail.
extension JSONTape {
    /// The options that read a container's text again.
    private static var textOptions: JSONParserOptions {
        var options = JSONParserOptions()
        options.maximumDepth = JSONValue.maximumDepth
        return options
    }

    /// The tape with entries for this one's value: itself, unless it holds a container's text,
    /// which is then parsed again into a new tape.
    ///
    /// ```swift
    /// let entries = tape.materialized().entries
    /// ```
    func materialized() -> JSONTape {
        guard isText else { return self }
        var reader = TapeTextReader()
        reader.builder.textIsValidUTF8 = true
        return readText(into: reader).builder.tape
    }

    /// Calls `body` with the events of the text this tape holds, as its tokenizer delivered them,
    /// with nothing kept but what the tokenizer holds: how a writer streams a long text.
    ///
    /// ```swift
    /// tape.forEachEventOfText { event in count += 1 }
    /// ```
    func forEachEventOfText(_ body: (JSONEvent) -> Void) {
        withoutActuallyEscaping(body) { body in _ = readText(into: TextEventForwarder(body: body)) }
    }

    /// The value of the text this tape holds.
    var textValue: JSONValue {
        do {
            return try JSONValue(parsing: UnsafeRawBufferPointer(bytes), options: Self.textOptions)
        } catch {
            preconditionFailure("a container's checked text did not parse again: \(error)")
        }
    }

    /// Feeds the text this tape holds to `handler`; returns the handler.
    private func readText<Handler: JSONEventHandler>(into handler: Handler) -> Handler {
        let tokenizer = JSONTokenizer(options: Self.textOptions, handler: handler)
        do {
            try tokenizer.feed(raw: UnsafeRawBufferPointer(bytes))
            try tokenizer.finish()
        } catch {
            preconditionFailure("a container's checked text did not parse again: \(error)")
        }
        return tokenizer.handler
    }
}

/// Records the events of a container's text into a tape (``JSONTape/materialized()``).
private struct TapeTextReader: JSONEventHandler {
    var builder = JSONTapeBuilder()

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        _ = builder.consume(event)
    }
}

/// Hands the events of a container's text to a closure (``JSONTape/forEachEventOfText(_:)``).
private struct TextEventForwarder: JSONEventHandler {
    let body: (JSONEvent) -> Void

    func handle(_ event: JSONEvent, context: JSONEventContext) {
        body(event)
    }
}
