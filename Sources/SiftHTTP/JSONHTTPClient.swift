import AsyncHTTPClient
import Foundation
import NIOHTTP1

/// An HTTP client for a JSON API: a base URL, headers sent with every request, timeouts and a
/// body size limit, on top of AsyncHTTPClient (response bodies stream, with backpressure).
///
/// A value type: copy it and change a property to get a variant. Unless given an AsyncHTTPClient
/// `HTTPClient` of the caller's (whose configuration and lifetime then stay the caller's
/// business), it uses a process-wide client per connect timeout (``HTTPTimeouts/connect``),
/// configured as `HTTPClient.shared` except that a connection that fails is not retried: a
/// refused connection or an unknown host fails at once.
///
/// ```swift
/// let client = JSONHTTPClient(
///     baseURL: URL(string: "https://myfancyblog.com/wp-json-api")!,
///     headers: ["Authorization": "Bearer \(token)"],
///     timeouts: HTTPTimeouts(response: .seconds(10)))
/// let loader = HTTPDataLoader(client: client, resourcePath: "/get_author_index/",
///                             mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
/// ```
public struct JSONHTTPClient: Sendable {
    /// The URL resource paths are appended to.
    ///
    /// ```swift
    /// client.baseURL.absoluteString // "https://myfancyblog.com/wp-json-api"
    /// ```
    public var baseURL: URL

    /// Headers sent with every request (a loader's own headers are added after them);
    /// `Accept: application/json` is sent unless an `Accept` header is given.
    ///
    /// ```swift
    /// client.headers.add(name: "X-Client", value: "sift")
    /// ```
    public var headers: HTTPHeaders

    /// How long each phase of a request may take.
    ///
    /// ```swift
    /// client.timeouts.idle = .seconds(5)
    /// ```
    public var timeouts: HTTPTimeouts

    /// The largest response body accepted, in bytes (after decompression); nil (the default) for
    /// no limit, as bodies are streamed rather than held.
    ///
    /// ```swift
    /// client.maximumBodySize = 10 << 20 // 10 MiB
    /// ```
    public var maximumBodySize: Int?

    /// The AsyncHTTPClient client that performs the requests: the one given, else the
    /// process-wide client for ``HTTPTimeouts/connect`` of ``timeouts``.
    ///
    /// ```swift
    /// client.httpClient = myHTTPClient  // its own connect timeout and retries apply
    /// ```
    public var httpClient: HTTPClient {
        get { givenHTTPClient ?? SharedHTTPClients.client(connectTimeout: timeouts.connect) }
        set { givenHTTPClient = newValue }
    }

    /// The client the caller gave, if any.
    private var givenHTTPClient: HTTPClient?

    /// Creates a client.
    ///
    /// ```swift
    /// let client = JSONHTTPClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
    /// ```
    public init(
        baseURL: URL,
        headers: HTTPHeaders = [:],
        timeouts: HTTPTimeouts = HTTPTimeouts(),
        maximumBodySize: Int? = nil,
        httpClient: HTTPClient? = nil
    ) {
        self.baseURL = baseURL
        self.headers = headers
        self.timeouts = timeouts
        self.maximumBodySize = maximumBodySize
        self.givenHTTPClient = httpClient
    }

    /// The URL of a resource: the base URL's path, then `resourcePath` (which may carry its own
    /// `?query`), then `query`; nil when the result is not a valid URL.
    ///
    /// ```swift
    /// let client = JSONHTTPClient(baseURL: URL(string: "http://example.com/api")!)
    /// client.url(forResourcePath: "/posts?slug=a b", query: [URLQueryItem(name: "page", value: "2")])
    /// // http://example.com/api/posts?slug=a%20b&page=2
    /// ```
    public func url(forResourcePath resourcePath: String, query: [URLQueryItem] = []) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true),
            let reference = Self.reference(resourcePath)
        else { return nil }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        var path = reference.percentEncodedPath
        while path.hasPrefix("/") { path.removeFirst() }
        components.percentEncodedPath = path.isEmpty ? (basePath.isEmpty ? "/" : basePath) : basePath + "/" + path
        var extra = URLComponents()
        extra.queryItems = query
        let items =
            (components.percentEncodedQueryItems ?? []) + (reference.percentEncodedQueryItems ?? [])
            + (extra.percentEncodedQueryItems ?? [])
        components.percentEncodedQueryItems = items.isEmpty ? nil : items
        return components.url
    }

    /// A resource path as URL components: parsed as a URL reference, or else taken as plain text.
    private static func reference(_ resourcePath: String) -> URLComponents? {
        if let parsed = URLComponents(string: resourcePath), parsed.scheme == nil, parsed.host == nil {
            return parsed
        }
        var components = URLComponents()
        if let mark = resourcePath.firstIndex(of: "?") {
            components.path = String(resourcePath[..<mark])
            components.query = String(resourcePath[resourcePath.index(after: mark)...])
        } else {
            components.path = resourcePath
        }
        return components
    }
}
