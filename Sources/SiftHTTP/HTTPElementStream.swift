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
    /// Makes the iterator that does the work of one iteration: ``SessionElementIterator`` for an
    /// ``ElementMapper``, `StreamedElementIterator` for a ``StreamingElementMapper``.
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

/// Reads a response with an ``ElementMapper``'s session and hands out its elements one by one
/// (the work behind ``HTTPElementStream`` for such a mapper).
///
/// The request is sent on the first call to `next()`; every failure is classified into an
/// ``HTTPLoadError``.
struct SessionElementIterator<Session: ElementMappingSession>: AsyncIteratorProtocol {
    private enum State {
        case initial
        case reading(HTTPBodyReader, Session)
        case finished
    }

    private let request: HTTPRequestDescription
    private let makeSession: @Sendable () -> Session
    private var state = State.initial
    private var pending: [Session.Element] = []
    private var pendingIndex = 0

    init(request: HTTPRequestDescription, makeSession: @escaping @Sendable () -> Session) {
        self.request = request
        self.makeSession = makeSession
    }

    /// The next element, nil after the last one; throws at the first failure and returns nil
    /// after that.
    mutating func next() async throws -> Session.Element? {
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
