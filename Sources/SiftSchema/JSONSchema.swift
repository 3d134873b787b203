import Sift

/// A JSON Schema (draft 2020-12), compiled once into an immutable value that validates any number
/// of instances as they stream, on any thread.
///
/// `$ref` and `$dynamicRef` resolve within the schema, against `remotes`, a table of known
/// documents by URI, and against the draft 2020-12 meta-schemas, which are built in
/// (`https://json-schema.org/draft/2020-12/schema` and its `meta/…` vocabulary meta-schemas):
/// nothing is ever fetched.
///
/// ```swift
/// let schema = try JSONSchema(parsing: """
///     {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
///     """)
/// let report = try schema.validate(#"{"id": "12"}"#)
/// report.isValid         // false
/// report.errors[0].message // expected an integer, found the string "12"
/// ```
public struct JSONSchema: Sendable {
    let nodes: [SchemaNode]
    let root: Int
    /// Nodes of `$dynamicAnchor`s by resource and anchor name.
    let dynamicAnchors: [Int: [String: Int]]
    /// Whether any subschema has `unevaluatedProperties` or `unevaluatedItems`, so that frames
    /// must keep the names and indices they evaluate.
    let tracksAnnotations: Bool
    /// Whether `format` asserts (for the formats ``FormatAssertion`` knows) rather than annotates.
    let assertsFormat: Bool

    /// Compiles `schema`, resolving references against `remotes` (documents by URI).
    ///
    /// - Parameters:
    ///   - schema: The schema, an object or a boolean.
    ///   - remotes: Other schema documents, by the URI that `$ref` uses to name them. A document
    ///     under the URI of a built-in draft 2020-12 meta-schema is used instead of it.
    ///   - baseURI: The schema's URI when it has no `$id`; relative references resolve against it.
    ///   - assertsFormat: Whether `format` is an assertion for `date-time`, `date`, `time`,
    ///     `email`, `hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `uuid`, `json-pointer`
    ///     and `regex` (by default, as the specification says, it is only an annotation).
    /// - Throws: ``JSONSchemaError`` when the schema is invalid, a reference names nothing known,
    ///   or a pattern is beyond I-Regexp.
    ///
    /// ```swift
    /// let integer: JSONValue = ["type": "integer"]
    /// let schema = try JSONSchema(["$ref": "https://example.com/integer.json"],
    ///                             remotes: ["https://example.com/integer.json": integer])
    /// ```
    public init(
        _ schema: JSONValue, remotes: [String: JSONValue] = [:], baseURI: String? = nil, assertsFormat: Bool = false
    ) throws(JSONSchemaError) {
        self.assertsFormat = assertsFormat
        var registry = SchemaRegistry()
        registry.add(schema, uri: baseURI ?? SchemaURI.defaultBase)
        for (uri, document) in remotes.sorted(by: { $0.key < $1.key }) {
            registry.add(document, uri: SchemaURI.split(uri).0)
        }
        var compiler = SchemaCompiler(registry: registry)
        root = try compiler.node(at: SchemaPlace(document: 0, pointer: ""))
        dynamicAnchors = compiler.dynamicAnchorTable()
        nodes = compiler.nodes
        for node in nodes where node.isRefAlone {
            if let target = node.ref, !nodes[target].isRefAlone, nodes[target].resource == node.resource {
                node.refAlone = target
            }
        }
        tracksAnnotations = nodes.contains { $0.unevaluatedItems != nil || $0.unevaluatedProperties != nil }
    }

    /// Parses and compiles a schema written as JSON text.
    ///
    /// ```swift
    /// let schema = try JSONSchema(parsing: #"{"type": "string", "maxLength": 8}"#)
    /// ```
    public init(
        parsing text: String, remotes: [String: JSONValue] = [:], baseURI: String? = nil, assertsFormat: Bool = false
    ) throws(JSONSchemaError) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw JSONSchemaError(.invalidSchema, "the schema is not JSON: \(error)")
        }
        try self.init(value, remotes: remotes, baseURI: baseURI, assertsFormat: assertsFormat)
    }

    /// Validates one input, streamed through the tokenizer in one pass.
    ///
    /// - Parameters:
    ///   - input: The instance: bytes, text, a file, standard input.
    ///   - options: The parser's options (`allowsMultipleValues` validates every value of an
    ///     NDJSON input).
    ///   - maxErrors: Stop after this many errors; nil reports them all.
    /// - Returns: The report: valid or not, and the errors.
    /// - Throws: `JSONParseError` when the input is not JSON.
    ///
    /// ```swift
    /// let report = try schema.validate(.file("feed.json"), maxErrors: 10)
    /// for error in report.errors { print(error) }
    /// ```
    public func validate(
        _ input: JSONInput, options: JSONParserOptions = JSONParserOptions(), maxErrors: Int? = nil
    ) throws(JSONParseError) -> SchemaValidationReport {
        let tokenizer = JSONTokenizer(
            options: options,
            handler: JSONSchemaValidator(schema: self, maxErrors: maxErrors, validatesUTF8: options.validatesUTF8))
        try tokenizer.parse(input)
        return tokenizer.handler.report
    }
}
