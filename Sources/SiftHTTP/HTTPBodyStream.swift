import Foundation
import NIOCore
import NIOHTTP1

/// The raw body of one JSON resource, chunk by chunk as it downloads; made by
/// ``JSONHTTPClient/body(at:method:query:headers:body:)``.
///
/// Iterating sends the request; a status outside 2xx, a broken connection, a timeout or a body
/// over the client's limit throws ``HTTPLoadError`` (after the chunks that came before it). The
/// body is read only as fast as chunks are taken, and leaving the loop early closes the
/// connection. Use it to feed a parser of your own, such as a `JSONTokenizer`.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: handler)
/// for try await chunk in client.body(at: "/feed") {
///     try tokenizer.feed(chunk.readableBytesView)
/// }
/// try tokenizer.finish()
/// ```
public struct HTTPBodyStream: AsyncSequence, Sendable {
    /// Each element is the next piece of the body, as the connection delivered it.
    public typealias Element = ByteBuffer

    let request: HTTPRequestDescription

    /// Starts an iteration (the request is sent on the first call to `next()`).
    ///
    /// ```swift
    /// var iterator = client.body(at: "/feed").makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(request: request)
    }

    /// Reads the body piece by piece.
    ///
    /// ```swift
    /// while let chunk = try await iterator.next() { print(chunk.readableBytes) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum State {
            case initial
            case reading(HTTPBodyReader)
            case finished
        }

        private let request: HTTPRequestDescription
        private var state = State.initial

        /// The length of the body as the response announced it (its Content-Length), known once
        /// the first call to `next()` has received the response head; nil before that, when the
        /// server announced none (a chunked body), or when the body is content-encoded.
        ///
        /// ```swift
        /// var iterator = client.body(at: "/feed").makeAsyncIterator()
        /// let first = try await iterator.next()
        /// if let total = iterator.expectedLength { print("\(first?.readableBytes ?? 0) of \(total) bytes") }
        /// ```
        public private(set) var expectedLength: Int?

        init(request: HTTPRequestDescription) {
            self.request = request
        }

        /// The next piece of the body, nil at its end; throws ``HTTPLoadError`` at the first
        /// failure and returns nil after that.
        ///
        /// ```swift
        /// let chunk = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ByteBuffer? {
            var reader: HTTPBodyReader
            switch state {
            case .finished:
                return nil
            case .initial:
                // A failure, here or below, leaves the iteration finished.
                state = .finished
                reader = try await HTTPBodyReader.open(request)
                expectedLength = reader.expectedLength
            case .reading(let current):
                reader = current
            }
            state = .finished
            guard let chunk = try await reader.next() else { return nil }
            state = .reading(reader)
            return chunk
        }
    }
}

extension JSONHTTPClient {
    /// The raw body of a resource, streamed as it downloads (see ``HTTPBodyStream``).
    ///
    /// ```swift
    /// let client = JSONHTTPClient(baseURL: URL(string: "http://127.0.0.1:8080/feed.json")!)
    /// for try await chunk in client.body() { consume(chunk) }
    /// ```
    public func body(
        at resourcePath: String = "",
        method: HTTPMethod = .GET,
        query: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: [UInt8]? = nil
    ) -> HTTPBodyStream {
        HTTPBodyStream(
            request: HTTPRequestDescription(
                client: self, resourcePath: resourcePath, method: method, query: query, headers: headers, body: body))
    }
}
