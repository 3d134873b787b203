/// Why a ``JSONWriter`` refused a call, or could not deliver its output.
///
/// Refusals (everything but ``Kind/ioError``) are checked before anything is written: the call
/// has no effect and the writer can go on. An I/O error is final: every later call throws it
/// again.
///
/// ```swift
/// do {
///     try writer.double(.nan)
/// } catch {
///     print(error) // invalid number: NaN cannot be written as JSON
/// }
/// ```
public struct JSONWriterError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The category of a writer error.
    ///
    /// ```swift
    /// if error.kind == .ioError { /* stop writing */ }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Value: Hashable, Sendable {
            case keysMustBeStrings, invalidStructure, invalidNumber, invalidUTF8
            case generationComplete, ioError
        }
        let value: Value

        /// A value where an object expects a key.
        public static let keysMustBeStrings = Kind(value: .keysMustBeStrings)
        /// A call that does not fit the document: a key outside an object, an end that does not
        /// match the open container, an object closed after a key without its value, a reset
        /// inside a value.
        public static let invalidStructure = Kind(value: .invalidStructure)
        /// Number text outside JSON's grammar, or a NaN or infinite double.
        public static let invalidNumber = Kind(value: .invalidNumber)
        /// String or key bytes that are not valid UTF-8.
        public static let invalidUTF8 = Kind(value: .invalidUTF8)
        /// A second top-level value without ``JSONWriter/reset()`` in between.
        public static let generationComplete = Kind(value: .generationComplete)
        /// The sink failed to write or flush; see ``JSONWriterError/underlyingError``.
        public static let ioError = Kind(value: .ioError)

        /// A short name for the kind, used at the start of messages.
        ///
        /// ```swift
        /// JSONWriterError.Kind.invalidNumber.description // "invalid number"
        /// ```
        public var description: String {
            switch value {
            case .keysMustBeStrings: "keys must be strings"
            case .invalidStructure: "invalid structure"
            case .invalidNumber: "invalid number"
            case .invalidUTF8: "invalid UTF-8"
            case .generationComplete: "generation complete"
            case .ioError: "cannot write output"
            }
        }
    }

    /// The category of the error.
    ///
    /// ```swift
    /// error.kind == .invalidNumber
    /// ```
    public let kind: Kind

    /// What happened, for a person.
    ///
    /// ```swift
    /// error.message // "NaN cannot be written as JSON"
    /// ```
    public let message: String

    /// The error the sink threw, for ``Kind/ioError``.
    ///
    /// ```swift
    /// if let cause = error.underlyingError { print(cause) }
    /// ```
    public let underlyingError: (any Error)?

    /// Creates an error; writers and sinks make these.
    ///
    /// ```swift
    /// JSONWriterError(kind: .ioError, message: "disk full")
    /// ```
    public init(kind: Kind, message: String, underlyingError: (any Error)? = nil) {
        self.kind = kind
        self.message = message
        self.underlyingError = underlyingError
    }

    /// `KIND: MESSAGE`, for example `invalid number: NaN cannot be written as JSON`.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String { "\(kind): \(message)" }
}
