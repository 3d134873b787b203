import AsyncHTTPClient
import NIOCore
import Synchronization

/// The process-wide AsyncHTTPClient clients a ``JSONHTTPClient`` uses when it is given none: one
/// per connect timeout, made on first use and kept for the life of the process (like
/// `HTTPClient.shared`, they are never shut down).
///
/// Each is configured as `HTTPClient.shared` (`.singletonConfiguration`) but for three settings:
/// the connect timeout; no retry of a failed connection attempt (AsyncHTTPClient otherwise
/// retries a refused connection until the request's deadline, so `http://127.0.0.1:9/` would
/// say "Connection refused" only after the whole response timeout); and no read timeout. The
/// ``HTTPTimeouts`` of the request are the limits: the singleton's 90-second read timeout would
/// cut off a server that is allowed to be silent longer (`idle: nil`), and, while a busy
/// cooperative pool delays the response deadline's task, would report the wrong limit.
///
/// ```swift
/// let client = SharedHTTPClients.client(connectTimeout: .seconds(10))
/// ```
enum SharedHTTPClients {
    private static let clients = Mutex<[Duration: HTTPClient]>([:])

    /// The client for `connectTimeout`, made the first time it is asked for.
    static func client(connectTimeout: Duration) -> HTTPClient {
        clients.withLock { clients in
            if let client = clients[connectTimeout] { return client }
            var configuration = HTTPClient.Configuration.singletonConfiguration
            configuration.timeout.connect = .nanoseconds(max(connectTimeout.nanoseconds, 1))
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.timeout.read = nil
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[connectTimeout] = client
            return client
        }
    }
}
