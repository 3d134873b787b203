/// Why a schema could not be compiled: it is not a valid schema, a reference names no known
/// schema, or a pattern is beyond the engine's linear-time matcher.
///
/// ```swift
/// do {
///     _ = try JSONSchema(parsing: #"{"$ref": "other.json"}"#)
/// } catch {
///     print(error) // cannot resolve the reference "other.json" (sift:///other.json)
/// }
/// ```
public struct JSONSchemaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of schema errors.
    ///
    /// ```swift
    /// if error.kind == .unresolvableReference { print("add the document to `remotes`") }
    /// ```
    public struct Kind: Hashable, Sendable {
        private let name: String

        /// The schema is not JSON, or a keyword has a value of the wrong type.
        ///
        /// ```swift
        /// error.kind == .invalidSchema
        /// ```
        public static let invalidSchema = Kind(name: "invalidSchema")

        /// A `$ref` or `$dynamicRef` names no schema of the root document or of the `remotes`
        /// table (nothing is fetched).
        ///
        /// ```swift
        /// error.kind == .unresolvableReference
        /// ```
        public static let unresolvableReference = Kind(name: "unresolvableReference")

        /// A `pattern` or `patternProperties` expression is not an I-Regexp (RFC 9485), the
        /// subset of ECMA-262 that Sift matches in linear time.
        ///
        /// ```swift
        /// error.kind == .unsupportedPattern
        /// ```
        public static let unsupportedPattern = Kind(name: "unsupportedPattern")
    }

    /// What went wrong.
    ///
    /// ```swift
    /// error.kind // .unsupportedPattern
    /// ```
    public let kind: Kind

    /// A sentence naming the keyword and where it is.
    ///
    /// ```swift
    /// error.message // "the pattern \"\\d+\" at #/properties/id is not an I-Regexp …"
    /// ```
    public let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    ///
    /// ```swift
    /// print(error) // cannot resolve the reference "other.json" (sift:///other.json)
    /// ```
    public var description: String { message }
}
