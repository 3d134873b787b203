import Sift

/// Why loading JSON over HTTP failed: each kind of failure is distinct and carries what is
/// needed to act on it (the status and the start of the body, the parse error with its location,
/// the limit that was exceeded, the underlying transport or mapping error).
///
/// Cancelling the task that loads throws `CancellationError`, not this error.
///
/// ```swift
/// do {
///     let authors = try await loader.load()
/// } catch let error as HTTPLoadError where error.kind == .status {
///     print(error.statusCode ?? 0, error.bodyExcerptText) // 404 {"error":"not found"}
/// }
/// ```
public struct HTTPLoadError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The category of a load error.
    ///
    /// ```swift
    /// switch error.kind {
    /// case .timeout, .transport: retryLater()
    /// default: show(error)
    /// }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Value: Hashable, Sendable {
            case invalidRequest, status, transport, timeout, truncatedBody, bodyTooLarge, invalidJSON, mapping
        }
        let value: Value

        /// The request could not be built (for example the resource path does not form a URL).
        public static let invalidRequest = Kind(value: .invalidRequest)
        /// The server answered with a status outside 200–299; see ``HTTPLoadError/statusCode``
        /// and ``HTTPLoadError/bodyExcerpt``.
        public static let status = Kind(value: .status)
        /// Connecting, sending or receiving failed; see ``HTTPLoadError/underlyingError``.
        public static let transport = Kind(value: .transport)
        /// A timeout of ``HTTPTimeouts`` expired; ``HTTPLoadError/message`` says which.
        public static let timeout = Kind(value: .timeout)
        /// The connection ended before the whole body arrived, so the JSON is cut short.
        public static let truncatedBody = Kind(value: .truncatedBody)
        /// The body is larger than ``JSONHTTPClient/maximumBodySize``; see
        /// ``HTTPLoadError/bodyLimit``.
        public static let bodyTooLarge = Kind(value: .bodyTooLarge)
        /// The body is not valid JSON; see ``HTTPLoadError/parseError`` for the location.
        public static let invalidJSON = Kind(value: .invalidJSON)
        /// The JSON could not become the requested value; see ``HTTPLoadError/underlyingError``
        /// (a ``DataMapperError`` for the built-in mappers).
        public static let mapping = Kind(value: .mapping)

        /// A short name for the kind.
        ///
        /// ```swift
        /// HTTPLoadError.Kind.truncatedBody.description // "truncated body"
        /// ```
        public var description: String {
            switch value {
            case .invalidRequest: "invalid request"
            case .status: "HTTP error status"
            case .transport: "transport error"
            case .timeout: "timeout"
            case .truncatedBody: "truncated body"
            case .bodyTooLarge: "body too large"
            case .invalidJSON: "invalid JSON"
            case .mapping: "mapping error"
            }
        }
    }

    /// The category of the error.
    ///
    /// ```swift
    /// error.kind == .timeout
    /// ```
    public let kind: Kind

    /// What happened, for a person, without the URL.
    ///
    /// ```swift
    /// error.message // "no body data for 0.2 seconds"
    /// ```
    public let message: String

    /// The URL of the request.
    ///
    /// ```swift
    /// error.url // "http://127.0.0.1:8080/authors"
    /// ```
    public let url: String

    /// The response status, when a response head arrived.
    ///
    /// ```swift
    /// error.statusCode // 404
    /// ```
    public let statusCode: Int?

    /// For ``Kind/status``: the first bytes of the error body, at most 4 KiB
    /// (``HTTPLoadError/maximumBodyExcerpt``).
    ///
    /// ```swift
    /// error.bodyExcerpt.count // <= 4096
    /// ```
    public let bodyExcerpt: [UInt8]

    /// The number of body bytes received before the error.
    ///
    /// ```swift
    /// error.bytesReceived // 100
    /// ```
    public let bytesReceived: Int

    /// For ``Kind/bodyTooLarge``: the limit that was exceeded, in bytes.
    ///
    /// ```swift
    /// error.bodyLimit // 1_000_000
    /// ```
    public let bodyLimit: Int?

    /// For ``Kind/invalidJSON`` and ``Kind/truncatedBody``: the tokenizer's error, with the
    /// location and the JSON path where the body stopped making sense.
    ///
    /// ```swift
    /// error.parseError?.location.line // 1
    /// ```
    public let parseError: JSONParseError?

    /// The error behind this one: the transport's for ``Kind/transport`` and ``Kind/timeout``,
    /// the mapper's for ``Kind/mapping``.
    ///
    /// ```swift
    /// error.underlyingError as? DataMapperError
    /// ```
    public let underlyingError: (any Error)?

    /// The most bytes of an error body kept in ``bodyExcerpt``: 4096.
    ///
    /// ```swift
    /// HTTPLoadError.maximumBodyExcerpt // 4096
    /// ```
    public static let maximumBodyExcerpt = 4096

    init(
        _ kind: Kind,
        _ message: String,
        url: String,
        statusCode: Int? = nil,
        bodyExcerpt: [UInt8] = [],
        bytesReceived: Int = 0,
        bodyLimit: Int? = nil,
        parseError: JSONParseError? = nil,
        underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.url = url
        self.statusCode = statusCode
        self.bodyExcerpt = bodyExcerpt
        self.bytesReceived = bytesReceived
        self.bodyLimit = bodyLimit
        self.parseError = parseError
        self.underlyingError = underlyingError
    }

    /// ``bodyExcerpt`` as text (invalid UTF-8 replaced by U+FFFD).
    ///
    /// ```swift
    /// error.bodyExcerptText // "{\"error\":\"not found\"}"
    /// ```
    public var bodyExcerptText: String {
        String(decoding: bodyExcerpt, as: UTF8.self)
    }

    /// `KIND: MESSAGE (URL)`, then the excerpt of an error body, the parse error's diagnostic
    /// with its caret, or what a mapping error adds to the message (its location and cause).
    ///
    /// ```swift
    /// print(error)
    /// // HTTP error status: 404 Not Found (http://127.0.0.1:8080/missing)
    /// // {"error":"not found"}
    /// ```
    public var description: String {
        var result = "\(kind): \(message) (\(url))"
        if kind == .status, !bodyExcerpt.isEmpty {
            result += "\n" + bodyExcerptText
        }
        if let parseError {
            result += "\n" + parseError.description
        } else if kind == .mapping, let underlyingError {
            // The message is the mapping error's own: only what it adds follows.
            if let mappingError = underlyingError as? DataMapperError {
                if let detail = mappingError.detail { result += "\n" + detail }
            } else if "\(underlyingError)" != message {
                result += "\n\(underlyingError)"
            }
        }
        return result
    }
}
