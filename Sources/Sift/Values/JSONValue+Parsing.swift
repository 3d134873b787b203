extension JSONValue {
    /// Parses one JSON document.
    ///
    /// The input must hold exactly one value: ``JSONParserOptions/allowsMultipleValues`` is
    /// ignored here (use `parseAll(_:options:)` for NDJSON).
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Data(#"{"a":[1,2]}"#.utf8))
    /// value["a"]?[1]?.intValue // 2
    /// ```
    public init(parsing bytes: some Sequence<UInt8>, options: JSONParserOptions = JSONParserOptions())
        throws(JSONParseError)
    {
        var options = options
        options.allowsMultipleValues = false
        let tokenizer = JSONTokenizer(options: options, handler: JSONValueBuilder(validatedUTF8: options))
        try tokenizer.feed(bytes)
        try tokenizer.finish()
        guard let value = tokenizer.handler.values.first else {
            // Unreachable: a finished parse of one document has delivered its value.
            throw JSONParseError(
                kind: .incompleteInput, message: "unexpected end of input: no JSON value",
                location: SourceLocation(offset: tokenizer.bytesConsumed, line: 1, column: 1))
        }
        self = value
    }

    /// Parses one JSON document held in a string.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: #"[true, null]"#)
    /// ```
    public init(parsing string: String, options: JSONParserOptions = JSONParserOptions()) throws(JSONParseError) {
        try self.init(parsing: string.utf8, options: options)
    }

    /// Parses every value of a stream of concatenated or newline-delimited documents (NDJSON),
    /// in order; input with no value at all (empty, or only whitespace) gives an empty array.
    ///
    /// ```swift
    /// let lines = try JSONValue.parseAll(Data("{\"a\":1}\n{\"a\":2}\n".utf8))
    /// lines.count // 2
    /// ```
    public static func parseAll(
        _ bytes: some Sequence<UInt8>, options: JSONParserOptions = JSONParserOptions()
    ) throws(JSONParseError) -> [JSONValue] {
        if let result = bytes.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(JSONParseError) in try parseAll(buffer: UnsafeRawBufferPointer(buffer), options: options)
            }
        }) {
            return try result.get()
        }
        let copy = Array(bytes)
        return try copy.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parseAll(buffer: buffer, options: options) }
        }.get()
    }

    /// Parses every value of a string of concatenated or newline-delimited documents.
    ///
    /// ```swift
    /// let values = try JSONValue.parseAll("1 2 [3]") // [1, 2, [3]]
    /// ```
    public static func parseAll(_ string: String, options: JSONParserOptions = JSONParserOptions())
        throws(JSONParseError) -> [JSONValue]
    {
        try parseAll(string.utf8, options: options)
    }

    private static func parseAll(buffer: UnsafeRawBufferPointer, options: JSONParserOptions) throws(JSONParseError)
        -> [JSONValue]
    {
        var options = options
        options.allowsMultipleValues = true
        let tokenizer = JSONTokenizer(options: options, handler: JSONValueBuilder(validatedUTF8: options))
        do {
            try tokenizer.feed(raw: buffer)
            try tokenizer.finish()
        } catch {
            // yajl reports input without any value as truncated; for a stream it is just empty.
            if error.kind == .incompleteInput, tokenizer.handler.values.isEmpty,
                tokenizer.handler.depth == 0, buffer.allSatisfy(Self.isWhitespace)
            {
                return []
            }
            throw error
        }
        return tokenizer.handler.values
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension JSONValueBuilder {
    /// A builder for the events of a tokenizer with `options`.
    fileprivate init(validatedUTF8 options: JSONParserOptions) {
        self.init()
        textIsValidUTF8 = options.validatesUTF8
    }
}
