import NIOCore

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

/// The body of a response being loaded, as the asynchronous sequence of byte chunks a
/// ``StreamingDataMapper`` reads; each chunk is downloaded when it is asked for.
///
/// It throws ``HTTPLoadError`` when the download fails (the loader hands that error on
/// unchanged).
///
/// ```swift
/// for try await chunk in body { try tokenizer.feed(chunk) }
/// ```
public struct HTTPBodyChunks: AsyncSequence {
    /// Each element is the next piece of the body.
    public typealias Element = ByteBufferView

    /// The reader, shared by the sequence's iterators and the loader that classifies errors.
    final class State {
        var reader: HTTPBodyReader

        init(reader: HTTPBodyReader) {
            self.reader = reader
        }

        /// The load error `error`, thrown while the body was mapped, stands for.
        func classify(_ error: any Error) -> any Error {
            if error is HTTPLoadError || error is CancellationError { return error }
            do {
                try reader.mapping { throw error }
            } catch {
                return error
            }
            return error
        }
    }

    let state: State

    /// Starts reading (each iterator continues where the last one stopped).
    ///
    /// ```swift
    /// var iterator = body.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(state: state)
    }

    /// Downloads the next piece of the body on each call.
    ///
    /// ```swift
    /// while let chunk = try await iterator.next() { print(chunk.count) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        let state: State

        /// The next piece of the body, nil at its end.
        ///
        /// ```swift
        /// let chunk = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ByteBufferView? {
            try await state.reader.next()?.readableBytesView
        }
    }
}

extension HTTPDataLoader where Mapper: StreamingDataMapper {
    /// Sends the request and lets the mapper read the body as it downloads.
    ///
    /// Throws ``HTTPLoadError`` (or `CancellationError` when the task is cancelled).
    ///
    /// ```swift
    /// let viewModel = try await HTTPDataLoader(client: client, resourcePath: "/home",
    ///                                          mapper: ViewModelDataMapper()).load()
    /// ```
    public func load() async throws -> Mapper.Output {
        let state = HTTPBodyChunks.State(reader: try await HTTPBodyReader.open(requestDescription))
        do {
            return try await mapper.map(HTTPBodyChunks(state: state))
        } catch {
            throw state.classify(error)
        }
    }
}

extension HTTPDataLoader where Mapper: StreamingElementMapper {
    /// The mapper's elements, each as soon as it has arrived; iterating sends the request.
    ///
    /// As for ``HTTPDataLoader/elements()`` with an ``ElementMapper``: the body is read only as
    /// fast as elements are taken, and the sequence throws ``HTTPLoadError`` at the first
    /// failure, after the elements that came before it.
    ///
    /// ```swift
    /// for try await person in loader.elements() { print(person.name) }
    /// ```
    public func elements() -> HTTPElementStream<Mapper.Element> {
        let request = requestDescription
        let mapper = self.mapper
        return HTTPElementStream(request: request) { StreamedElementIterator(request: request, mapper: mapper) }
    }
}

/// Reads a response with a ``StreamingElementMapper`` and hands out its elements one by one
/// (the work behind ``HTTPElementStream`` for such a mapper). The request is sent on the first
/// call to `next()`; every failure is classified into an ``HTTPLoadError``.
struct StreamedElementIterator<Mapper: StreamingElementMapper>: AsyncIteratorProtocol {
    private enum Phase {
        case initial
        case reading(HTTPBodyChunks.State, Mapper.Elements.AsyncIterator)
        case finished
    }

    private let request: HTTPRequestDescription
    private let mapper: Mapper
    private var phase = Phase.initial

    init(request: HTTPRequestDescription, mapper: Mapper) {
        self.request = request
        self.mapper = mapper
    }

    /// The next element, nil after the last one; throws at the first failure and returns nil
    /// after that.
    mutating func next() async throws -> Mapper.Element? {
        if case .initial = phase {
            phase = .finished
            let state = HTTPBodyChunks.State(reader: try await HTTPBodyReader.open(request))
            phase = .reading(state, mapper.elements(in: HTTPBodyChunks(state: state)).makeAsyncIterator())
        }
        guard case .reading(let state, var elements) = phase else { return nil }
        phase = .finished
        do {
            guard let element = try await elements.next() else { return nil }
            phase = .reading(state, elements)
            return element
        } catch {
            throw state.classify(error)
        }
    }
}
