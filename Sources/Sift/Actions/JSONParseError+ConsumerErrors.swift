extension JSONParseError {
    /// The error a consumer or a callback threw, when this error only carries it
    /// (``Kind/consumerError``); else this error itself.
    ///
    /// A ``JSONValueDepthError`` is the engine's own refusal of the input (a captured value
    /// deeper than ``JSONValue/maximumDepth``), not a caller's error, so it stays inside this
    /// error, which says where the value went too deep, as `JSONValue(parsing:)` reports it.
    ///
    /// Every run of the engine (``JSONQuery``, ``MatchProgram``, ``JSONElementStream``) throws
    /// this, so that a caller's own error reaches it unchanged:
    ///
    /// ```swift
    /// do { try tokenizer.parse(input) } catch let error as JSONParseError { throw error.consumerThrownError }
    /// ```
    public var consumerThrownError: any Error {
        guard kind == .consumerError, let underlyingError, !(underlyingError is JSONValueDepthError) else {
            return self
        }
        return underlyingError
    }

    /// Runs `body`, throwing an error a consumer threw unchanged (see ``consumerThrownError``).
    @usableFromInline
    static func unwrappingConsumerErrors<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as JSONParseError {
            throw error.consumerThrownError
        }
    }
}
