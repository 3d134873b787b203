import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Sift

/// What a loader asks for: the client, and where and how to ask.
struct HTTPRequestDescription: Sendable {
    var client: JSONHTTPClient
    var resourcePath: String
    var method: HTTPMethod
    var query: [URLQueryItem]
    var headers: HTTPHeaders
    var body: [UInt8]?
}

/// A response being read: its head arrived with a 2xx status, and its body comes chunk by chunk
/// under the client's timeouts and size limit.
///
/// Every failure leaves here as an ``HTTPLoadError`` or a `CancellationError`.
struct HTTPBodyReader {
    /// The AsyncHTTPClient body iterator, shared with the child task that waits on it while a
    /// timer runs beside it.
    ///
    /// Only one task at a time uses it.
    private final class BodyIterator: @unchecked Sendable {
        var iterator: HTTPClientResponse.Body.AsyncIterator
        init(_ body: HTTPClientResponse.Body) { iterator = body.makeAsyncIterator() }
        func next() async throws -> ByteBuffer? { try await iterator.next() }
    }

    private struct TimeoutSignal: Error {
        var message: String
    }

    private enum Phase {
        case head, body
    }

    let url: String
    let statusCode: Int
    private let body: BodyIterator
    private let timeouts: HTTPTimeouts
    private let maximumBodySize: Int?
    /// The Content-Length of a body that is not content-encoded.
    let expectedLength: Int?
    private let isChunked: Bool
    private let totalDeadline: ContinuousClock.Instant?
    private(set) var bytesReceived = 0
    /// Whether the body ended with proof that it was complete (its Content-Length reached, or the
    /// last chunk of a chunked body); false for a body delimited only by the connection closing.
    private(set) var isFramingComplete = false
    private var isFinished = false

    private init(url: String, response: HTTPClientResponse, client: JSONHTTPClient, started: ContinuousClock.Instant) {
        self.url = url
        self.statusCode = Int(response.status.code)
        self.body = BodyIterator(response.body)
        self.timeouts = client.timeouts
        self.maximumBodySize = client.maximumBodySize
        let encoding = response.headers.first(name: "content-encoding")?.lowercased()
        self.expectedLength =
            encoding == nil || encoding == "identity"
            ? response.headers.first(name: "content-length").flatMap { Int($0) } : nil
        self.isChunked = response.headers[canonicalForm: "transfer-encoding"].contains { $0.lowercased() == "chunked" }
        self.totalDeadline = client.timeouts.total.map { started + $0 }
    }

    /// Sends the request and waits for a response head with a 2xx status.
    static func open(_ description: HTTPRequestDescription) async throws -> HTTPBodyReader {
        let client = description.client
        guard let url = client.url(forResourcePath: description.resourcePath, query: description.query) else {
            throw HTTPLoadError(
                .invalidRequest,
                "resource path \"\(description.resourcePath)\" does not form a URL with \(client.baseURL)",
                url: client.baseURL.absoluteString)
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = description.method
        request.headers = client.headers
        request.headers.add(contentsOf: description.headers)
        if !request.headers.contains(name: "accept") {
            request.headers.add(name: "Accept", value: "application/json")
        }
        if let body = description.body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let started = ContinuousClock.now
        let timeouts = client.timeouts
        let waitForHead = min(timeouts.response, timeouts.total ?? timeouts.response)
        let response: HTTPClientResponse
        do {
            response = try await client.httpClient.execute(request, timeout: .nanoseconds(waitForHead.nanoseconds))
        } catch {
            throw classify(
                headError(error, after: started, deadline: waitForHead), phase: .head, url: url.absoluteString,
                statusCode: nil, bytesReceived: 0, timeouts: timeouts)
        }
        var reader = HTTPBodyReader(url: url.absoluteString, response: response, client: client, started: started)
        guard (200..<300).contains(reader.statusCode) else {
            let excerpt = try await reader.readExcerpt()
            throw HTTPLoadError(
                .status, "\(response.status.code) \(response.status.reasonPhrase)", url: reader.url,
                statusCode: reader.statusCode, bodyExcerpt: excerpt, bytesReceived: reader.bytesReceived)
        }
        if let limit = reader.maximumBodySize, let length = reader.expectedLength, length > limit {
            throw reader.tooLarge(limit: limit, announced: length)
        }
        return reader
    }

    /// The next piece of the body, or nil at its end.
    mutating func next() async throws -> ByteBuffer? {
        guard !isFinished else { return nil }
        let chunk: ByteBuffer?
        do {
            chunk = try await nextWithinDeadline()
        } catch {
            isFinished = true
            throw Self.classify(
                error, phase: .body, url: url, statusCode: statusCode, bytesReceived: bytesReceived, timeouts: timeouts)
        }
        guard let chunk else {
            isFinished = true
            isFramingComplete = expectedLength.map { $0 == bytesReceived } ?? isChunked
            return nil
        }
        bytesReceived += chunk.readableBytes
        if let limit = maximumBodySize, bytesReceived > limit {
            isFinished = true
            throw tooLarge(limit: limit, announced: nil)
        }
        return chunk
    }

    /// Runs a mapping step, turning its failure into the load error it stands for.
    func mapping<T>(_ step: () throws -> T) throws -> T {
        do {
            return try step()
        } catch {
            throw loadError(forMappingFailure: error)
        }
    }

    /// The load error a failure of the mapping stands for: malformed JSON, a body cut short, or
    /// a mapping error; a load error or a cancellation passes through.
    func loadError(forMappingFailure error: any Error) -> any Error {
        if error is HTTPLoadError || error is CancellationError { return error }
        guard let error = error as? JSONParseError else { return mappingError(error) }
        if error.kind == .consumerError {
            return mappingError(error.consumerThrownError)
        }
        if error.kind == .incompleteInput, !isFramingComplete {
            return HTTPLoadError(
                .truncatedBody, "the body ended after \(bytesReceived) bytes, inside the JSON document", url: url,
                statusCode: statusCode, bytesReceived: bytesReceived, parseError: error)
        }
        return HTTPLoadError(
            .invalidJSON, error.summary, url: url, statusCode: statusCode, bytesReceived: bytesReceived,
            parseError: error)
    }

    private func mappingError(_ error: any Error) -> HTTPLoadError {
        let message = (error as? DataMapperError)?.message ?? String(describing: error)
        return HTTPLoadError(
            .mapping, message, url: url, statusCode: statusCode, bytesReceived: bytesReceived, underlyingError: error)
    }

    private func tooLarge(limit: Int, announced: Int?) -> HTTPLoadError {
        let message =
            announced.map { "the body is \($0) bytes, over the limit of \(limit) bytes" }
            ?? "the body exceeds the limit of \(limit) bytes"
        return HTTPLoadError(
            .bodyTooLarge, message, url: url, statusCode: statusCode, bytesReceived: bytesReceived, bodyLimit: limit)
    }

    /// Reads at most ``HTTPLoadError/maximumBodyExcerpt`` bytes of an error body; a failure
    /// while reading it only shortens the excerpt.
    private mutating func readExcerpt() async throws -> [UInt8] {
        var excerpt: [UInt8] = []
        let limit = HTTPLoadError.maximumBodyExcerpt
        while excerpt.count < limit {
            let chunk: ByteBuffer?
            do {
                chunk = try await next()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                break
            }
            guard let chunk else { break }
            excerpt += chunk.readableBytesView.prefix(limit - excerpt.count)
        }
        isFinished = true
        return excerpt
    }

    /// Waits for the next piece of the body.
    ///
    /// The idle timeout counts from the start of this wait, so time the consumer spends between two
    /// reads (while backpressure holds the server) is not mistaken for a silent server.
    private func nextWithinDeadline() async throws -> ByteBuffer? {
        let idleDeadline = timeouts.idle.map { ContinuousClock.now + $0 }
        let deadline = [idleDeadline, totalDeadline].compactMap { $0 }.min()
        guard let deadline else { return try await body.next() }
        let message =
            deadline == totalDeadline
            ? "the exchange took longer than \(timeouts.total?.secondsText ?? "")"
            : "no body data for \(timeouts.idle?.secondsText ?? "")"
        let body = self.body
        return try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.next() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw TimeoutSignal(message: message)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { return nil }
            return first
        }
    }

    /// The error of a request that got no response head, a closed connection read as the deadline.
    ///
    /// AsyncHTTPClient closes the connection when the response deadline passes, and on a loaded
    /// machine that close can reach the request before the deadline's own error does: a
    /// connection closed once the deadline has passed is the deadline.
    private static func headError(
        _ error: any Error, after started: ContinuousClock.Instant, deadline: Duration
    ) -> any Error {
        guard let clientError = error as? HTTPClientError, clientError == .remoteConnectionClosed,
            ContinuousClock.now - started >= deadline
        else { return error }
        return HTTPClientError.deadlineExceeded
    }

    private static func classify(
        _ error: any Error, phase: Phase, url: String, statusCode: Int?, bytesReceived: Int, timeouts: HTTPTimeouts
    ) -> any Error {
        if let error = error as? HTTPLoadError { return error }
        func failure(_ kind: HTTPLoadError.Kind, _ message: String) -> HTTPLoadError {
            HTTPLoadError(
                kind, message, url: url, statusCode: statusCode, bytesReceived: bytesReceived, underlyingError: error)
        }
        if let signal = error as? TimeoutSignal { return failure(.timeout, signal.message) }
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .deadlineExceeded:
                return failure(.timeout, "no response within \(timeouts.response.secondsText)")
            case .readTimeout:
                return failure(.timeout, "the connection was idle longer than the HTTPClient's read timeout")
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return failure(.timeout, "could not connect in time")
            case .remoteConnectionClosed where phase == .body:
                return failure(
                    .truncatedBody, "the server closed the connection after \(bytesReceived) bytes of the body")
            default:
                break
            }
        }
        if phase == .body, error is HTTPParserError {
            return failure(.truncatedBody, "the body broke off after \(bytesReceived) bytes: \(error)")
        }
        let stage = phase == .head ? "while waiting for the response" : "while reading the body"
        return failure(.transport, "\(stage): \(HTTPLoadError.reason(for: error))")
    }
}
