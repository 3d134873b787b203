import Sift
import SiftSchema
import Testing

/// The bundled draft 2020-12 meta-schemas: a `$ref` or `$dynamicRef` to them resolves without
/// `remotes`, a schema validates against them, and a document of `remotes` under their URI wins.
@Suite struct MetaSchemaTests {
    static let metaSchemaURI = "https://json-schema.org/draft/2020-12/schema"

    /// The meta-schema itself, as a schema that validates schemas.
    static let metaSchema: JSONSchema = {
        do { return try JSONSchema(["$ref": .string(metaSchemaURI)]) } catch { fatalError("\(error)") }
    }()

    @Test("a schema is checked against the meta-schema, whole and in chunks")
    func validatesSchemas() throws {
        let valid = #"{"type": "object", "properties": {"id": {"type": ["integer", "null"], "minimum": 0}}}"#
        let invalid = #"{"properties": {"id": {"type": "int", "minimum": "0"}}, "required": "id"}"#
        #expect(try Self.metaSchema.validate(.string(valid)).isValid)
        let report = try Self.metaSchema.validate(.string(invalid))
        let validation = "https://json-schema.org/draft/2020-12/meta/validation#"
        #expect(
            report.errors.map(\.description) == [
                "$.properties.id.type (1:32): matches none of the 2 subschemas of anyOf [\(validation)/properties/type/anyOf]",
                #"$.properties.id.type (1:32): expected one of "array", "boolean", "integer", "null", "number", …, found the string "int" ["#
                    + validation + "/$defs/simpleTypes/enum]",
                #"$.properties.id.type (1:32): expected an array, found the string "int" ["#
                    + validation + "/properties/type/anyOf/1/type]",
                #"$.properties.id.minimum (1:50): expected a number, found the string "0" ["#
                    + validation + "/properties/minimum/type]",
                #"$.required (1:69): expected an array, found the string "id" [\#(validation)/$defs/stringArray/type]"#,
            ])
        let bytes = Array(invalid.utf8)
        for size in 1...bytes.count {
            #expect(try Self.metaSchema.report(of: bytes, inChunksOf: size) == report, "chunks of \(size)")
        }
    }

    @Test("each vocabulary meta-schema resolves on its own, a pointer into it too")
    func vocabularyMetaSchemas() throws {
        let core = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/meta/core"])
        #expect(try !core.validate(.string(#"{"$id": "a#b"}"#)).isValid)
        #expect(try core.validate(.string(#"{"$id": "a", "type": 1}"#)).isValid)
        let simpleTypes = try JSONSchema([
            "$ref": "https://json-schema.org/draft/2020-12/meta/validation#/$defs/simpleTypes"
        ])
        #expect(try simpleTypes.validate(.string(#""integer""#)).isValid)
        #expect(try !simpleTypes.validate(.string(#""int""#)).isValid)
        let formatAssertion = try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/meta/format-assertion"])
        #expect(try formatAssertion.validate(.string(#"{"format": "date"}"#)).isValid)
        #expect(try !formatAssertion.validate(.string(#"{"format": 1}"#)).isValid)
    }

    @Test("a meta-schema that extends the official one through $dynamicAnchor applies to every subschema")
    func dynamicExtension() throws {
        let strict = try JSONSchema(
            parsing: """
                {"$id": "https://example.com/strict", "$dynamicAnchor": "meta",
                 "$ref": "https://json-schema.org/draft/2020-12/schema", "unevaluatedProperties": false}
                """)
        #expect(try strict.validate(.string(#"{"properties": {"a": {"type": "string"}}}"#)).isValid)
        #expect(try !strict.validate(.string(#"{"properties": {"a": {"typo": "string"}}}"#)).isValid)
        #expect(try !strict.validate(.string(#"{"items": {"not": {"typo": 1}}}"#)).isValid)
        #expect(try Self.metaSchema.validate(.string(#"{"properties": {"a": {"typo": "string"}}}"#)).isValid)
    }

    @Test("a document of remotes under a meta-schema's URI is used instead of the bundled one")
    func remotesWin() throws {
        let schema = try JSONSchema(
            ["$ref": .string(Self.metaSchemaURI)], remotes: [Self.metaSchemaURI: ["type": "string"]])
        #expect(try schema.validate(.string(#""text""#)).isValid)
        #expect(try !schema.validate(.string(#"{"type": "object"}"#)).isValid)
    }

    @Test("$schema naming the official meta-schema keeps every vocabulary in use")
    func vocabularies() throws {
        let schema = try JSONSchema([
            "$schema": .string(Self.metaSchemaURI), "properties": ["n": ["minimum": 1]],
        ])
        #expect(try !schema.validate(.string(#"{"n": 0}"#)).isValid)
    }

    @Test("a reference to a draft 2020-12 URI that is not a bundled meta-schema still fails to compile")
    func unknownURI() {
        #expect(throws: JSONSchemaError.self) {
            try JSONSchema(["$ref": "https://json-schema.org/draft/2020-12/meta/hyper-schema"])
        }
    }
}
