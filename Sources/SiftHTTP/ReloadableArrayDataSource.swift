import Synchronization

/// A data source whose elements come from an ``HTTPDataLoader`` with an ``ElementMapper`` and
/// can be reloaded, with array-like access (count, subscript, iteration) and the elements of a
/// reload available as they arrive.
///
/// ``reloadElements()`` is the reload as an `AsyncSequence` of its elements: each element is
/// appended to ``incomingArray`` and handed out as soon as its bytes have arrived, so the first
/// items of a huge response can be shown before the download ends. When the body has been read
/// to its end, the incoming elements become ``array``. A failed reload keeps the previous
/// ``array`` and reports the error (thrown, and kept in ``lastError``). ``reload()`` runs a
/// reload to its end. Safe to use from any task; a reload started while another runs supersedes
/// it (the older one stores nothing more).
///
/// ```swift
/// let authors = ReloadableArrayDataSource(loader: loader)
/// for try await author in authors.reloadElements() {
///     print(author.name, authors.incomingArray.count)
/// }
/// print(authors.count)
/// ```
public final class ReloadableArrayDataSource<Element: Sendable>: Sendable {
    private struct State {
        var array: [Element] = []
        var incoming: [Element] = []
        var lastError: HTTPLoadError?
        var generation = 0
        var loading: Int?
    }

    private let state = Mutex(State())
    private let elements: @Sendable () -> HTTPElementStream<Element>

    /// Creates a data source that loads its elements with `loader`; it is empty until the first
    /// successful reload.
    ///
    /// ```swift
    /// let source = ReloadableArrayDataSource(loader: loader)
    /// ```
    public init<Mapper: ElementMapper>(loader: HTTPDataLoader<Mapper>) where Mapper.Element == Element {
        self.elements = { loader.elements() }
    }

    /// The elements of the last successful load.
    ///
    /// ```swift
    /// let names = source.array.map(\.name)
    /// ```
    public var array: [Element] { state.withLock { $0.array } }

    /// The number of elements of the last successful load.
    ///
    /// ```swift
    /// source.count
    /// ```
    public var count: Int { state.withLock { $0.array.count } }

    /// Whether the last successful load had no elements (or none happened yet).
    ///
    /// ```swift
    /// if source.isEmpty { showPlaceholder() }
    /// ```
    public var isEmpty: Bool { state.withLock { $0.array.isEmpty } }

    /// The element at `index` of the last successful load.
    ///
    /// ```swift
    /// source[0].name
    /// ```
    public subscript(index: Int) -> Element { state.withLock { $0.array[index] } }

    /// The elements of the reload in progress received so far, growing as they arrive; empty
    /// when no reload is running.
    ///
    /// ```swift
    /// progress.text = "\(source.incomingArray.count) received"
    /// ```
    public var incomingArray: [Element] { state.withLock { $0.incoming } }

    /// The error of the last reload, nil when it succeeded (or none finished yet).
    ///
    /// ```swift
    /// if let error = source.lastError { print(error) }
    /// ```
    public var lastError: HTTPLoadError? { state.withLock { $0.lastError } }

    /// Whether a reload is running.
    ///
    /// ```swift
    /// if source.isLoading { showSpinner() }
    /// ```
    public var isLoading: Bool { state.withLock { $0.loading != nil } }

    /// Reloads to the end of the body: on success the new elements replace ``array``; on failure
    /// the previous ones stay, the error is kept in ``lastError`` and thrown
    /// (`CancellationError` when the task is cancelled, which changes nothing).
    ///
    /// ```swift
    /// try await source.reload()
    /// ```
    public func reload() async throws {
        for try await _ in reloadElements() {}
    }

    /// A reload as the sequence of its elements, each handed out as soon as it has arrived.
    ///
    /// Iterating performs the reload (each iteration is a new one); leaving the loop early
    /// abandons it and closes the connection, keeping the previous ``array``.
    ///
    /// ```swift
    /// for try await author in source.reloadElements() { show(author) }
    /// ```
    public func reloadElements() -> Reload {
        Reload(source: self, stream: elements())
    }

    fileprivate func begin() -> Int {
        state.withLock { state in
            state.generation += 1
            state.loading = state.generation
            state.incoming = []
            return state.generation
        }
    }

    fileprivate func receive(_ element: Element, generation: Int) {
        state.withLock { state in
            if state.loading == generation { state.incoming.append(element) }
        }
    }

    fileprivate func end(generation: Int, error: (any Error)?, abandoned: Bool = false) {
        state.withLock { state in
            guard state.loading == generation else { return }
            if let error {
                if let error = error as? HTTPLoadError { state.lastError = error }
            } else if !abandoned {
                state.array = state.incoming
                state.lastError = nil
            }
            state.incoming = []
            state.loading = nil
        }
    }

    /// One reload of a ``ReloadableArrayDataSource``, as the sequence of its elements.
    ///
    /// ```swift
    /// for try await element in source.reloadElements() { print(element) }
    /// ```
    public struct Reload: AsyncSequence, Sendable {
        fileprivate let source: ReloadableArrayDataSource
        fileprivate let stream: HTTPElementStream<Element>

        /// Starts iterating; the reload begins on the first call to `next()`.
        ///
        /// ```swift
        /// var iterator = source.reloadElements().makeAsyncIterator()
        /// ```
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(source: source, elements: stream.makeAsyncIterator())
        }

        /// Hands out the elements of the reload and records them in the data source.
        ///
        /// ```swift
        /// while let element = try await iterator.next() { print(element) }
        /// ```
        public struct AsyncIterator: AsyncIteratorProtocol {
            private let source: ReloadableArrayDataSource
            private var elements: HTTPElementStream<Element>.AsyncIterator
            private var ticket: Ticket?
            private var isFinished = false

            fileprivate init(source: ReloadableArrayDataSource, elements: HTTPElementStream<Element>.AsyncIterator) {
                self.source = source
                self.elements = elements
            }

            /// The next element, nil once the reload has ended and been stored.
            ///
            /// ```swift
            /// let first = try await iterator.next()
            /// ```
            public mutating func next() async throws -> Element? {
                guard !isFinished else { return nil }
                let ticket = self.ticket ?? Ticket(source: source, generation: source.begin())
                self.ticket = ticket
                do {
                    if let element = try await elements.next() {
                        source.receive(element, generation: ticket.generation)
                        return element
                    }
                    finish(ticket, error: nil)
                    return nil
                } catch {
                    finish(ticket, error: error)
                    throw error
                }
            }

            private mutating func finish(_ ticket: Ticket, error: (any Error)?) {
                isFinished = true
                ticket.isEnded = true
                source.end(generation: ticket.generation, error: error)
            }
        }
    }

    /// Ends a reload that its iterator abandoned (dropped before the end of the body).
    private final class Ticket {
        let source: ReloadableArrayDataSource
        let generation: Int
        var isEnded = false

        init(source: ReloadableArrayDataSource, generation: Int) {
            self.source = source
            self.generation = generation
        }

        deinit {
            if !isEnded { source.end(generation: generation, error: nil, abandoned: true) }
        }
    }
}

extension ReloadableArrayDataSource: Sequence {
    /// Iterates over the elements of the last successful load (a snapshot).
    ///
    /// ```swift
    /// for author in source { print(author.name) }
    /// ```
    public func makeIterator() -> IndexingIterator<[Element]> {
        array.makeIterator()
    }

    /// The number of elements of the last successful load.
    ///
    /// ```swift
    /// source.underestimatedCount
    /// ```
    public var underestimatedCount: Int { count }
}
