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
            throw state.reader.loadError(forMappingFailure: error)
        }
    }
}

extension HTTPDataLoader where Mapper: StreamingElementMapper {
    /// The mapper's elements, each as soon as it has arrived; iterating sends the request.
    ///
    /// As for `HTTPDataLoader.elements()` with an ``ElementMapper``: the body is read only as
    /// fast as elements are taken, and the sequence throws ``HTTPLoadError`` at the first
    /// failure, after the elements that came before it.
    ///
    /// ```swift
    /// for try await person in loader.elements() { print(person.name) }
    /// ```
    public func elements() -> HTTPElementStream<Mapper.Element> {
        let request = requestDescription
        let mapper = self.mapper
        return HTTPElementStream { StreamedElementIterator(request: request, mapper: mapper) }
    }
}

/// Reads a response with a ``StreamingElementMapper`` and hands out its elements one by one
/// (the work behind ``HTTPElementStream`` for such a mapper).
///
/// The request is sent on the first call to `next()`; every failure is classified into an
/// ``HTTPLoadError``.
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
            throw state.reader.loadError(forMappingFailure: error)
        }
    }
}
