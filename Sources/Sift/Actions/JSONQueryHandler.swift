/// A ``JSONQuery`` as a ``JSONEventHandler``: for a tokenizer you drive yourself, chunk by chunk,
/// over inputs the query's `run` methods do not read (several files in turn, a pipe you flush
/// between reads).
///
/// Errors keep the tokenizer's form: an error thrown by a callback, or a value too deep to
/// capture, arrives as a ``JSONParseError`` of kind ``JSONParseError/Kind/consumerError``,
/// located where it happened, with the original as its ``JSONParseError/underlyingError``
/// (the `run` methods throw the original alone).
///
/// ```swift
/// var query = JSONQuery()
/// query.add(try JSONPath("$.items[*].id")) { match in
///     if let event = match.scalar { try writer.write(event) } else { try writer.write(match.value) }
/// }
/// let tokenizer = JSONTokenizer(handler: JSONQueryHandler(query))
/// for try await chunk in JSONInputChunks(.file("items.json")) { try tokenizer.feed(chunk) }
/// try tokenizer.finish()
/// ```
public struct JSONQueryHandler: JSONEventHandler {
    var matcher: PathMatcher<QueryConsumer>

    /// Compiles the paths of `query` for one parse.
    ///
    /// ```swift
    /// let handler = JSONQueryHandler(query)
    /// ```
    public init(_ query: JSONQuery) {
        matcher = query.makeMatcher()
    }

    /// Handles one event (see ``JSONEventHandler/handle(_:context:)``).
    ///
    /// ```swift
    /// try handler.handle(event, context: context)
    /// ```
    public mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try matcher.handle(event, context: context)
    }

    /// The values the query's collecting paths gathered so far (``JSONQuery/add(_:)``).
    ///
    /// ```swift
    /// let titles = tokenizer.handler.results[titleHandle]
    /// ```
    public var results: JSONQueryResults {
        JSONQueryResults(slots: matcher.receiver.slots)
    }
}
