import Sift

/// One way an instance fails its schema: where in the instance, which keyword of the schema, and
/// a sentence saying what was expected and what was found.
///
/// ```swift
/// let schema = try JSONSchema(parsing: #"{"properties": {"id": {"type": "integer"}}}"#)
/// let report = try schema.validate(#"{"id": "12"}"#)
/// print(report.errors[0])
/// // $.id (1:8): expected an integer, found the string "12" [#/properties/id/type]
/// ```
public struct SchemaValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The keyword that failed (`type`, `required`, `anyOf`…).
    ///
    /// ```swift
    /// error.keyword // "type"
    /// ```
    public let keyword: String

    /// The instance value that failed, as a JSON path from the document's root.
    ///
    /// ```swift
    /// error.instancePath.description // "$.body[3].id"
    /// ```
    public internal(set) var instancePath: JSONNodePath

    /// Where the failing value starts in the input: byte offset, line and column.
    ///
    /// ```swift
    /// error.location.line // 1
    /// ```
    public let location: SourceLocation

    /// The failing keyword in its schema document, as a URI with a JSON Pointer fragment
    /// (`#/properties/id/type` in the root schema).
    ///
    /// ```swift
    /// error.schemaLocation // "#/properties/id/type"
    /// ```
    public let schemaLocation: String

    /// The keyword reached through the applicators and references evaluation followed, as a JSON
    /// Pointer (`/properties/body/items/$ref/required`): the "keywordLocation" of JSON Schema's
    /// output formats.
    ///
    /// ```swift
    /// error.evaluationPath // "/properties/id/type"
    /// ```
    public internal(set) var evaluationPath: String

    /// The sentence: what the keyword expected and what the instance has.
    ///
    /// ```swift
    /// error.message // "expected an integer, found the string \"12\""
    /// ```
    public let message: String

    /// The failing subschema's place in the schema (its node index): errors at the same place of
    /// the input are listed in schema order.
    var schemaOrder = 0

    /// Until the error is reported, its paths as links shared with the errors around it.
    ///
    /// ``instancePath`` is then the root's, and ``evaluationPath`` holds only the keyword's part;
    /// ``materialize()`` makes them whole.
    var pendingPath: PathLink?
    var pendingEvaluation: EvaluationLink?

    /// Makes the paths whole, for an error about to be reported.
    mutating func materialize() {
        if let link = pendingPath {
            instancePath = link.path
            pendingPath = nil
        }
        if let link = pendingEvaluation {
            evaluationPath = link.pointer + evaluationPath
            pendingEvaluation = nil
        }
    }

    /// Creates an error.
    ///
    /// ```swift
    /// SchemaValidationError(keyword: "type", instancePath: [.key("id")],
    ///                       location: SourceLocation(offset: 7, line: 1, column: 8),
    ///                       schemaLocation: "#/properties/id/type", evaluationPath: "/properties/id/type",
    ///                       message: "expected an integer, found the string \"12\"")
    /// ```
    public init(
        keyword: String, instancePath: JSONNodePath, location: SourceLocation, schemaLocation: String,
        evaluationPath: String, message: String
    ) {
        self.keyword = keyword
        self.instancePath = instancePath
        self.location = location
        self.schemaLocation = schemaLocation
        self.evaluationPath = evaluationPath
        self.message = message
    }

    /// `PATH (LINE:COLUMN): MESSAGE [SCHEMA LOCATION]`, the path shortened past 16 steps as a
    /// `JSONParseError`'s is (`JSONNodePath.abbreviatedDescription`).
    ///
    /// ```swift
    /// print(error) // $.id (1:8): expected an integer, found the string "12" [#/properties/id/type]
    /// ```
    public var description: String {
        "\(instancePath.abbreviatedDescription) (\(location)): \(message) [\(schemaLocation)]"
    }
}
