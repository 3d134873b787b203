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

    /// The message, the location when known and the underlying error.
    ///
    /// ```swift
    /// print(error) // cannot decode Author at $.authors[3]: keyNotFound(...)
    /// ```
    public var description: String {
        var result = location.map { "\($0.line):\($0.column): " } ?? ""
        result += message
        if let underlyingError { result += ": \(underlyingError)" }
        return result
    }
}
