import Testing

@testable import Sift

/// RFC 9535 normalized paths: member names in single quotes with `'`, `\` and control
/// characters escaped, everything else (`"`, DEL, non-ASCII) as is.
@Suite struct JSONNodePathNormalizedTests {
    static let cases: [(key: String, normalized: String)] = [
        ("a", "$['a']"),
        ("", "$['']"),
        ("it's", #"$['it\'s']"#),
        (#"back\slash"#, #"$['back\\slash']"#),
        ("\u{08}\u{0C}\n\r\t", #"$['\b\f\n\r\t']"#),
        ("\u{00}\u{01}\u{0B}\u{1F}", #"$['\u0000\u0001\u000b\u001f']"#),
        ("x\u{1A}y", #"$['x\u001ay']"#),
        (#"say "hi""#, #"$['say "hi"']"#),
        ("del\u{7F}", "$['del\u{7F}']"),
        ("é日本😀", "$['é日本😀']"),
        ("'\\'", #"$['\'\\\'']"#),
        ("\u{85}\u{2028}", "$['\u{85}\u{2028}']"),
    ]

    @Test func escapesExactlyAsRFC9535() {
        for (key, normalized) in Self.cases {
            #expect(JSONNodePath([.key(key)]).normalized == normalized, "\(key.debugDescription)")
        }
    }

    @Test func indexesAndKeysTogether() {
        let path = JSONNodePath([.key("a'b"), .index(3), .key("x\ny"), .index(0)])
        #expect(path.normalized == #"$['a\'b'][3]['x\ny'][0]"#)
        #expect(JSONNodePath([]).normalized == "$")
    }

    @Test func longKeyWithEscapesAtEveryPlace() {
        // Escapes at the start, the end and between runs of every length up to 300 bytes.
        var key = "'"
        var expected = #"$['\'"#
        for length in 0...300 {
            let run = String(repeating: length % 2 == 0 ? "é" : "z", count: length)
            key += run + "\u{01}"
            expected += run + #"\u0001"#
        }
        key += "\\"
        expected += #"\\']"#
        #expect(JSONNodePath([.key(key)]).normalized == expected)
    }

    @Test func shortenedNameKeepsItsEscapes() {
        let key = "a\nb'" + String(repeating: "z", count: 300)
        let description = JSONNodePath([.key(key)]).abbreviatedDescription
        #expect(description.hasPrefix(#"$['a\nb\'zzz"#))
        #expect(description.hasSuffix("…']"))
    }
}
