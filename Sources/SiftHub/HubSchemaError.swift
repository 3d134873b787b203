/// A schema could not be loaded from its JSON description, or could not be registered.
///
/// ```swift
/// do {
///     _ = try HubSchema(jsonDescription: .string(#"{"component":{"titel":"$.name"}}"#))
/// } catch let error as HubSchemaError {
///     print(error) // component.titel: unknown property; expected one of identifier, groupIdentifier, ...
/// }
/// ```
public struct HubSchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of a schema error.
    ///
    /// ```swift
    /// if error.kind == .duplicateIdentifier { /* pick another name */ }
    /// ```
    public struct Kind: Hashable, Sendable {
        enum Value: Hashable, Sendable {
            case duplicateIdentifier, invalidDescription
        }
        let value: Value

        /// A schema is already registered under this identifier.
        ///
        /// ```swift
        /// catch let error as HubSchemaError where error.kind == .duplicateIdentifier { }
        /// ```
        public static let duplicateIdentifier = Kind(value: .duplicateIdentifier)
        /// A JSON description is not in the schema description format.
        ///
        /// ```swift
        /// catch let error as HubSchemaError where error.kind == .invalidDescription { print(error.subject) }
        /// ```
        public static let invalidDescription = Kind(value: .invalidDescription)
    }

    /// The category of the error.
    ///
    /// ```swift
    /// error.kind == .invalidDescription
    /// ```
    public let kind: Kind

    /// Where in the description the problem is (`component.title`), or the identifier that is
    /// already registered.
    ///
    /// ```swift
    /// error.subject // "component.title"
    /// ```
    public let subject: String

    /// What is wrong, for a person.
    ///
    /// ```swift
    /// error.message // "expected a path string, a list of path strings or null"
    /// ```
    public let message: String

    init(_ kind: Kind, subject: String, message: String) {
        self.kind = kind
        self.subject = subject
        self.message = message
    }

    /// `subject: message`.
    ///
    /// ```swift
    /// print(error) // component.title: expected a path string, a list of path strings or null
    /// ```
    public var description: String {
        subject.isEmpty ? message : "\(subject): \(message)"
    }
}
