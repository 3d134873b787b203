import Sift

/// A response's JSON was well formed but could not become the requested value: nothing at the
/// root key path, a value of the wrong kind there, or a decoding or mapping failure.
///
/// ``HTTPLoadError`` of kind ``HTTPLoadError/Kind/mapping`` carries it as its underlying error.
///
/// ```swift
/// do {
///     _ = try await loader.load()
/// } catch let error as HTTPLoadError where error.kind == .mapping {
///     if let mapping = error.underlyingError as? DataMapperError {
///         print(mapping.path, mapping.message) // $.authors[3] cannot decode Author at $.authors[3]
///     }
/// }
/// ```
public struct DataMapperError: Error, CustomStringConvertible, @unchecked Sendable {
    /// What went wrong, for a person.
    ///
    /// ```swift
    /// error.message // "no value at root key path `data.authors`: `data` has no member `authors`"
    /// ```
    public let message: String

    /// The path of the value that could not be mapped, for example `$.authors[3]`.
    ///
    /// ```swift
    /// error.path.description // "$.authors[3]"
    /// ```
    public let path: JSONNodePath

    /// Where in the body the problem was found, when known.
    ///
    /// ```swift
    /// error.location?.line // 1
    /// ```
    public let location: SourceLocation?

    /// The error of the decoder or mapping function, for example a `DecodingError`.
    ///
    /// ```swift
    /// if case .keyNotFound(let key, _)? = error.underlyingError as? DecodingError { print(key) }
    /// ```
    public let underlyingError: (any Error)?

    /// Creates a mapping error; mappers throw these.
    ///
    /// ```swift
    /// throw DataMapperError(message: "expected an array", path: [.key("authors")])
    /// ```
    public init(
        message: String, path: JSONNodePath, location: SourceLocation? = nil, underlyingError: (any Error)? = nil
    ) {
        self.message = message
        self.path = path
        self.location = location
        self.underlyingError = underlyingError
    }

    /// The location when known, the message and the underlying error (a `DecodingError` as
    /// its case, coding path and debug description, without Swift's repetitions).
    ///
    /// ```swift
    /// print(error)
    /// // 1:7: cannot decode Author at $.authors[0]: keyNotFound at name: No value associated with key ...
    /// ```
    public var description: String {
        var result = place.map { "\($0.line):\($0.column): " } ?? ""
        result += message
        if let reason { result += ": " + reason }
        return result
    }

    /// What the description adds to ``message``: the location and the underlying error, or
    /// nil when it adds nothing (for ``HTTPLoadError``, whose message is this error's message).
    var detail: String? {
        let location = place.map { "\($0.line):\($0.column)" }
        switch (location, reason) {
        case (let location?, let reason?): return location + ": " + reason
        case (let location?, nil): return location
        case (nil, let reason?): return reason
        case (nil, nil): return nil
        }
    }

    /// ``location``, or the location of the parse error a located `DecodingError` carries.
    private var place: SourceLocation? {
        if let location { return location }
        guard case let decodingError as DecodingError = underlyingError else { return nil }
        return (Self.context(of: decodingError)?.underlyingError as? JSONParseError)?.location
    }

    /// The underlying error in words, or nil when there is none.
    private var reason: String? {
        guard let underlyingError else { return nil }
        guard let decodingError = underlyingError as? DecodingError, let context = Self.context(of: decodingError)
        else { return "\(underlyingError)" }
        return Self.describe(decodingError, context)
    }

    /// `keyNotFound at user.name: No value associated with key …`: the case, the coding path and
    /// the debug description (without its final period), then an underlying error that says
    /// more than the description (a located parse error only repeats it: its place is used).
    private static func describe(_ error: DecodingError, _ context: DecodingError.Context) -> String {
        let name: String
        switch error {
        case .typeMismatch: name = "typeMismatch"
        case .valueNotFound: name = "valueNotFound"
        case .keyNotFound: name = "keyNotFound"
        case .dataCorrupted: name = "dataCorrupted"
        @unknown default: name = "DecodingError"
        }
        var result = name
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        if !path.isEmpty { result += " at " + path }
        var text = context.debugDescription
        if text.hasSuffix(".") { text.removeLast() }
        if !text.isEmpty { result += ": " + text }
        if let underlying = context.underlyingError, !(underlying is JSONParseError) {
            result += " (\(underlying))"
        }
        return result
    }

    private static func context(of error: DecodingError) -> DecodingError.Context? {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default: nil
        }
    }
}
