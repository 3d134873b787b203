/// Turns a response body into one value by pulling its chunks as an asynchronous sequence: the
/// form of mappers whose engine reads an `AsyncSequence` of bytes, such as SiftMapping's
/// element streams and SiftHub's view model parser.
///
/// ``MappedArrayDataMapper``, ``KeyMappedArrayDataMapper``, ``ViewModelDataMapper`` and
/// ``ComponentsDataMapper`` are the streaming mappers that come with SiftHTTP. An
/// ``HTTPDataLoader`` with such a mapper classifies what the mapping throws like for a
/// ``DataMapper``: malformed JSON, a body cut short, or a mapping error (the engine's own error,
/// such as SiftMapping's aggregated `MappingError`, as the underlying error).
///
/// ```swift
/// struct ByteCounter: StreamingDataMapper {
///     func map(_ body: HTTPBodyChunks) async throws -> Int {
///         var count = 0
///         for try await chunk in body { count += chunk.count }
///         return count
///     }
/// }
/// ```
public protocol StreamingDataMapper<Output>: Sendable {
    /// The value a body becomes.
    associatedtype Output

    /// Reads the body, chunk by chunk as it downloads, into the value.
    ///
    /// ```swift
    /// let viewModel = try await mapper.map(body)
    /// ```
    func map(_ body: HTTPBodyChunks) async throws -> Output
}

/// Turns a response body into a sequence of elements, each handed out as soon as it is
/// complete, by pulling the body's chunks as an asynchronous sequence.
///
/// ```swift
/// let mapper = MappedArrayDataMapper(of: Person.self, rootKeyPath: "people")
/// for try await person in mapper.elements(in: body) { print(person.name) }
/// ```
public protocol StreamingElementMapper<Element>: Sendable {
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

extension StreamingElementMapper {
    /// Every element of a body, in order: the `map(_:)` of a mapper that is also a
    /// ``StreamingDataMapper`` of arrays.
    func collectElements(in body: HTTPBodyChunks) async throws -> [Element] {
        var elements: [Element] = []
        for try await element in self.elements(in: body) { elements.append(element) }
        return elements
    }
}
