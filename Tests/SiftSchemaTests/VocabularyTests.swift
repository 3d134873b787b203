import Sift
import SiftSchema
import Testing

/// `$vocabulary`, read from a meta-schema of the `remotes` table.
@Suite struct VocabularyTests {
    static func metaSchema(_ vocabularies: [String: Bool]) -> [String: JSONValue] {
        let members = vocabularies.sorted { $0.key < $1.key }.map { #""\#($0.key)": \#($0.value)"# }
        let text = #"{"$id": "https://example.com/meta", "$vocabulary": {"# + members.joined(separator: ",") + "}}"
        return ["https://example.com/meta": (try? JSONValue(parsing: text)) ?? .null]
    }

    static let vocabulary = "https://json-schema.org/draft/2020-12/vocab/"

    @Test("a vocabulary the meta-schema leaves out is not applied; the others are")
    func leftOut() throws {
        let remotes = Self.metaSchema([Self.vocabulary + "core": true, Self.vocabulary + "applicator": true])
        let schema = try JSONSchema(
            parsing: #"{"$schema": "https://example.com/meta", "properties": {"n": {"minimum": 10}, "x": false}}"#,
            remotes: remotes)
        #expect(try schema.validate(.string(#"{"n": 1}"#)).isValid)
        #expect(try !schema.validate(.string(#"{"x": 1}"#)).isValid)
        let all = try JSONSchema(parsing: #"{"properties": {"n": {"minimum": 10}}}"#)
        #expect(try !all.validate(.string(#"{"n": 1}"#)).isValid)
    }

    @Test("an unknown required vocabulary makes the schema fail to compile; an optional one does not")
    func unknown() throws {
        let required = Self.metaSchema([Self.vocabulary + "core": true, "https://example.com/vocab/x": true])
        #expect(throws: JSONSchemaError.self) {
            try JSONSchema(parsing: #"{"$schema": "https://example.com/meta"}"#, remotes: required)
        }
        let optional = Self.metaSchema([
            Self.vocabulary + "core": true, Self.vocabulary + "validation": true, "https://example.com/vocab/x": false,
        ])
        let schema = try JSONSchema(
            parsing: #"{"$schema": "https://example.com/meta", "type": "number"}"#, remotes: optional)
        #expect(try !schema.validate(.string(#""text""#)).isValid)
    }
}
