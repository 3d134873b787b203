import Foundation
import Testing

@Suite("sift validate --schema")
struct ValidateSchemaTests {
    static let schema = """
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
              "required": ["id", "kind"],
              "properties": {
                "id": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
                "kind": {"enum": ["row", "card", "carousel"]},
                "children": {"type": "array", "items": {"$ref": "#/$defs/component"}}
              }
            }
          }
        }
        """

    static let feed = """
        {"id": "12", "body": [
          {"id": "header", "kind": "row"},
          {"id": "Hero", "kind": "banner"},
          {"id": "list", "kind": "carousel", "children": [{"id": "item-1"}]}
        ]}

        """

    @Test("every error on stderr with its location, path and schema keyword; exit 1")
    func textErrors() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        let feed = try directory.write("feed.json", Self.feed)
        let valid = try directory.write("valid.json", #"{"id": 7, "body": [{"id": "a", "kind": "row"}]}"#)
        let result = try SiftProcess.run(["validate", "--schema", schema, valid, feed])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrText == """
                \(feed):1:8: error: $.id: expected an integer, found the string "12" [#/properties/id/type]
                \(feed):3:10: error: $.body[1].id: expected a string matching "^[a-z][a-z0-9-]*$", found "Hero" [#/$defs/component/properties/id/pattern]
                \(feed):3:26: error: $.body[1].kind: expected one of "row", "card", "carousel", found the string "banner" [#/$defs/component/properties/kind/enum]
                \(feed):4:51: error: $.body[2].children[0]: is missing the required member "kind" [#/$defs/component/required]

                """)
        let passing = try SiftProcess.run(["validate", "--schema", schema, valid])
        #expect(passing.status == 0)
        #expect(passing.stderr.isEmpty)
    }

    @Test("a deep instance path is shortened as in every diagnostic; --output basic keeps it whole")
    func deepPathIsShortened() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write(
            "nested.schema.json", ##"{"properties": {"a": {"$ref": "#"}}, "required": ["a"]}"##)
        let levels = 100_000
        let deep = String(repeating: #"{"a":"#, count: levels) + "{}" + String(repeating: "}", count: levels)
        let file = try directory.write("deep.json", deep + "\n")
        let text = try SiftProcess.run(["validate", "--schema", schema, "--max-depth", "200000", file])
        #expect(text.status == 1)
        #expect(
            text.stderrText == """
                \(file):1:500001: error: $.a.a.a.a.a.a….a.a.a.a.a.a: is missing the required member "a" [#/required]

                """)
        let lines = try SiftProcess.run([
            "validate", "--schema", schema, "--lines", "--max-depth", "200000", "--on-invalid", "skip", file,
        ])
        #expect(lines.status == 1)
        #expect(lines.stderrText == text.stderrText)
        let basic = try SiftProcess.run([
            "validate", "--schema", schema, "--output", "basic", "--max-depth", "200000", file,
        ])
        #expect(basic.stdoutText.contains(#""instanceLocation":"/a/a/a/a"#))
        #expect(basic.stdoutText.utf8.count > 2 * levels)
    }

    @Test("--max-errors and --output basic")
    func basicOutput() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        let result = try SiftProcess.run(
            ["validate", "--schema", schema, "--max-errors", "1", "--output", "basic"],
            stdin: .bytes(Array(Self.feed.utf8)))
        #expect(result.status == 1)
        #expect(
            result.stdoutText == #"""
                {"valid":false,"errors":[{"keywordLocation":"/properties/id/type","absoluteKeywordLocation":"#/properties/id/type","instanceLocation":"/id","error":"expected an integer, found the string \"12\"","line":1,"column":8,"offset":7}]}

                """#)
        #expect(result.stderr.isEmpty)
    }

    @Test("--lines validates each record and names its line")
    func lines() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("feed.schema.json", Self.schema)
        let records = "{\"id\":1,\"body\":[]}\n{\"id\":2}\n{\"id\":3,\"body\":[{\"id\":\"x\",\"kind\":\"row\"}]}\n"
        let result = try SiftProcess.run(
            ["validate", "--lines", "--schema", schema], stdin: .bytes(Array(records.utf8)))
        #expect(result.status == 1)
        #expect(result.stderrText == "<stdin>:2:1: error: $: is missing the required member \"body\" [#/required]\n")
        let basic = try SiftProcess.run(
            ["validate", "--lines", "--schema", schema, "--output", "basic"], stdin: .bytes(Array(records.utf8)))
        #expect(basic.status == 1)
        #expect(
            basic.stdoutText == #"""
                {"valid":true}
                {"valid":false,"errors":[{"keywordLocation":"/required","absoluteKeywordLocation":"#/required","instanceLocation":"","error":"is missing the required member \"body\"","line":2,"column":1,"offset":19}]}
                {"valid":true}

                """#)
    }

    @Test("a schema that cannot be compiled, and a syntax error in the input")
    func schemaAndSyntaxErrors() throws {
        let directory = try TemporaryDirectory()
        let unsupported = try directory.write("lookahead.json", #"{"pattern": "(?=x)"}"#)
        let bad = try SiftProcess.run(["validate", "--schema", unsupported], stdin: .bytes(Array("1".utf8)))
        #expect(bad.status == 2)
        #expect(
            bad.stderrText
                == "\(unsupported): error: invalid schema: the pattern \"(?=x)\" at # is not an I-Regexp (RFC 9485), which Sift matches in linear time\n"
        )
        let schema = try directory.write("feed.schema.json", Self.schema)
        let broken = try SiftProcess.run(
            ["validate", "--schema", schema], stdin: .bytes(Array(#"{"id": "x", "body": [}"#.utf8)))
        #expect(broken.status == 1)
        #expect(broken.stderrText.hasPrefix("<stdin>:1:8: error: $.id: expected an integer"))
        #expect(broken.stderrText.contains("<stdin>:1:22: error: invalid JSON"))
        let usage = try SiftProcess.run(["validate", "--max-errors", "3"], stdin: .bytes(Array("1".utf8)))
        #expect(usage.status == 2)
    }
}

extension ValidateSchemaTests {
    @Test("--assert-format makes format an assertion")
    func assertFormat() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write("when.json", #"{"properties": {"when": {"format": "date-time"}}}"#)
        let input = Array(#"{"when": "2026-02-30T10:00:00Z"}"#.utf8)
        #expect(try SiftProcess.run(["validate", "--schema", schema], stdin: .bytes(input)).status == 0)
        let asserted = try SiftProcess.run(["validate", "--schema", schema, "--assert-format"], stdin: .bytes(input))
        #expect(asserted.status == 1)
        #expect(
            asserted.stderrText
                == "<stdin>:1:10: error: $.when: expected a string in the format date-time, found \"2026-02-30T10:00:00Z\" [#/properties/when/format]\n"
        )
    }
}

extension ValidateSchemaTests {
    @Test("--schema-ref gives $ref other documents, by path or by $id")
    func schemaReferences() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write(
            "page.json",
            #"{"properties": {"id": {"$ref": "id.json"}, "tag": {"$ref": "https://example.com/tag"}}}"#)
        let identifier = try directory.write("id.json", #"{"type": "integer"}"#)
        let tag = try directory.write("tag.json", #"{"$id": "https://example.com/tag", "maxLength": 3}"#)
        let input = Array(#"{"id": "x", "tag": "long"}"#.utf8)
        let missing = try SiftProcess.run(["validate", "--schema", schema], stdin: .bytes(input))
        #expect(missing.status == 2)
        #expect(
            missing.stderrText.hasPrefix("\(schema): error: invalid schema: cannot resolve the reference \"id.json\""))
        let result = try SiftProcess.run(
            ["validate", "--schema", schema, "--schema-ref", identifier, "--schema-ref", tag], stdin: .bytes(input))
        #expect(result.status == 1)
        #expect(
            result.stderrText == """
                <stdin>:1:8: error: $.id: expected an integer, found the string "x" [file://\(identifier)#/type]
                <stdin>:1:20: error: $.tag: expected at most 3 characters, found 4 [https://example.com/tag#/maxLength]

                """)
    }

    @Test("--schema-ref URI=FILE gives $ref a document by the URI it is retrieved from")
    func schemaReferenceByRetrievalURI() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write(
            "page.json", #"{"properties": {"id": {"$ref": "https://example.com/defs/id"}}}"#)
        // No `$id`: only the URI given with it names the document.
        let identifier = try directory.write("id.json", #"{"type": "integer"}"#)
        let input = Array(#"{"id": "x"}"#.utf8)
        let byPath = try SiftProcess.run(
            ["validate", "--schema", schema, "--schema-ref", identifier], stdin: .bytes(input))
        #expect(byPath.status == 2)
        let result = try SiftProcess.run(
            ["validate", "--schema", schema, "--schema-ref", "https://example.com/defs/id=\(identifier)"],
            stdin: .bytes(input))
        #expect(result.status == 1)
        #expect(
            result.stderrText
                == "<stdin>:1:8: error: $.id: expected an integer, found the string \"x\" [https://example.com/defs/id#/type]\n"
        )
        // A path with `=` but no scheme before it is a file.
        let odd = try directory.write("a=b.json", #"{"type": "integer"}"#)
        let plain = try SiftProcess.run(
            [
                "validate", "--schema", schema, "--schema-ref", odd, "--schema-ref",
                "https://example.com/defs/id=\(odd)",
            ],
            stdin: .bytes(Array(#"{"id": 1}"#.utf8)))
        #expect(plain.status == 0, "\(plain.stderrText)")
    }
}
