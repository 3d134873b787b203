import Sift

/// An error thrown by a caller's closure while parsing, rethrown unchanged at the API boundary.
struct HubCallbackError: Error {
    let error: any Error
}

/// Runs the parses behind the public entry points.
enum HubParse {
    /// Parses a whole input into the raw root view model (not normalized, no generated identifiers).
    static func run(
        _ input: JSONInput, schema: HubSchema, options: JSONParserOptions,
        streamBody: ((ComponentModel) throws -> Void)? = nil
    ) throws -> ViewModel {
        let tokenizer = JSONTokenizer(
            options: options,
            handler: HubDocumentHandler(
                compiled: schema.compiled, options: options, streamBody: streamBody))
        try unwrappingCallbackErrors { try tokenizer.parse(input) }
        return tokenizer.handler.root
    }

    /// Parses an asynchronous sequence of chunks into the raw root view model.
    static func run<Chunks: AsyncSequence>(
        chunks: Chunks, schema: HubSchema, options: JSONParserOptions,
        streamBody: ((ComponentModel) throws -> Void)? = nil
    ) async throws -> ViewModel where Chunks.Element: Sequence<UInt8> {
        let tokenizer = JSONTokenizer(
            options: options,
            handler: HubDocumentHandler(
                compiled: schema.compiled, options: options, streamBody: streamBody))
        do {
            try await tokenizer.parse(chunks)
        } catch let error as JSONParseError {
            throw unwrapped(error)
        }
        return tokenizer.handler.root
    }

    static func unwrappingCallbackErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as JSONParseError {
            throw unwrapped(error)
        }
    }

    /// A caller's own error instead of the parse error wrapping it.
    static func unwrapped(_ error: JSONParseError) -> any Error {
        if let callback = error.underlyingError as? HubCallbackError { return callback.error }
        return error
    }

    /// The finished form of a parsed root: duplicates merged, identifiers generated.
    ///
    /// The parameter is consumed, so that its component lists are normalized in place rather than
    /// copied.
    static func finished(_ raw: consuming ViewModel) -> ViewModel {
        var viewModel = consume raw
        viewModel.normalize()
        GeneratedIdentifiers.assign(in: &viewModel)
        return viewModel
    }
}
