public import Sift

/// One thing wrong in a mapped document: where (the full path, and the source location of the
/// offending value when there is one), and what.
///
/// ```swift
/// do {
///     _ = try Mapper.decodeObject(of: Person.self, from: input)
/// } catch let error as MappingError {
///     for failure in error.failures where failure.kind == .missingRequired {
///         print(failure.path) // $.addresses[2].zip
///     }
/// }
/// ```
public struct MappingFailure: Hashable, Sendable, CustomStringConvertible {
    /// The category of a failure.
    ///
    /// ```swift
    /// if failure.kind == .wrongType { print(failure.expected ?? "", failure.found ?? "") }
    /// ```
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        enum Value: Hashable, Sendable {
            case missingRequired, wrongType, invalidURL, decoderFailed, elementFailed, ambiguousKeyPath
        }
        let value: Value

        /// A required value is absent or `null`.
        public static let missingRequired = Kind(value: .missingRequired)
        /// A value has another JSON type than the property's, or a number does not fit it.
        public static let wrongType = Kind(value: .wrongType)
        /// A `.url` property's string is not a valid URL.
        public static let invalidURL = Kind(value: .invalidURL)
        /// A value decoder (or a model's initializer) rejected the value.
        public static let decoderFailed = Kind(value: .decoderFailed)
        /// An element of a mapped or decoded array is rejected as a whole (wrong type, or its
        /// decoder failed); failures inside an element object have their own paths instead.
        public static let elementFailed = Kind(value: .elementFailed)
        /// Streaming the elements of the array at a dotted key path, the nested reading's array
        /// was handed out before the literal key's array, which wins, was found.
        public static let ambiguousKeyPath = Kind(value: .ambiguousKeyPath)

        /// The kind's name.
        ///
        /// ```swift
        /// MappingFailure.Kind.invalidURL.description // "invalid URL"
        /// ```
        public var description: String {
            switch value {
            case .missingRequired: "missing required value"
            case .wrongType: "wrong type"
            case .invalidURL: "invalid URL"
            case .decoderFailed: "decoder failed"
            case .elementFailed: "element failed"
            case .ambiguousKeyPath: "ambiguous key path"
            }
        }
    }

    indirect enum Detail: Hashable, Sendable {
        case missing(expected: String, foundNull: Bool)
        case wrongType(expected: String, found: String)
        case invalidURL(found: String)
        case decoder(message: String)
        case element(index: Int, Detail)
        case ambiguousKeyPath(String)
    }

    let detail: Detail

    /// The path of the offending value from the document's root, for example `$.addresses[2].zip`.
    ///
    /// ```swift
    /// failure.path.description // "$.addresses[2].zip"
    /// ```
    public internal(set) var path: JSONNodePath

    /// Where the offending value starts in the input; nil for a missing value.
    ///
    /// ```swift
    /// failure.location?.line // 12
    /// ```
    public internal(set) var location: SourceLocation?

    init(_ detail: Detail, path: JSONNodePath, location: SourceLocation?) {
        self.detail = detail
        self.path = path
        self.location = location
    }

    /// The category of the failure.
    ///
    /// ```swift
    /// failure.kind == .decoderFailed
    /// ```
    public var kind: Kind {
        switch detail {
        case .missing: .missingRequired
        case .wrongType: .wrongType
        case .invalidURL: .invalidURL
        case .decoder: .decoderFailed
        case .element: .elementFailed
        case .ambiguousKeyPath: .ambiguousKeyPath
        }
    }

    /// What the property (or array element) expects, for example "an integer (Int)".
    ///
    /// ```swift
    /// failure.expected // "a string"
    /// ```
    public var expected: String? {
        switch Self.innermost(detail) {
        case .missing(let expected, _), .wrongType(let expected, _): expected
        default: nil
        }
    }

    /// What was found instead, for example `the string "12"`, `null`, `an array`; for an invalid URL,
    /// the quoted string.
    ///
    /// ```swift
    /// failure.found // "the number 1.5, which is not an integer"
    /// ```
    public var found: String? {
        switch Self.innermost(detail) {
        case .missing(_, let foundNull): foundNull ? "null" : nil
        case .wrongType(_, let found), .invalidURL(let found): found
        default: nil
        }
    }

    /// The message of the decoder (or initializer) that rejected the value.
    ///
    /// ```swift
    /// failure.reason // "\"31/02\" is not a date in the format \"dd/MM\""
    /// ```
    public var reason: String? {
        if case .decoder(let message) = Self.innermost(detail) { return message }
        return nil
    }

    /// The index of the rejected element, for ``Kind/elementFailed``.
    ///
    /// ```swift
    /// failure.elementIndex // 2
    /// ```
    public var elementIndex: Int? {
        if case .element(let index, _) = detail { return index }
        return nil
    }

    /// The failure without its path and location, for example
    /// `wrong type: expected a boolean, found the number 1`.
    ///
    /// ```swift
    /// failure.message
    /// ```
    public var message: String { Self.message(detail) }

    /// One line: path, message and location, for example
    /// `$.age: wrong type: expected an integer (Int), found the string "12" (line 3, column 10)`.
    ///
    /// ```swift
    /// print(failure)
    /// ```
    public var description: String {
        var line = "\(path): \(message)"
        if let location { line += " (line \(location.line), column \(location.column))" }
        return line
    }

    private static func innermost(_ detail: Detail) -> Detail {
        if case .element(_, let inner) = detail { return innermost(inner) }
        return detail
    }

    private static func message(_ detail: Detail) -> String {
        switch detail {
        case .missing(let expected, let foundNull):
            "missing required value: expected \(expected)" + (foundNull ? ", found null" : "")
        case .wrongType(let expected, let found): "wrong type: expected \(expected), found \(found)"
        case .invalidURL(let found): "invalid URL: \(found)"
        case .decoder(let message): "decoder failed: \(message)"
        case .element(let index, let inner): "element \(index) failed: \(message(inner))"
        case .ambiguousKeyPath(let keyPath):
            "ambiguous key path: `\(keyPath)` names both this member and nested members, "
                + "and the nested array's elements were handed out first"
        }
    }

    /// The same failure, found inside a value at `prefix` (a nested mapping's paths are relative
    /// to the value it ran on).
    func placed(under prefix: JSONNodePath) -> MappingFailure {
        var copy = self
        copy.path = JSONNodePath(prefix.components + path.components)
        return copy
    }
}

/// Every failure of a mapping, in one error: each object's failures in schema order, nested
/// objects' and array elements' failures where their property is, elements in order.
///
/// Mapping does not stop at the first failure: the whole object graph is checked, and its
/// ``description`` lists every failure on its own line.
///
/// ```swift
/// do {
///     let person = try Mapper.decodeObject(of: Person.self, from: input)
/// } catch let error as MappingError {
///     print(error)
///     // $.id: wrong type: expected an integer (Int), found the string "12" (line 2, column 9)
///     // $.addresses[2].zip: missing required value: expected a string
/// }
/// ```
public struct MappingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The failures, in report order.
    ///
    /// ```swift
    /// error.failures.count
    /// ```
    public var failures: [MappingFailure]

    /// Creates an error from failures.
    ///
    /// ```swift
    /// throw MappingError(failures)
    /// ```
    public init(_ failures: [MappingFailure]) {
        self.failures = failures
    }

    /// Every failure on its own line.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        failures.map(\.description).joined(separator: "\n")
    }
}

/// A ``MappedEntity`` was asked for something its schema does not give: an unknown key path,
/// another Swift type than the property's, or a required value of an optional property that is
/// absent.
///
/// This is a programming error; it is not aggregated.
///
/// ```swift
/// let id: String = try entity.value(for: "id") // throws if "id" is an .int property
/// ```
public struct EntityAccessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the access.
    ///
    /// ```swift
    /// print(error.message)
    /// ```
    public let message: String

    /// The message.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String { message }
}
