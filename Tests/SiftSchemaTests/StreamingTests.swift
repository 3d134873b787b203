import Sift
import Testing

@testable import SiftSchema

/// The validator's memory follows the schema and the open containers, never the instance.
@Suite struct StreamingTests {
    static let tree: JSONSchema = {
        do {
            return try JSONSchema(
                parsing:
                    ##"{"$ref": "#/$defs/node", "$defs": {"node": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}"##
            )
        } catch { fatalError("\(error)") }
    }()

    @Test func deepNestingUsesAnExplicitStack() throws {
        let depth = 20_000
        let options = JSONParserOptions(maximumDepth: depth + 1)
        let valid = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(try Self.tree.validate(.string(valid), options: options).isValid)
        let invalid = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let report = try Self.tree.validate(.string(invalid), options: options)
        #expect(report.errors.count == 1)
        #expect(report.errors.first?.instancePath.components.count == depth)
        #expect(report.errors.first?.location.offset == depth)
    }

    @Test func framesAreReusedAcrossElements() throws {
        let schema = try JSONSchema(
            parsing: #"{"items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}}"#)
        let elements = (0..<20_000).map { #"{"id": \#($0), "text": {"skipped": [1, 2, 3]}}"# }
        let tokenizer = JSONTokenizer(handler: JSONSchemaValidator(schema: schema))
        try tokenizer.parse(.string("[" + elements.joined(separator: ",") + "]"))
        #expect(tokenizer.handler.report.isValid)
        #expect(tokenizer.handler.frames.count < 10)
        #expect(tokenizer.handler.levels.isEmpty)
    }

    @Test func everyValueOfAnNDJSONInputIsValidated() throws {
        let schema = try JSONSchema(parsing: #"{"type": "object", "required": ["id"]}"#)
        let input = "{\"id\": 1}\n{\"name\": 2}\n[]\n"
        let report = try schema.validate(.string(input), options: JSONParserOptions(allowsMultipleValues: true))
        #expect(report.errors.map(\.location.line) == [2, 3])
        #expect(report.errors.map(\.keyword) == ["required", "type"])
        final class Records { var reports: [SchemaValidationReport] = [] }
        let records = Records()
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(allowsMultipleValues: true),
            handler: JSONSchemaValidator(schema: schema) { records.reports.append($0) })
        try tokenizer.parse(.string(input))
        #expect(records.reports.map(\.isValid) == [true, false, false])
        #expect(records.reports.map { $0.errors.map(\.location.line) } == [[], [2], [3]])
        #expect(!tokenizer.handler.report.isValid)
        #expect(tokenizer.handler.report.errors.isEmpty)
    }
}

extension StreamingTests {
    /// A branch that has failed stops reading its value: the members after its failure are not
    /// checked against it (so its errors stop there too), and a container only it looked into is
    /// skipped.
    @Test func aFailedBranchStopsReading() throws {
        let schema = try JSONSchema(
            parsing: #"""
                {"anyOf": [
                  {"properties": {"kind": {"const": "a"}, "x": {"type": "string"}}},
                  {"properties": {"kind": {"const": "b"}, "x": {"type": "integer"}}}
                ]}
                """#)
        let report = try schema.validate(#"{"kind": "c", "x": true}"#)
        #expect(
            report.errors.map(\.description) == [
                "$ (1:1): matches none of the 2 subschemas of anyOf [#/anyOf]",
                #"$.kind (1:10): expected "a", found the string "c" [#/anyOf/0/properties/kind/const]"#,
                #"$.kind (1:10): expected "b", found the string "c" [#/anyOf/1/properties/kind/const]"#,
            ])
    }

    /// The members no subschema takes are passed by the tokenizer unseen; a member whose name is
    /// written with escapes is still the member it names, and every split of the input gives the
    /// same report.
    @Test func membersNoSubschemaTakesArePassed() throws {
        let schema = try JSONSchema(
            parsing: #"""
                {"type": "object", "required": ["id", "items"],
                 "properties": {"id": {"type": "string"}, "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}},
                 "$defs": {"item": {"required": ["name"], "properties": {"name": {"pattern": "^[a-z]+$"}}}}}
                """#)
        let bytes = Array(
            #"""
            {"skip": {"a": [1, {"id": 2}], "b": "x"}, "\u0069d": 5, "more": [[], {}],
             "items": [{"name": "ok", "other": {"name": 1}}, {"nam\u0065": "A1", "x": null}, {"x": {"name": "b"}}]}
            """#.utf8)
        let whole = try schema.validate(.bytes(bytes))
        #expect(
            whole.errors.map(\.description) == [
                "$.id (1:54): expected a string, found the integer 5 [#/properties/id/type]",
                #"$.items[1].name (2:64): expected a string matching "^[a-z]+$", found "A1" [#/$defs/item/properties/name/pattern]"#,
                #"$.items[2] (2:82): is missing the required member "name" [#/$defs/item/required]"#,
            ])
        for size in 1...16 {
            #expect(try schema.report(of: bytes, inChunksOf: size) == whole, "chunks of \(size)")
        }
    }
}
