/// The elements of a JSON response, handed out while the body downloads; made by
/// ``HTTPDataLoader/elements()``.
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
    private let request: HTTPRequestDescription
    private let makeSession: @Sendable () -> any ElementMappingSession<Element>
    /// For a ``StreamingElementMapper``: makes the iterator that does the whole work.
    private let makeStreamed: (@Sendable () -> any AsyncIteratorProtocol<Element, any Error>)?

    init(request: HTTPRequestDescription, makeSession: @escaping @Sendable () -> any ElementMappingSession<Element>) {
        self.request = request
        self.makeSession = makeSession
        self.makeStreamed = nil
    }

    init(
        request: HTTPRequestDescription,
        streamed: @escaping @Sendable () -> any AsyncIteratorProtocol<Element, any Error>
    ) {
        self.request = request
        self.makeSession = { preconditionFailure("a streamed element stream has no sessions") }
        self.makeStreamed = streamed
    }

    /// Starts an iteration (the request is sent on the first call to `next()`).
    ///
    /// ```swift
    /// var iterator = loader.elements().makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        var iterator = AsyncIterator(request: request, makeSession: makeSession)
        if let makeStreamed { iterator.streamed = makeStreamed() }
        return iterator
    }

    /// Reads the body and hands out its elements one by one.
    ///
    /// ```swift
    /// while let author = try await iterator.next() { print(author) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum State {
            case initial
            case reading(HTTPBodyReader, any ElementMappingSession<Element>)
            case finished
        }

        private let request: HTTPRequestDescription
        private let makeSession: @Sendable () -> any ElementMappingSession<Element>
        private var state = State.initial
        private var pending: [Element] = []
        private var pendingIndex = 0
        /// The iterator of a ``StreamingElementMapper``'s elements, which replaces the sessions.
        fileprivate var streamed: (any AsyncIteratorProtocol<Element, any Error>)?

        init(request: HTTPRequestDescription, makeSession: @escaping @Sendable () -> any ElementMappingSession<Element>)
        {
            self.request = request
            self.makeSession = makeSession
        }

        /// The next element, nil after the last one; throws ``HTTPLoadError`` at the first
        /// failure and returns nil after that.
        ///
        /// ```swift
        /// let next = try await iterator.next()
        /// ```
        public mutating func next() async throws -> Element? {
            if streamed != nil { return try await streamed?.next() }
            while true {
                if pendingIndex < pending.count {
                    let element = pending[pendingIndex]
                    pendingIndex += 1
                    if pendingIndex == pending.count {
                        pending.removeAll(keepingCapacity: true)
                        pendingIndex = 0
                    }
                    return element
                }
                switch state {
                case .finished:
                    return nil
                case .initial:
                    state = .finished
                    state = .reading(try await HTTPBodyReader.open(request), makeSession())
                case .reading(var reader, var session):
                    state = .finished
                    if let chunk = try await reader.next() {
                        pending = try reader.mapping { try session.consume(chunk) }
                        state = .reading(reader, session)
                    } else {
                        pending = try reader.mapping { try session.finish() }
                    }
                }
            }
        }
    }
}
