import Foundation
import NIOHTTP1

/// Loads one JSON resource: a client, a resource path (with optional query, method, headers and
/// body) and a data mapper that turns the response body into a value while it downloads.
///
/// The body is never held whole: the mapper reads each chunk as it arrives. With an
/// ``ElementMapper`` such as ``ArrayDataMapper``, `elements()` hands out the elements one by
/// one before the download ends. Every failure is an ``HTTPLoadError``; cancelling the task
/// stops the download and throws `CancellationError`.
///
/// ```swift
/// let loader = HTTPDataLoader(
///     client: client, resourcePath: "/get_post/", query: [URLQueryItem(name: "slug", value: "xbtoolkit")],
///     mapper: ObjectDataMapper(Post.self, rootKeyPath: "post"))
/// let post = try await loader.load()
/// ```
public struct HTTPDataLoader<Mapper: Sendable>: Sendable {
    /// The client that sends the request.
    ///
    /// ```swift
    /// loader.client.baseURL
    /// ```
    public var client: JSONHTTPClient

    /// The path of the resource, relative to the client's base URL; may carry a `?query`.
    ///
    /// ```swift
    /// loader.resourcePath // "/authors"
    /// ```
    public var resourcePath: String

    /// The request method; GET by default.
    ///
    /// ```swift
    /// loader.method = .POST
    /// ```
    public var method: HTTPMethod

    /// Query items appended to the URL.
    ///
    /// ```swift
    /// loader.query = [URLQueryItem(name: "page", value: "2")]
    /// ```
    public var query: [URLQueryItem]

    /// Headers sent after the client's.
    ///
    /// ```swift
    /// loader.headers.add(name: "If-None-Match", value: etag)
    /// ```
    public var headers: HTTPHeaders

    /// The request body, if any.
    ///
    /// ```swift
    /// loader.body = Array(#"{"query":"swift"}"#.utf8)
    /// ```
    public var body: [UInt8]?

    /// The mapper that turns the response body into a value.
    ///
    /// ```swift
    /// loader.mapper.rootKeyPath // "authors"
    /// ```
    public var mapper: Mapper

    /// Creates a loader.
    ///
    /// ```swift
    /// let loader = HTTPDataLoader(client: client, resourcePath: "/authors",
    ///                             mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
    /// ```
    public init(
        client: JSONHTTPClient,
        resourcePath: String,
        method: HTTPMethod = .GET,
        query: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: [UInt8]? = nil,
        mapper: Mapper
    ) {
        self.client = client
        self.resourcePath = resourcePath
        self.method = method
        self.query = query
        self.headers = headers
        self.body = body
        self.mapper = mapper
    }

    /// The URL the loader requests, nil when the resource path does not form one.
    ///
    /// ```swift
    /// loader.url?.absoluteString // "http://127.0.0.1:8080/authors"
    /// ```
    public var url: URL? {
        client.url(forResourcePath: resourcePath, query: query)
    }

    var requestDescription: HTTPRequestDescription {
        HTTPRequestDescription(
            client: client, resourcePath: resourcePath, method: method, query: query, headers: headers, body: body)
    }
}

extension HTTPDataLoader where Mapper: DataMapper {
    /// Sends the request and lets the mapper read the body, chunk by chunk as it arrives, into
    /// its value.
    ///
    /// Throws ``HTTPLoadError`` (or `CancellationError` when the task is cancelled).
    ///
    /// ```swift
    /// let authors: [Author] = try await loader.load()
    /// ```
    public func load() async throws -> Mapper.Output {
        let state = HTTPBodyChunks.State(reader: try await HTTPBodyReader.open(requestDescription))
        do {
            return try await mapper.map(HTTPBodyChunks(state: state))
        } catch {
            throw state.loadError(forMappingFailure: error)
        }
    }
}

extension HTTPDataLoader where Mapper: ElementMapper {
    /// The mapper's elements, each as soon as it has arrived; iterating sends the request.
    ///
    /// The download goes only as fast as the iteration: the next piece of the body is read when
    /// the elements of the previous one have been taken. Each iteration is a new request. The
    /// sequence throws ``HTTPLoadError`` at the first failure (after the elements that came
    /// before it), so a body cut short is never mistaken for a complete one.
    ///
    /// ```swift
    /// for try await author in loader.elements() {
    ///     print(author.name) // while the rest of the list is still downloading
    /// }
    /// ```
    public func elements() -> HTTPElementStream<Mapper.Element> {
        let request = requestDescription
        let mapper = self.mapper
        return HTTPElementStream { MappedElementIterator(request: request, mapper: mapper) }
    }
}
