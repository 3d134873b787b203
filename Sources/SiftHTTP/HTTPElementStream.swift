/// The elements of a JSON response, handed out while the body downloads; made by
/// `HTTPDataLoader.elements()`.
///
/// Each iteration sends its own request. The body is read only as fast as elements are taken
/// (backpressure reaches the server through the connection), and leaving the loop early or
/// cancelling the task closes the connection.
///
/// ```swift
/// var count = 0
/// for try await _ in loader.elements() { count += 1 }
/// ```
public struct HTTPElementStream<Element>: AsyncSequence, Sendable {
    /// Makes the iterator that does the work of one iteration (`MappedElementIterator`).
    private let makeBase: @Sendable () -> any AsyncIteratorProtocol<Element, any Error>

    init(_ makeBase: @escaping @Sendable () -> any AsyncIteratorProtocol<Element, any Error>) {
        self.makeBase = makeBase
    }

    /// Starts an iteration (the request is sent on the first call to `next()`).
    ///
    /// ```swift
    /// var iterator = loader.elements().makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: makeBase())
    }

    /// Reads the body and hands out its elements one by one.
    ///
    /// ```swift
    /// while let author = try await iterator.next() { print(author) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var base: any AsyncIteratorProtocol<Element, any Error>

        init(base: any AsyncIteratorProtocol<Element, any Error>) {
            self.base = base
        }

        /// The next element, nil after the last one; throws ``HTTPLoadError`` at the first
        /// failure and returns nil after that.
        ///
        /// ```swift
        /// let next = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Element? {
            try await base.next()
        }
    }
}

/// Reads a response with an ``ElementMapper`` and hands out its elements one by one (the work
/// behind ``HTTPElementStream``).
///
/// The request is sent on the first call to `next()`; every failure is classified into an
/// ``HTTPLoadError``.
struct MappedElementIterator<Mapper: ElementMapper>: AsyncIteratorProtocol {
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
            throw state.loadError(forMappingFailure: error)
        }
    }
}
