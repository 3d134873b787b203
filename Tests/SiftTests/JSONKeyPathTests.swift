import Sift
import Testing

/// The one reading of dotted key paths, which SiftMapping's properties and SiftHTTP's root key
/// paths share.
@Suite struct JSONKeyPathTests {
    @Test(
        "the grammar: split at every dot, the literal key first",
        arguments: [
            ("", [[]]),
            ("id", [["id"]]),
            ("a.b", [["a.b"], ["a", "b"]]),
            ("a.b.c", [["a.b.c"], ["a", "b", "c"]]),
            // Empty names are names (JSON allows the member ""), not errors.
            ("a..b", [["a..b"], ["a", "", "b"]]),
            ("a.", [["a."], ["a", ""]]),
            (".a", [[".a"], ["", "a"]]),
            (".", [["."], ["", ""]]),
            // No escapes: a backslash is part of a name.
            (#"a\.b"#, [[#"a\.b"#], [#"a\"#, "b"]]),
            // Digits name members, never array elements.
            ("items.0", [["items.0"], ["items", "0"]]),
            ("0", [["0"]]),
            // `$` is an ordinary character of a dotted key path.
            ("$ref", [["$ref"]]),
            ("$.a", [["$.a"], ["$", "a"]]),
            ("é.ü", [["é.ü"], ["é", "ü"]]),
        ] as [(String, [[String]])])
    func grammar(text: String, readings: [[String]]) {
        #expect(JSONKeyPath(text).readings == readings)
    }

    @Test("a JSONPath that only names members is a key path of one reading; any other is not")
    func fromJSONPath() throws {
        #expect(JSONKeyPath(try JSONPath("$"))?.readings == [[]])
        #expect(JSONKeyPath(try JSONPath("$.a.b"))?.readings == [["a", "b"]])
        #expect(JSONKeyPath(try JSONPath("$['a.b'].c"))?.readings == [["a.b", "c"]])
        #expect(JSONKeyPath(JSONPath.root.goTo("x").goTo("0"))?.readings == [["x", "0"]])
        for text in ["$.items[0]", "$[*]", "$..a", "$.a[?@.b]", "$['a','b']", "$.a[0:1]"] {
            #expect(JSONKeyPath(try JSONPath(text)) == nil, "\(text)")
        }
        #expect(JSONKeyPath(JSONPath.root.goTo("a").forEach()) == nil)
        #expect(JSONKeyPath(JSONPath.root.goTo("a").combine(with: JSONPath.root.goTo("b"))) == nil)
    }

    @Test("the path reads what the key path names: the literal key wins, else the nested members")
    func path() throws {
        let street = JSONKeyPath("address.street").path.string
        #expect(street.first(in: ["address.street": "Main", "address": ["street": "Side"]]) == "Main")
        #expect(street.first(in: ["address": ["street": "Side"]]) == "Side")
        #expect(street.values(in: ["address": ["street": "Side"], "address.street": "Main"]) == ["Main", "Side"])
        // A literal of the wrong type falls through to the nested reading.
        #expect(street.first(in: ["address.street": 1, "address": ["street": "Side"]]) == "Side")
        #expect(JSONKeyPath("items.0").path.integer.first(in: ["items": [7]]) == nil)
        #expect(JSONKeyPath("items.0").path.integer.first(in: ["items": ["0": 7]]) == 7)
        #expect(JSONKeyPath("").path.integer.first(in: 3) == 3)
        #expect(JSONKeyPath("a..b").path.integer.first(in: ["a": ["": ["b": 4]]]) == 4)
        // Streamed, the same answers.
        let json = #"{"data": {"authors": ["Ada", "Grace"]}}"#
        #expect(
            try streamValues(JSONKeyPath("data.authors").path.forEach().string, json, chunkSize: 1) == ["Ada", "Grace"])
        #expect(
            try JSONQuery.collect(JSONKeyPath("data.authors").path.forEach().string, from: .string(json)) == [
                "Ada", "Grace",
            ])
    }

    @Test("a string literal is a dotted key path, read as the text would be")
    func stringLiteral() {
        let literal: JSONKeyPath = "a.b"
        #expect(literal == JSONKeyPath("a.b"))
        #expect(literal.readings == [["a.b"], ["a", "b"]])
        let empty: JSONKeyPath = ""
        #expect(empty.readings == [[]])
    }
}
