import DequeModule

/// Turns what a handler pushes while a tokenizer is fed into elements pulled one at a time: the
/// one bridge from the callbacks of a parse to an `AsyncSequence`.
///
/// Iterating reads a chunk from the upstream sequence only when every element of the chunks
/// before it has been consumed, so memory stays bounded by a chunk and the elements it
/// completes, whatever the length of the input. The parse runs on the iterating task, in its
/// isolation. An error (of the parse, of the upstream sequence, thrown by the handler, or
/// cancellation) is held until the elements completed before it are out, then thrown once;
/// after it the sequence ends. An error the handler threw reaches the caller unchanged
/// (``JSONParseError/consumerThrownError``), unless `unwrapsConsumerErrors` is false (a handler
/// that reports errors of its own through ``JSONEventContext/error(_:underlying:)``). A cancelled task gets `CancellationError`, checked
/// before each element.
///
/// ```swift
/// let strings = JSONElementStream<String, JSONEventClosure, _>(chunks: body) { outlet in
///     JSONEventClosure { event, _ in if case .string(let bytes) = event { outlet.yield(bytes.string) } }
/// }
/// for try await string in strings { print(string) }
/// ```
public struct JSONElementStream<Element, Handler: JSONEventHandler, Chunks: AsyncSequence>: AsyncSequence
where Chunks.Element: Sequence<UInt8> {
    @usableFromInline let chunks: Chunks
    @usableFromInline let options: JSONParserOptions
    @usableFromInline let makeHandler: @Sendable (JSONElementOutlet<Element>) -> Handler
    /// Adds what the input knows to a parse error (see `JSONInput.explaining(_:)`).
    @usableFromInline var explain: @Sendable (JSONParseError) -> JSONParseError = { $0 }
    @usableFromInline let unwrapsConsumerErrors: Bool

    /// The elements that the handlers `makeHandler` makes (one per iteration) yield to their
    /// outlet while `chunks` are parsed.
    ///
    /// ```swift
    /// let stream = JSONElementStream(chunks: body, options: options) { outlet in MyHandler(outlet: outlet) }
    /// ```
    public init(
        chunks: Chunks, options: JSONParserOptions = JSONParserOptions(), unwrapsConsumerErrors: Bool = true,
        handler makeHandler: @escaping @Sendable (JSONElementOutlet<Element>) -> Handler
    ) {
        self.chunks = chunks
        self.options = options
        self.unwrapsConsumerErrors = unwrapsConsumerErrors
        self.makeHandler = makeHandler
    }

    /// Starts a new parse of the upstream sequence.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    @inlinable  // the tokenizer's call of the handler is specialised in the caller's module
    public func makeAsyncIterator() -> AsyncIterator {
        var iterator = AsyncIterator(
            chunks: chunks, options: options, unwrapsConsumerErrors: unwrapsConsumerErrors, handler: makeHandler)
        iterator.explain = explain
        return iterator
    }

    /// Feeds chunks until the next element is out.
    ///
    /// ```swift
    /// while let element = try await iterator.next() { print(element) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline var upstream: Chunks.AsyncIterator
        @usableFromInline let outlet = JSONElementOutlet<Element>()
        @usableFromInline let tokenizer: JSONTokenizer<Handler>
        @usableFromInline var explain: @Sendable (JSONParseError) -> JSONParseError = { $0 }
        @usableFromInline let unwrapsConsumerErrors: Bool
        /// The error that ended the parse, thrown once the elements completed before it are out.
        var failure: (any Error)?
        var finished = false

        /// An iteration of its own, without a sequence: for a handler made of values that are
        /// not `Sendable` (`makeHandler` runs at once, on the caller's task).
        ///
        /// ```swift
        /// var iterator = JSONElementStream.AsyncIterator(chunks: body) { outlet in MyHandler(outlet: outlet) }
        /// ```
        @inlinable  // the tokenizer's call of the handler is specialised in the caller's module
        public init(
            chunks: Chunks, options: JSONParserOptions = JSONParserOptions(), unwrapsConsumerErrors: Bool = true,
            handler makeHandler: (JSONElementOutlet<Element>) -> Handler
        ) {
            upstream = chunks.makeAsyncIterator()
            tokenizer = JSONTokenizer(options: options, handler: makeHandler(outlet))
            self.unwrapsConsumerErrors = unwrapsConsumerErrors
        }

        /// The next element, or nil at the end of the input.
        ///
        /// ```swift
        /// let element = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Element? {
            try await next(isolation: nil)
        }

        /// The next element, parsed in the caller's isolation (no executor hop per element).
        ///
        /// ```swift
        /// let element = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            while true {
                try Task.checkCancellation()
                if let element = outlet.items.popFirst() { return element }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                if finished { return nil }
                do {
                    if !tokenizer.isStopped, try await tokenizer.feedNextChunk(of: &upstream, isolation: actor) {
                        continue
                    }
                    finished = true
                    try tokenizer.finish()
                } catch let error as JSONParseError {
                    finished = true
                    failure =
                        unwrapsConsumerErrors && error.kind == .consumerError
                        ? error.consumerThrownError : explain(error)
                } catch {
                    finished = true
                    failure = error
                }
            }
        }

        /// The handler of the parse, with whatever it keeps besides what it yielded.
        ///
        /// ```swift
        /// let skipped = iterator.handler.skippedCount
        /// ```
        public var handler: Handler { tokenizer.handler }
    }
}

extension JSONElementStream: Sendable where Chunks: Sendable {}

/// Where a handler of a ``JSONElementStream`` puts its elements: they wait here, oldest first,
/// until the iterating task takes them.
///
/// ```swift
/// struct Names: MatchConsumer {
///     let outlet: JSONElementOutlet<String>
///     func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
///         if let name = try? value.converted(to: String.self) { outlet.yield(name) }
///     }
/// }
/// ```
public final class JSONElementOutlet<Element> {
    var items = Deque<Element>()

    @usableFromInline init() {}

    /// Hands out `element` after the ones yielded before it.
    ///
    /// ```swift
    /// outlet.yield(component)
    /// ```
    public func yield(_ element: Element) {
        items.append(element)
    }
}
