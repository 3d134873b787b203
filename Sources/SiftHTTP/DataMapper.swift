/// Turns a response body, read chunk by chunk as it downloads, into one value.
///
/// The one mapper protocol of SiftHTTP: every mapper reads the body as an asynchronous sequence
/// of byte chunks (``HTTPBodyChunks``), so `HTTPDataLoader.load()` works with all of them. A
/// mapper that hands out elements as they arrive is an ``ElementMapper`` as well. A mapper is a
/// description (Sendable, reusable); each call maps one body. Throw a `JSONParseError` for
/// malformed JSON and anything else, such as ``DataMapperError``, when well-formed JSON cannot
/// become the value; the loader turns both into an ``HTTPLoadError``. Never keep the whole body:
/// parse each chunk as it comes.
///
/// ```swift
/// struct ByteCounter: DataMapper {
///     func map(_ body: HTTPBodyChunks) async throws -> Int {
///         var count = 0
///         for try await chunk in body { count += chunk.count }
///         return count
///     }
/// }
/// ```
public protocol DataMapper<Output>: Sendable {
    /// The value a body becomes.
    associatedtype Output

    /// Reads the body, chunk by chunk as it downloads, into the value.
    ///
    /// ```swift
    /// let viewModel = try await mapper.map(body)
    /// ```
    func map(_ body: HTTPBodyChunks) async throws -> Output
}

/// A ``DataMapper`` whose value is an array, which can also hand out each element as soon as its
/// last byte has arrived.
///
/// `HTTPDataLoader.elements()` streams the elements; `HTTPDataLoader.load()` collects them (the
/// default ``DataMapper/map(_:)``). ``ArrayDataMapper``, ``MappedArrayDataMapper``,
/// ``KeyMappedArrayDataMapper`` and ``ComponentsDataMapper`` are the element mappers that come
/// with SiftHTTP.
///
/// ```swift
/// let mapper = ArrayDataMapper(of: Author.self, rootKeyPath: "authors")
/// for try await author in mapper.elements(in: body) { print(author.name) }
/// ```
public protocol ElementMapper<Element>: DataMapper where Output == [Element] {
    /// The type of the elements.
    associatedtype Element
    /// The sequence of the elements of one body.
    associatedtype Elements: AsyncSequence<Element, any Error>

    /// The elements of the body, read as they are asked for.
    ///
    /// ```swift
    /// for try await person in mapper.elements(in: body) { print(person.name) }
    /// ```
    func elements(in body: HTTPBodyChunks) -> Elements
}

extension ElementMapper {
    /// Every element of a body, in order.
    ///
    /// ```swift
    /// let authors = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self.elements(in: body) { elements.append(element) }
        return elements
    }
}
