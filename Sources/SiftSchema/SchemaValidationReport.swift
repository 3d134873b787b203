import Sift

/// The outcome of validating an input: whether every value met the schema, and the errors in
/// input order.
///
/// ```swift
/// let report = try schema.validate(#"{"id": "12"}"#)
/// if !report.isValid { report.errors.forEach { print($0) } }
/// ```
public struct SchemaValidationReport: Sendable, Hashable {
    /// Whether the instance is valid.
    ///
    /// False as soon as any error was found, including when the validation stopped at its
    /// `maxErrors` limit.
    ///
    /// ```swift
    /// report.isValid // true
    /// ```
    public var isValid: Bool

    /// The errors, ordered by their place in the input (all of them, or the first `maxErrors`).
    ///
    /// ```swift
    /// report.errors.first?.message // "expected an integer, found the string \"12\""
    /// ```
    public var errors: [SchemaValidationError]

    /// Whether the validation stopped early because it had found `maxErrors` errors.
    ///
    /// ```swift
    /// if report.isTruncated { print("and possibly more") }
    /// ```
    public var isTruncated: Bool

    /// Creates a report.
    ///
    /// ```swift
    /// SchemaValidationReport(isValid: true, errors: [], isTruncated: false)
    /// ```
    public init(isValid: Bool, errors: [SchemaValidationError], isTruncated: Bool) {
        self.isValid = isValid
        self.errors = errors
        self.isTruncated = isTruncated
    }

    /// The report in JSON Schema's "basic" output format: `valid`, and a flat list of `errors`,
    /// each with `keywordLocation`, `absoluteKeywordLocation`, `instanceLocation` (a JSON
    /// Pointer) and `error`; Sift adds the instance's `line`, `column` and `offset`.
    ///
    /// ```swift
    /// print(report.basicOutput)
    /// // {"valid":false,"errors":[{"keywordLocation":"/properties/id/type",…}]}
    /// ```
    public var basicOutput: JSONValue {
        var root: JSONObject = ["valid": .bool(isValid)]
        if !errors.isEmpty {
            root.append(key: "errors", value: .array(errors.map(\.basicOutputUnit)))
        }
        return .object(root)
    }
}

extension SchemaValidationError {
    /// One output unit of the "basic" format.
    var basicOutputUnit: JSONValue {
        let pointer = instancePath.components.map { component -> String in
            switch component {
            case .key(let name): "/" + SchemaURI.escape(name)
            case .index(let index): "/\(index)"
            }
        }.joined()
        return .object([
            "keywordLocation": .string(evaluationPath),
            "absoluteKeywordLocation": .string(schemaLocation),
            "instanceLocation": .string(pointer),
            "error": .string(message),
            "line": .number(JSONNumber(location.line)),
            "column": .number(JSONNumber(location.column)),
            "offset": .number(JSONNumber(location.offset)),
        ])
    }
}
