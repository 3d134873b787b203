import Foundation
import NIOCore
import SiftHTTP

/// Reads the body of an HTTP response chunk by chunk as it downloads, through SiftHTTP: a
/// status outside 2xx, a broken connection or a timeout throws an `HTTPLoadError`.
///
/// Each chunk is read only when the consumer asks for it, so a consumer that stops early
/// (`--first`) leaves the rest of the body undownloaded; ``close()`` drops the connection.
///
/// The progress bar, when wanted, starts with the response head: its total is the announced
/// Content-Length, if any (see ``ProgressBar/isWanted(requested:total:stderrIsTerminal:stdoutIsTerminal:)``).
///
/// ```swift
/// let reader = try HTTPReader(url: "http://127.0.0.1:8080/feed.json", progress: nil, connectTimeout: .seconds(10))
/// while let chunk = try await reader.nextChunk() { consume(chunk) }
/// reader.close()
/// ```
final class HTTPReader {
    private var iterator: HTTPBodyStream.AsyncIterator?
    /// `--progress` (true), `--no-progress` (false) or neither (nil).
    private let requestedProgress: Bool?
    /// The bar, made when the first chunk arrives if one is wanted.
    private var progress: ProgressBar?
    private var bytesRead = 0

    /// Prepares the request; throws ``InputError`` when `url` is not a valid URL.
    ///
    /// A refused connection fails at once; `connectTimeout` bounds the wait for a host that does
    /// not answer.
    init(url: String, progress: Bool?, connectTimeout: Duration) throws(InputError) {
        requestedProgress = progress
        guard var components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw InputError(message: "'\(url)' is not a valid URL", offset: 0)
        }
        // The origin is the client's base URL and the rest the resource path, so the path
        // (a trailing slash included) and the query are requested as written.
        var resourcePath = components.percentEncodedPath
        if let query = components.percentEncodedQuery { resourcePath += "?" + query }
        components.percentEncodedPath = ""
        components.percentEncodedQuery = nil
        components.fragment = nil
        guard let origin = components.url else {
            throw InputError(message: "'\(url)' is not a valid URL", offset: 0)
        }
        // No total limit: a feed may stream for as long as it sends data.
        let client = JSONHTTPClient(
            baseURL: origin, timeouts: HTTPTimeouts(connect: connectTimeout, response: .seconds(30), idle: .seconds(30))
        )
        iterator = client.body(at: resourcePath).makeAsyncIterator()
    }

    /// The next chunk of the body as it arrived (not copied), or nil at its end.
    func nextChunk() async throws -> ByteBufferView? {
        guard var current = iterator else { return nil }
        iterator = nil
        guard let chunk = try await current.next() else {
            progress?.finish()
            return nil
        }
        iterator = current
        if bytesRead == 0 && progress == nil
            && ProgressBar.isWanted(requested: requestedProgress, total: current.expectedLength)
        {
            progress = ProgressBar.started(total: current.expectedLength)
        }
        bytesRead += chunk.readableBytes
        progress?.update(bytesRead: bytesRead)
        return chunk.readableBytesView
    }

    /// Stops reading (the rest of the body is not downloaded) and erases the progress bar.
    func close() {
        iterator = nil
        progress?.finish()
    }
}
