import Testing

@testable import Sift

/// Long paths in error messages: `abbreviatedDescription` keeps the first and last steps of a
/// deep path and the start of a very long key; `description` stays exact.
@Suite struct PathAbbreviationTests {
    @Test("a path of at most 16 steps with short keys reads as its description")
    func shortPathsUnchanged() {
        let paths: [JSONNodePath] = [
            .root,
            [.key("body"), .index(3), .key("text")],
            [.key("a b"), .key("it's"), .index(0)],
            JSONNodePath(Array(repeating: .index(0), count: 16)),
            [.key(String(repeating: "k", count: 256))],
        ]
        for path in paths {
            #expect(path.abbreviatedDescription == path.description)
        }
    }

    @Test("a deeper path keeps its first and last 6 steps with … between")
    func deepPath() {
        let path = JSONNodePath(Array(repeating: .index(0), count: 512))
        #expect(path.abbreviatedDescription == "$[0][0][0][0][0][0]…[0][0][0][0][0][0]")
        #expect(path.description.utf8.count == 1 + 3 * 512)

        let mixed = JSONNodePath(
            [.key("a"), .index(1), .key("b c")] + Array(repeating: .key("x"), count: 20) + [.key("end"), .index(9)])
        #expect(mixed.abbreviatedDescription == "$.a[1]['b c'].x.x.x….x.x.x.x.end[9]")
    }

    @Test("a key over 256 bytes shows its first 128 bytes, whole characters only, and …")
    func longKeys() {
        let long = String(repeating: "a", count: 1_000_000)
        #expect(JSONNodePath([.key(long)]).abbreviatedDescription == "$." + String(repeating: "a", count: 128) + "…")

        // 127 ASCII bytes, then é (2 bytes) would pass 128: it is left out whole.
        let accented = String(repeating: "b", count: 127) + String(repeating: "é", count: 100)
        #expect(
            JSONNodePath([.key(accented), .index(2)]).abbreviatedDescription
                == "$." + String(repeating: "b", count: 127) + "…[2]")

        // A key that needs quotes keeps them, with … inside, escapes applied to what is shown.
        let quoted = "it's " + String(repeating: "z", count: 300)
        #expect(
            JSONNodePath([.key(quoted)]).abbreviatedDescription
                == "$['it\\'s " + String(repeating: "z", count: 123) + "…']")
    }

    @Test("a parse error's summary abbreviates its path; the path itself is whole")
    func parseErrorSummary() throws {
        let bytes = Array(repeating: UInt8(ascii: "["), count: 513)
        let error = try #require(
            TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: .whole))
        #expect(error.path.components.count == 512)
        #expect(
            error.summary
                == "nesting too deep: more than 512 nested arrays and objects (in $[0][0][0][0][0][0]…[0][0][0][0][0][0])"
        )
    }
}
