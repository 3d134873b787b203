import Synchronization

/// A data source whose object comes from an ``HTTPDataLoader`` and can be reloaded.
///
/// ``reload()`` loads the object anew. A failed reload keeps the previous object and reports the
/// error (thrown, and kept in ``lastError``); a successful one replaces the object and clears
/// ``lastError``. Safe to use from any task; a reload started while another runs supersedes it
/// (the older one's result is not stored).
///
/// ```swift
/// let source = ReloadableObjectDataSource(
///     loader: HTTPDataLoader(client: client, resourcePath: "/get_post/?slug=my-great-post",
///                            mapper: ObjectDataMapper(Post.self, rootKeyPath: "post")))
/// try await source.reload()
/// print(source.object?.slug ?? "-") // my-great-post
/// ```
public final class ReloadableObjectDataSource<Object: Sendable>: Sendable {
    private struct State {
        var object: Object?
        var lastError: HTTPLoadError?
        var generation = 0
        var loading: Int?
    }

    private let state: Mutex<State>
    private let load: @Sendable () async throws -> Object

    /// Creates a data source that loads its object with `loader`; it holds no object until the
    /// first successful ``reload()``.
    ///
    /// ```swift
    /// let source = ReloadableObjectDataSource(loader: loader)
    /// ```
    public init<Mapper: DataMapper>(loader: HTTPDataLoader<Mapper>) where Mapper.Output == Object {
        self.state = Mutex(State())
        self.load = { try await loader.load() }
    }

    /// The object of the last successful load, nil before the first one.
    ///
    /// ```swift
    /// source.object?.title
    /// ```
    public var object: Object? { state.withLock { $0.object } }

    /// The error of the last load, nil when it succeeded (or none finished yet).
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

    /// Loads the object anew and returns it; on failure keeps the previous object, records the
    /// error in ``lastError`` and throws it (`CancellationError` when the task is cancelled,
    /// which changes nothing).
    ///
    /// ```swift
    /// let post = try await source.reload()
    /// ```
    @discardableResult
    public func reload() async throws -> Object {
        let generation = state.withLock { state in
            state.generation += 1
            state.loading = state.generation
            return state.generation
        }
        do {
            let object = try await load()
            state.withLock { state in
                guard state.loading == generation else { return }
                state.object = object
                state.lastError = nil
                state.loading = nil
            }
            return object
        } catch {
            state.withLock { state in
                guard state.loading == generation else { return }
                if let error = error as? HTTPLoadError { state.lastError = error }
                state.loading = nil
            }
            throw error
        }
    }
}
