import Foundation
import Testing

@testable import Sift

/// Filter selectors: exact error text, RFC 9535 comparison semantics, functions, the builder API
/// and streaming (a model's scope path with a filter is refused).
@Suite struct JSONPathFilterTests {
    static let invalidFilters: [(String, String)] = [
        ("$[?@.a = 1]", "error: expected '==' to compare at position 7\n$[?@.a = 1]\n       ^"),
        (
            "$[?@.a == ]",
            "error: expected a literal, a query or a function call at position 10\n$[?@.a == ]\n          ^"
        ),
        (
            "$[?length(@.a)]",
            "error: the result of length() is a value: compare it at position 3\n$[?length(@.a)]\n   ^"
        ),
        (
            "$[?@.* == 1]",
            "error: a query in a comparison must be singular (names and indices only) at position 3\n$[?@.* == 1]\n   ^"
        ),
        (
            "$[?match(@.a, 'x') == true]",
            "error: the result of match() is a logical: it cannot be compared at position 3\n"
                + "$[?match(@.a, 'x') == true]\n   ^"
        ),
        ("$[?count(1) == 1]", "error: count() expects a query here at position 9\n$[?count(1) == 1]\n         ^"),
        ("$[?foo(@.a)]", "error: unknown function 'foo' at position 3\n$[?foo(@.a)]\n   ^"),
        ("$[?1]", "error: a literal is not a test: compare it at position 3\n$[?1]\n   ^"),
        ("$[?@.a == 01]", "error: numbers have no leading zeros at position 10\n$[?@.a == 01]\n          ^"),
        ("$[?(@.a == 1]", "error: expected ')' at position 12\n$[?(@.a == 1]\n            ^"),
        (
            "$[?!@.a == 1]",
            "error: '!' cannot apply to a comparison: write !(…) around it at position 3\n$[?!@.a == 1]\n   ^"
        ),
        (
            "$[?length(@.a, @.b) == 1]",
            "error: length() takes 1 argument, not 2 at position 3\n$[?length(@.a, @.b) == 1]\n   ^"
        ),
        ("$[?@.a == 1.]", "error: expected a digit after '.' at position 12\n$[?@.a == 1.]\n            ^"),
        ("$[?]", "error: expected a literal, a query or a function call at position 3\n$[?]\n   ^"),
        ("$[?@.a == 'x\\q']", "error: invalid escape '\\q' at position 12\n$[?@.a == 'x\\q']\n            ^"),
        (
            "$[?count(@.a == 1) > 0]",
            "error: count() expects a query here at position 9\n$[?count(@.a == 1) > 0]\n         ^"
        ),
    ]

    @Test func invalidFiltersAreRejectedWithPositionAndCaret() {
        for (text, expected) in Self.invalidFilters {
            #expect(throws: JSONPathSyntaxError.self) { try JSONPath(text) }
            do {
                _ = try JSONPath(text)
            } catch {
                #expect(error.description == expected, "\(text)")
            }
        }
    }

    @Test func nestingIsBounded() {
        let deep = "$[?" + String(repeating: "(", count: 70) + "@.a" + String(repeating: ")", count: 70) + "]"
        #expect(throws: JSONPathSyntaxError.self) { try JSONPath(deep) }
        do { _ = try JSONPath(deep) } catch {
            #expect(error.message == "filter expressions nest more than 64 levels deep")
            #expect(error.position == 67)
        }
        let nested = "$[?" + String(repeating: "(", count: 60) + "@.a" + String(repeating: ")", count: 60) + "]"
        #expect((try? JSONPath(nested)) != nil)
    }

    static func select(_ path: String, _ document: JSONValue) throws -> [JSONValue] {
        try JSONPath(path).value.values(in: document)
    }

    @Test func numbersCompareByExactValue() throws {
        let document: JSONValue = try JSONValue(
            parsing:
                #"[{"n":1},{"n":1.0},{"n":1e0},{"n":12345678901234567890123},{"n":12345678901234567890124},{"n":0.1}]"#)
        #expect(try Self.select("$[?@.n == 1].n", document).count == 3)
        #expect(
            try Self.select("$[?@.n > 12345678901234567890123].n", document) == [
                .number(JSONNumber(text: "12345678901234567890124")!)
            ])
        #expect(try Self.select("$[?@.n == 0.10000000000000000001].n", document).isEmpty)
        #expect(try Self.select("$[?@.n < 1].n", document) == [.number(JSONNumber(text: "0.1")!)])
        #expect(try Self.select("$[?@.n >= -0].n", document).count == 6)
    }

    @Test func stringsCompareByScalars() throws {
        let document: JSONValue = ["\u{E9}", "e\u{301}", "a", "b"]
        #expect(try Self.select("$[?@ == '\u{E9}']", document) == ["\u{E9}"])
        #expect(try Self.select("$[?@ < 'b']", document) == ["a"])
        #expect(try Self.select("$[?@ > 'b']", document).count == 2)
        #expect(try Self.select("$[?@ > 'f']", document) == ["\u{E9}"])
    }

    @Test func nothingAndDeepEquality() throws {
        let document: JSONValue = [
            ["a": [1, ["x": 2]]], ["a": [1.0, ["x": 2e0]]], ["a": [1, ["x": 3]]], ["b": 1],
        ]
        #expect(try Self.select("$[?@.a == $[0].a]", document).count == 2)
        #expect(try Self.select("$[?@.missing == @.other]", document).count == 4)
        #expect(try Self.select("$[?@.a == null]", document).isEmpty)
        #expect(try Self.select("$[?@.a <= $[0].a]", document).count == 2)
        #expect(try Self.select("$[?@.a < $[0].a]", document).isEmpty)
    }

    /// Of duplicate keys, a filter's query reads the first member, at every step.
    @Test func duplicateKeysFirstMemberWins() throws {
        let document = try JSONValue(parsing: #"[{"k":1,"k":2}]"#)
        #expect(try Self.select("$[?@.k == 1]", document).count == 1)
        #expect(try Self.select("$[?@.k == 2]", document).isEmpty)
        #expect(try Self.select("$[?length(@) == 1]", document).count == 1)
        let nested = try JSONValue(parsing: #"[{"a":{"c":1},"a":{"b":2}}, {"a":1,"a":{"b":2}}, {"a":[],"a":[5]}]"#)
        #expect(try Self.select("$[?@.a.b == 2]", nested).isEmpty)
        #expect(try Self.select("$[?@.a.b]", nested).isEmpty)
        #expect(try Self.select("$[?@.a[0] == 5]", nested).isEmpty)
        #expect(try Self.select("$[?@.a.c == 1]", nested).count == 1)
        #expect(try Self.select("$[?@.a == 1]", nested).count == 1)
        // Objects compare by their first members too.
        let objects = try JSONValue(parsing: #"[{"o":{"x":1,"x":2},"p":{"x":1}}, {"o":{"x":2,"x":1},"p":{"x":1}}]"#)
        #expect(try Self.select("$[?@.o == @.p]", objects).count == 1)
    }

    @Test func functions() throws {
        let document: JSONValue = [
            ["name": "apple", "tags": ["a", "b"]], ["name": "Banana", "tags": []], ["name": "a\nb", "tags": ["c"]],
        ]
        #expect(try Self.select("$[?length(@.name) == 5].name", document) == ["apple"])
        #expect(try Self.select("$[?count(@.tags[*]) >= 1].name", document) == ["apple", "a\nb"])
        #expect(try Self.select("$[?match(@.name, 'a.*')].name", document) == ["apple"])
        #expect(try Self.select("$[?search(@.name, '[Bb]an')].name", document) == ["Banana"])
        #expect(try Self.select(#"$[?match(@.name, '\\p{Lu}\\p{Ll}+')].name"#, document) == ["Banana"])
        #expect(try Self.select("$[?value(@.tags[0]) == 'c'].name", document) == ["a\nb"])
        #expect(try Self.select("$[?match(@.name, 'a[')].name", document).isEmpty)
    }

    @Test func iRegexpSyntaxAndMeaning() throws {
        #expect(IRegexp("a.c")?.matchesWhole("a\u{2028}c") == true)
        #expect(IRegexp("a.c")?.matchesWhole("a\rc") == false)
        #expect(IRegexp("a.c")?.matchesWhole("a\nc") == false)
        #expect(IRegexp("a{2,3}")?.matchesWhole("aaa") == true)
        #expect(IRegexp("a{2,3}")?.matchesWhole("aaaa") == false)
        #expect(IRegexp("a{2,}")?.matchesWhole("aaaaa") == true)
        #expect(IRegexp("[^a-c-]+")?.matchesWhole("xyz") == true)
        #expect(IRegexp("[^a-c-]+")?.matchesWhole("x-z") == false)
        #expect(IRegexp("\\P{L}")?.matchesWhole("1") == true)
        #expect(IRegexp("(a|b)*c")?.matchesPart("xxababcx") == true)
        #expect(IRegexp("^b")?.matchesPart("ab") == false)
        #expect(IRegexp("(a*)*b")?.matchesWhole(String(repeating: "a", count: 5000)) == false)
        for invalid in ["a{3,2}", "[z-a]", "a**", "(a", "a)", "\\d", "\\p{Xx}", "[]", "a{,2}", "x{99999999999}"] {
            #expect(IRegexp(invalid) == nil, "\(invalid)")
        }
        #expect(IRegexp(String(repeating: "(", count: 500) + String(repeating: ")", count: 500)) == nil)
    }

    @Test func builderSteps() throws {
        let items: JSONValue = [
            "items": [["name": "apple", "price": 3], ["name": "apricot", "price": 30], ["name": "kiwi", "price": 2]]
        ]
        let cheap = try JSONPathFilter("@.price < 10 && match(@.name, 'a.*')")
        let names = JSONPath.root.goTo("items").filter(cheap).goTo("name").string
        #expect(names.values(in: items) == ["apple"])
        #expect(names.path.description == "$['items'][?@.price < 10 && match(@.name, 'a.*')]['name']")
        let closure = JSONPath.root.goTo("items").filter { ($0["price"]?.intValue ?? 0) > 2 }.goTo("name").string
        #expect(closure.values(in: items) == ["apple", "apricot"])
        let streamed = try JSONQuery.collect(closure, from: .string(#"{"items":[{"name":"x","price":5}]}"#))
        #expect(streamed == ["x"])
        #expect(throws: JSONPathSyntaxError.self) { try JSONPathFilter("@.price < 10 x") }
    }

    @Test func filterPathsStream() async throws {
        let path = try JSONPath("$.items[?@.price < 10].name").value
        let text = #"{"items":[{"name":"a","price":5},{"name":"b","price":50},{"price":1,"name":"c"}]}"#
        #expect(try JSONQuery.collect(path, from: .string(text)) == [.string("a"), .string("c")])
        var names: [JSONValue] = []
        for try await name in JSONInput.string(text).values(at: path) { names.append(name) }
        #expect(names == [.string("a"), .string("c")])
    }

    @Test func aScopePathWithAFilterIsRefused() throws {
        let automaton = PathAutomaton()
        let program = automaton.addProgram()
        automaton.addScope(try JSONPath("$.items[?@.price < 10]"), childProgram: program, tag: 0)
        let error = try #require(automaton.streamingError)
        #expect(
            error.description
                == "a filter selector in the path of a nested model is not streamed: use a query's values, "
                + "or TypedJSONPath.values(in:) on the parsed value ($['items'][?@.price < 10])")
    }
}
