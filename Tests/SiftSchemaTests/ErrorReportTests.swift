import Sift
import SiftSchema
import Testing

/// What a user reads: instance path, location, schema location and sentence of each error.
@Suite struct ErrorReportTests {
    static let schema: JSONSchema = {
        let text = """
            {
              "type": "object",
              "required": ["id", "body"],
              "properties": {
                "id": {"type": "integer"},
                "body": {"type": "array", "items": {"$ref": "#/$defs/component"}}
              },
              "$defs": {
                "component": {
                  "type": "object",
                  "required": ["id"],
                  "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+$"},
                    "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}
                  }
                }
              }
            }
            """
        do { return try JSONSchema(parsing: text) } catch { fatalError("\(error)") }
    }()

    @Test func errorsNameThePathTheLocationAndTheKeyword() throws {
        let input = """
            {"id": "12", "body": [{"id": "a"}, {"id": "B2"},
             {"id": "c", "children": [{"title": "x"}]}]}
            """
        let report = try Self.schema.validate(.string(input))
        #expect(!report.isValid)
        #expect(
            report.errors.map(\.description) == [
                #"$.id (1:8): expected an integer, found the string "12" [#/properties/id/type]"#,
                #"$.body[1].id (1:43): expected a string matching "^[a-z]+$", found "B2" [#/$defs/component/properties/id/pattern]"#,
                #"$.body[2].children[0] (2:27): is missing the required member "id" [#/$defs/component/required]"#,
            ])
        let second = try #require(report.errors.dropFirst().first)
        #expect(second.evaluationPath == "/properties/body/items/$ref/properties/id/pattern")
        #expect(second.location == SourceLocation(offset: 42, line: 1, column: 43))
        #expect(second.keyword == "pattern")
    }

    @Test func maxErrorsStopsAfterTheFirstErrors() throws {
        let elements = (0..<1000).map { #"{"id": "\#($0)"}"# }.joined(separator: ",")
        let input = #"{"id": 1, "body": [\#(elements)]}"#
        let all = try Self.schema.validate(.string(input))
        #expect(all.errors.count == 1000)
        #expect(!all.isTruncated)
        let first = try Self.schema.validate(.string(input), maxErrors: 2)
        #expect(first.errors.map(\.instancePath.description) == ["$.body[0].id", "$.body[1].id"])
        #expect(first.isTruncated)
        #expect(!first.isValid)
    }

    @Test func basicOutputListsEveryError() throws {
        let report = try Self.schema.validate(#"{"id": "12", "body": []}"#)
        #expect(
            report.basicOutput.description
                == ##"{"valid":false,"errors":[{"keywordLocation":"/properties/id/type","absoluteKeywordLocation":"#/properties/id/type","instanceLocation":"/id","error":"expected an integer, found the string \"12\"","line":1,"column":8,"offset":7}]}"##
        )
        #expect(try Self.schema.validate(#"{"id": 1, "body": []}"#).basicOutput.description == #"{"valid":true}"#)
    }

    @Test func anyOfReportsItsBranchesOnlyWhenAllFail() throws {
        let schema = try JSONSchema(parsing: #"{"anyOf": [{"type": "string"}, {"minimum": 3}]}"#)
        #expect(try schema.validate("5").isValid)
        #expect(
            try schema.validate("2").errors.map(\.description) == [
                "$ (1:1): matches none of the 2 subschemas of anyOf [#/anyOf]",
                "$ (1:1): expected a string, found the integer 2 [#/anyOf/0/type]",
                "$ (1:1): expected at least 3, found 2 [#/anyOf/1/minimum]",
            ])
    }

    @Test func schemaErrorsSayWhatIsWrong() {
        #expect(throws: JSONSchemaError.self) { try JSONSchema(parsing: ##"{"$ref": "#/$defs/missing"}"##) }
        do {
            _ = try JSONSchema(parsing: #"{"pattern": "(?=a)"}"#)
            Issue.record("a look-ahead compiled")
        } catch {
            #expect(error.kind == .unsupportedPattern)
        }
    }
}
