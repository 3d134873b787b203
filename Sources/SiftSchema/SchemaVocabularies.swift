import Sift

/// Which vocabularies of draft 2020-12 a schema resource uses, as its meta-schema declares them.
///
/// A keyword of a vocabulary not in use is not applied (it is an unknown keyword there).
/// Without a known meta-schema that declares `$vocabulary`, all are in use.
struct SchemaVocabularies: Equatable {
    var applicator: Bool
    var unevaluated: Bool
    var validation: Bool

    static let all = SchemaVocabularies(applicator: true, unevaluated: true, validation: true)

    /// The vocabularies every 2020-12 implementation knows; another one that a meta-schema
    /// requires (`true`) makes its schemas uncompilable, as the specification asks.
    static let known: Set<String> = Set(
        [
            "core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "format-assertion",
            "content",
        ]
        .map { "https://json-schema.org/draft/2020-12/vocab/" + $0 })

    /// The keywords of the applicator vocabulary.
    static let applicatorKeywords: Set<String> = [
        "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
        "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
    ]

    /// The vocabularies `declared` (a meta-schema's `$vocabulary`) puts in use.
    init(_ declared: JSONObject, metaSchema: String) throws(JSONSchemaError) {
        for member in declared where member.value == .bool(true) && !Self.known.contains(member.key) {
            throw JSONSchemaError(
                .invalidSchema,
                "the meta-schema \(metaSchema) requires the vocabulary \(member.key), which Sift does not know")
        }
        func uses(_ name: String) -> Bool {
            declared["https://json-schema.org/draft/2020-12/vocab/" + name] != nil
        }
        self.init(applicator: uses("applicator"), unevaluated: uses("unevaluated"), validation: uses("validation"))
    }

    private init(applicator: Bool, unevaluated: Bool, validation: Bool) {
        self.applicator = applicator
        self.unevaluated = unevaluated
        self.validation = validation
    }
}
