extension JSONValueDecoder {
    /// Decodes `type` from `value`, an element the streaming engine captured at `path` of a
    /// document, whose first byte is at `location`.
    ///
    /// This is the hook the path engine calls for a Codable destination (each element of
    /// `$.items[*]`, say). Decoding starts at the element's place in the document, so the
    /// `DecodingError`s it throws read like `JSONDecoder`'s would for the whole document:
    ///
    /// - the coding path starts with the document path (`items`, `Index 3`, then the keys inside
    ///   the element), also for errors a type's own `init(from:)` built with a path of its own;
    /// - when `location` is known, the context's `underlyingError` is a ``JSONParseError`` of kind
    ///   ``JSONParseError/Kind/consumerError`` located at the element, with `path` and a message
    ///   naming the type and the failing coding path. An underlying error the `DecodingError`
    ///   already carried (a ``JSONNumberConversionError``, say) becomes that `JSONParseError`'s
    ///   own underlying error; one that already is a `JSONParseError` is kept as it is.
    ///
    /// Errors other than `DecodingError` (thrown by a type's own code) pass through unchanged.
    /// `location` is evaluated only for an error.
    ///
    /// ```swift
    /// // In the engine, once the element at $.items[3] has been captured as `element`:
    /// let item = try decoder.decode(Item.self, from: element, at: [.key("items"), .index(3)],
    ///                               location: elementStart)
    /// ```
    func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, at path: JSONNodePath, location: @autoclosure () -> SourceLocation?
    ) throws -> T {
        do {
            // The path's coding keys are only spelled out if someone reads them.
            let decoder = JSONValueDecoderImpl(options: self, value: value, codingPathNode: .document(path))
            return try decoder.unwrap(value, as: type, in: decoder.codingPathNode, .here)
        } catch let error as DecodingError {
            let prefix: [any CodingKey] = path.components.map(JSONCodingKey.init)
            throw error.located(prefix: prefix, path: path, location: location(), decoding: T.self)
        }
    }
}

extension DecodingError {
    /// This error with `prefix` in front of its coding path (unless it already starts with it)
    /// and, when `location` is known, a located ``JSONParseError`` as its underlying error.
    func located(
        prefix: [any CodingKey], path: JSONNodePath, location: SourceLocation?, decoding type: Any.Type
    ) -> DecodingError {
        func relocate(_ context: Context) -> Context {
            var codingPath = context.codingPath
            if !codingPath.starts(with: prefix, by: Self.sameKey) {
                codingPath = prefix + codingPath
            }
            var underlying = context.underlyingError
            if let location, !(underlying is JSONParseError) {
                let inner = Self.describe(codingPath.dropFirst(prefix.count))
                let place = inner.isEmpty ? "" : " at \(inner)"
                underlying = JSONParseError(
                    kind: .consumerError, message: "cannot decode \(type)\(place): \(context.debugDescription)",
                    location: location, path: path, underlyingError: context.underlyingError)
            }
            return Context(
                codingPath: codingPath, debugDescription: context.debugDescription, underlyingError: underlying)
        }
        return mappingContext(relocate)
    }

    /// This error with its context made by `transform` from its own.
    ///
    /// ```swift
    /// let moved = error.mappingContext { context in context }  // the same error
    /// ```
    package func mappingContext(_ transform: (Context) -> Context) -> DecodingError {
        switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, transform(context))
        case .valueNotFound(let type, let context): .valueNotFound(type, transform(context))
        case .keyNotFound(let key, let context): .keyNotFound(key, transform(context))
        case .dataCorrupted(let context): .dataCorrupted(transform(context))
        @unknown default: self
        }
    }

    private static func sameKey(_ lhs: any CodingKey, _ rhs: any CodingKey) -> Bool {
        lhs.stringValue == rhs.stringValue && lhs.intValue == rhs.intValue
    }

    /// `user.tags[2]`: keys joined by dots, indices in brackets.
    private static func describe(_ keys: ArraySlice<any CodingKey>) -> String {
        var result = ""
        for key in keys {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += (result.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return result
    }
}

extension JSONValueDecoder {
    /// Decodes `type` from the element the streaming engine captured as `tape`, as
    /// ``decode(_:from:at:location:)`` does from a ``JSONValue``.
    ///
    /// A tape captured with a ``CaptureProfile`` may have left out members the type never asked
    /// for before. When this decode asks for one of them (a miss), its result, value or error,
    /// is dropped and the element is decoded again from its raw text, captured whole; the
    /// profile has learned the new names by then, so the elements that follow keep them.
    func decode<T: Decodable>(
        _ type: T.Type, from tape: JSONTape, at path: JSONNodePath, location: @autoclosure () -> SourceLocation?
    ) throws -> T {
        do {
            return try decodeFollowingProfile(type, from: tape, at: path)
        } catch let error as DecodingError {
            let prefix: [any CodingKey] = path.components.map(JSONCodingKey.init)
            throw error.located(prefix: prefix, path: path, location: location(), decoding: T.self)
        }
    }

    private func decodeFollowingProfile<T: Decodable>(
        _ type: T.Type, from tape: JSONTape, at path: JSONNodePath
    ) throws -> T {
        guard let selection = tape.selection else { return try decodeWhole(type, from: tape, at: path) }
        let profile = selection.profile
        guard case .useDefaultKeys = keyDecodingStrategy, !profile.isDisabled else {
            // Keys converted by a strategy are not the names the capture sees: capture whole.
            profile.disable()
            var plain = tape
            plain.selection = nil
            return try decodeWhole(type, from: plain, at: path)
        }
        profile.missed = false
        do {
            let value = try decodeWhole(type, from: tape, at: path)
            if !profile.missed { return value }
        } catch {
            if !profile.missed { throw error }
        }
        profile.missed = false
        profile.recordMiss()
        // A member the type reads was left out: decode the element again, captured whole.
        guard let source = selection.source, let text = source.bytes else {
            preconditionFailure("a tape that left members out was decoded after its delivery")
        }
        var whole = try JSONTape(capturing: text, options: source.options)
        whole.selection = TapeSelection(profile: profile, generation: profile.generation, source: nil)
        return try decodeWhole(type, from: whole, at: path)
    }

    private func decodeWhole<T: Decodable>(_ type: T.Type, from tape: JSONTape, at path: JSONNodePath) throws -> T {
        let decoder = JSONTapeDecoderImpl(
            options: self, tape: tape, value: JSONTapeDecoderImpl.root(of: tape), codingPathNode: .document(path))
        return try decoder.unwrap(decoder.topValue, as: type, in: decoder.codingPathNode, .here)
    }
}

extension JSONTape {
    /// Captures the JSON value `text` whole.
    init(capturing text: UnsafeRawBufferPointer, options: JSONParserOptions) throws(JSONParseError) {
        var options = options
        options.allowsMultipleValues = false
        var recorder = Recorder()
        recorder.builder.textIsValidUTF8 = options.validatesUTF8
        let tokenizer = JSONTokenizer(options: options, handler: recorder)
        try tokenizer.feed(raw: text)
        try tokenizer.finish()
        self = tokenizer.handler.builder.tape
    }

    private struct Recorder: JSONEventHandler {
        var builder = JSONTapeBuilder()

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            _ = builder.consume(event)
        }
    }
}
