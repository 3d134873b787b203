/// A ``MatchProgram`` running with a consumer, as the handler of a ``JSONTokenizer``: for a
/// builder that feeds a tokenizer itself, or puts the matcher inside a handler of its own.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: program.matcher(Titles()))
/// try tokenizer.feed(Array(#"{"body":[{"title":"a"}]}"#.utf8))
/// try tokenizer.finish()
/// tokenizer.handler.consumer.titles  // ["a"]
/// ```
///
/// It asks the tokenizer to skip what no path enters: a handler that wraps it sees only the
/// events it asked for. Copies share the consumer.
public struct MatchHandler<Consumer: MatchConsumer>: JSONEventHandler {
    @usableFromInline var matcher: PathMatcher<Consumer>

    init(paths: CompiledPaths, consumer: Consumer) {
        matcher = PathMatcher(paths: paths, receiver: consumer)
    }

    /// The consumer, with whatever it built so far.
    ///
    /// ```swift
    /// let root = tokenizer.handler.consumer.root
    /// ```
    public var consumer: Consumer {
        get { matcher.receiver }
        nonmutating _modify { yield &matcher.receiver }
    }

    /// Handles one token.
    ///
    /// ```swift
    /// try handler.handle(event, context: context)  // from a handler of your own
    /// ```
    @inlinable
    public mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try matcher.handle(event, context: context)
    }
}

extension MatchProgram {
    /// A handler that runs the program with `consumer`, for a tokenizer fed by hand.
    ///
    /// ```swift
    /// let tokenizer = JSONTokenizer(options: options, handler: program.matcher(Titles()))
    /// ```
    public func matcher<Consumer: MatchConsumer>(_ consumer: Consumer) -> MatchHandler<Consumer> {
        MatchHandler(paths: paths, consumer: consumer)
    }

    /// Runs the program over a whole input and returns the consumer with what it built.
    ///
    /// Throws ``JSONParseError`` for invalid input; an error the consumer threw reaches the
    /// caller unchanged (``JSONParseError/consumerThrownError``).
    ///
    /// ```swift
    /// let titles = try program.run(.file("feed.json"), consumer: Titles()).titles
    /// ```
    @inlinable  // the tokenizer's call of the handler is specialised in the caller's module
    public func run<Consumer: MatchConsumer>(
        _ input: JSONInput, consumer: Consumer, options: JSONParserOptions = JSONParserOptions()
    ) throws -> Consumer {
        let tokenizer = JSONTokenizer(options: options, handler: matcher(consumer))
        try JSONParseError.unwrappingConsumerErrors { try tokenizer.parse(input) }
        return tokenizer.handler.consumer
    }

    /// Runs the program over an asynchronous sequence of byte chunks (a download, a pipe) and
    /// returns the consumer with what it built.
    ///
    /// ```swift
    /// let titles = try await program.run(chunks: response.body, consumer: Titles()).titles
    /// ```
    @inlinable  // the tokenizer's call of the handler is specialised in the caller's module
    public func run<Consumer: MatchConsumer, Chunks: AsyncSequence>(
        chunks: Chunks, consumer: Consumer, options: JSONParserOptions = JSONParserOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Consumer where Chunks.Element: Sequence<UInt8> {
        let tokenizer = JSONTokenizer(options: options, handler: matcher(consumer))
        do {
            var iterator = chunks.makeAsyncIterator()
            while try await tokenizer.feedNextChunk(of: &iterator, isolation: isolation) {
                if tokenizer.isStopped { break }
            }
            try tokenizer.finish()
        } catch let error as JSONParseError {
            throw error.consumerThrownError
        }
        return tokenizer.handler.consumer
    }

    /// What the consumer hands out (``JSONElementOutlet/yield(_:)``) as an `AsyncSequence`: the
    /// chunks are read only as fast as the elements are consumed.
    ///
    /// `consumer` makes the consumer of each iteration, given the outlet it yields to.
    ///
    /// ```swift
    /// for try await item in program.elements(in: response.body, consumer: { ItemBuilder(outlet: $0) }) {
    ///     print(item)
    /// }
    /// ```
    public func elements<Element, Consumer: MatchConsumer & SendableMetatype, Chunks: AsyncSequence>(
        in chunks: Chunks, options: JSONParserOptions = JSONParserOptions(),
        consumer: @escaping @Sendable (JSONElementOutlet<Element>) -> Consumer
    ) -> JSONElementStream<Element, MatchHandler<Consumer>, Chunks> where Chunks.Element: Sequence<UInt8> {
        let paths = paths
        return JSONElementStream(chunks: chunks, options: options) { outlet in
            MatchHandler(paths: paths, consumer: consumer(outlet))
        }
    }

    /// What the consumer hands out over an input, as an `AsyncSequence` (see
    /// `elements(in:options:consumer:)`); a parse error names the input's file.
    ///
    /// ```swift
    /// for try await item in program.elements(in: .file("items.json"), consumer: { ItemBuilder(outlet: $0) }) {
    ///     print(item)
    /// }
    /// ```
    public func elements<Element, Consumer: MatchConsumer & SendableMetatype>(
        in input: JSONInput, options: JSONParserOptions = JSONParserOptions(),
        consumer: @escaping @Sendable (JSONElementOutlet<Element>) -> Consumer
    ) -> JSONElementStream<Element, MatchHandler<Consumer>, JSONInputChunks> {
        var stream = elements(in: JSONInputChunks(input), options: options, consumer: consumer)
        stream.explain = { input.explaining($0) }
        return stream
    }
}
