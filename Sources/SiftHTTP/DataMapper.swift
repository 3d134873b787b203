import NIOCore

/// Turns a response body, chunk by chunk as it arrives, into one value.
///
/// A mapper is a description (Sendable, reusable); each load asks it for a fresh
/// ``DataMappingSession`` that sees the body's chunks in order and then produces the value.
/// ``ObjectDataMapper`` and ``ArrayDataMapper`` are the push mappers that come with SiftHTTP;
/// engines that read an asynchronous sequence of chunks (SiftMapping's element streams, SiftHub's
/// parser) plug in as a ``StreamingDataMapper`` instead.
///
/// ```swift
/// struct ByteCounter: DataMapper {
///     struct Session: DataMappingSession {
///         var count = 0
///         mutating func consume(_ chunk: ByteBuffer) throws { count += chunk.readableBytes }
///         mutating func finish() throws -> Int { count }
///     }
///     func makeSession() -> Session { Session() }
/// }
/// ```
public protocol DataMapper<Output>: Sendable {
    /// The value a body becomes.
    associatedtype Output
    /// The state of one mapping.
    associatedtype Session: DataMappingSession<Output>

    /// Starts mapping a new body.
    ///
    /// ```swift
    /// var session = mapper.makeSession()
    /// ```
    func makeSession() -> Session
}

/// One mapping in progress: receives the body's chunks in order, then produces the value.
///
/// Throw a `JSONParseError` for malformed JSON (an `incompleteInput` error from ``finish()``
/// means the body ended inside the document) and anything else, such as ``DataMapperError``, when
/// well-formed JSON cannot become the value. Never keep the whole body: parse each chunk as it
/// comes.
///
/// ```swift
/// var session = mapper.makeSession()
/// for try await chunk in body { try session.consume(chunk) }
/// let value = try session.finish()
/// ```
public protocol DataMappingSession<Output> {
    /// The value the body becomes.
    associatedtype Output

    /// Parses the next chunk of the body.
    ///
    /// ```swift
    /// try session.consume(chunk)
    /// ```
    mutating func consume(_ chunk: ByteBuffer) throws

    /// Signals the end of the body and returns the value.
    ///
    /// ```swift
    /// let authors = try session.finish()
    /// ```
    mutating func finish() throws -> Output
}

/// Turns a response body, chunk by chunk as it arrives, into a sequence of elements, each handed
/// out as soon as its last byte has been read.
///
/// ``ArrayDataMapper`` is the element mapper that comes with SiftHTTP.
///
/// ```swift
/// let mapper = ArrayDataMapper(of: Author.self, rootKeyPath: "authors")
/// var session = mapper.makeElementSession()
/// for try await chunk in body {
///     for author in try session.consume(chunk) { print(author.name) }
/// }
/// _ = try session.finish()
/// ```
public protocol ElementMapper<Element>: Sendable {
    /// The type of the elements.
    associatedtype Element
    /// The state of one mapping.
    associatedtype ElementSession: ElementMappingSession<Element>

    /// Starts mapping a new body.
    ///
    /// ```swift
    /// var session = mapper.makeElementSession()
    /// ```
    func makeElementSession() -> ElementSession
}

/// One element mapping in progress: receives the body's chunks in order and returns the
/// elements each chunk completed.
///
/// Errors follow the rules of ``DataMappingSession``.
///
/// ```swift
/// let completed = try session.consume(chunk) // the elements whose last byte was in `chunk`
/// ```
public protocol ElementMappingSession<Element> {
    /// The type of the elements.
    associatedtype Element

    /// Parses the next chunk of the body; returns the elements it completed, in order.
    ///
    /// ```swift
    /// for element in try session.consume(chunk) { print(element) }
    /// ```
    mutating func consume(_ chunk: ByteBuffer) throws -> [Element]

    /// Signals the end of the body; returns any element completed only there, and throws when
    /// the document is incomplete or has no array at the mapper's path.
    ///
    /// ```swift
    /// let last = try session.finish()
    /// ```
    mutating func finish() throws -> [Element]
}
