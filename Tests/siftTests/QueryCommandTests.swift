import Foundation
import Testing

@Suite("sift query")
struct QueryCommandTests {
    /// Runs `sift query` on `json` given on stdin.
    func query(_ arguments: [String], stdin json: String) throws -> SiftProcess.Result {
        try SiftProcess.run(["query"] + arguments, stdin: .bytes(Array(json.utf8)))
    }

    @Test("each match is one line of compact JSON, in RFC 9535 order")
    func matchesOnePerLine() throws {
        let result = try query(["$.a[*]"], stdin: #"{"a": [1, "two", {"three": [3, 3.0]}, null, true, [ ]]}"#)
        #expect(result.status == 0)
        #expect(result.stdoutText == "1\n\"two\"\n{\"three\":[3,3.0]}\nnull\ntrue\n[]\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("RFC 9535 order for unions, negative indices and descendants")
    func rfcOrder() throws {
        let json = #"{"a": [10, 11, 12, 13], "b": {"id": 1, "c": {"id": 2}, "d": [{"id": 3}]}}"#
        #expect(try query(["$.a[3,0,-1]"], stdin: json).stdoutLines == ["13", "10", "13"])
        #expect(try query(["$.a[::-2]"], stdin: json).stdoutLines == ["13", "11"])
        #expect(try query(["$..id"], stdin: json).stdoutLines == ["1", "2", "3"])
        #expect(try query(["$.b.*"], stdin: json).stdoutLines == ["1", #"{"id":2}"#, #"[{"id":3}]"#])
    }

    @Test("a path that selects nothing writes nothing and succeeds")
    func noMatch() throws {
        let result = try query(["$.missing[*]"], stdin: #"{"a":1}"#)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
    }

    @Test("strings are escaped exactly as JSON requires; numbers keep their text")
    func exactEncoding() throws {
        let input =
            #"["\u0000\u001f\b\f\n\r\t\"\\/", "é😀\u00e9\ud83d\ude00", "\u007f", 1.50, -0, 1e400, 123456789012345678901234567890, 2E-3]"#
        let result = try query(["$[*]"], stdin: input)
        let expected = [
            #""\u0000\u001F\b\f\n\r\t\"\\/""#,
            "\"é😀é😀\"",
            "\"\u{7F}\"",
            "1.50", "-0", "1e400", "123456789012345678901234567890", "2E-3",
        ]
        #expect(result.stdoutLines == expected)
    }

    @Test("--with-path writes the RFC 9535 normalized path beside each value")
    func withPath() throws {
        let json = #"{"body": [{"id": "x"}, {"id": 2}], "it's": {"a\\b": [null]}}"#
        let result = try query(["--with-path", "$.body[*].id"], stdin: json)
        #expect(
            result.stdoutLines == [
                #"{"path":"$['body'][0]['id']","value":"x"}"#,
                #"{"path":"$['body'][1]['id']","value":2}"#,
            ])
        let odd = try query(["--with-path", #"$["it's"]['a\\b'][0]"#], stdin: json)
        #expect(odd.stdoutLines == [#"{"path":"$['it\\'s']['a\\\\b'][0]","value":null}"#])
    }

    @Test("--lines applies the path to each value of a sequence, newline-delimited or concatenated")
    func lines() throws {
        let result = try query(
            ["--lines", "$.a"], stdin: "{\"a\":1}\n{\"b\":2}\n{\"a\":[3]}{\"a\":\"4\"} {\"a\":{}}\n")
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["1", "[3]", "\"4\"", "{}"])
        let scalars = try query(["--lines", "--with-path", "$"], stdin: "1 \"two\"\n[3]")
        #expect(
            scalars.stdoutLines == [
                #"{"line":1,"offset":0,"path":"$","value":1}"#, #"{"line":1,"offset":2,"path":"$","value":"two"}"#,
                #"{"line":2,"offset":8,"path":"$","value":[3]}"#,
            ])
    }

    @Test("without --lines a second value is an input error")
    func secondValueWithoutLines() throws {
        let result = try query(["$.a"], stdin: "{\"a\":1}\n{\"a\":2}\n")
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["1"])
        #expect(result.stderrText.hasPrefix("<stdin>:2:1: error: "))
    }

    @Test("several files are queried in turn; '-' is stdin")
    func severalFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.json", #"{"id": 1}"#)
        let second = try directory.write("second.json", #"{"id": [2, 3]}"#)
        let result = try SiftProcess.run(
            ["query", "$.id", first, "-", second], stdin: .bytes(Array(#"{"id":"stdin"}"#.utf8)))
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["1", "\"stdin\"", "[2,3]"])
    }

    @Test("an invalid file is reported, the others are still queried, and the status is 1")
    func invalidFileAmongOthers() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.json", #"[1]"#)
        let bad = try directory.write("bad.json", "[2,\n 3,,\n 4]")
        let missing = directory.path("missing.json")
        let result = try SiftProcess.run(["query", "$[*]", bad, missing, good])
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["2", "3", "1"])
        #expect(
            result.stderrText == """
                \(bad):2:4: error: invalid JSON: unallowed token at this point in JSON text (in $[2])
                 3,,
                   ^
                \(missing): error: cannot open '\(missing)': No such file or directory

                """)
    }

    @Test("--first stops after the first match without reading the rest of an endless stdin")
    func firstOnEndlessInput() throws {
        let record = Array(String(repeating: "{\"a\":{\"b\":[1,2,3]}}\n", count: 2048).utf8)
        let limit = 64 << 20
        let lines = try SiftProcess.run(
            ["query", "--lines", "--first", "$.a.b[1]"], stdin: .generator { record }, stdinLimit: limit)
        #expect(lines.status == 0)
        #expect(lines.stdoutText == "2\n")
        #expect(lines.bytesFed < limit)

        var opened = false
        let element = Array(String(repeating: "{\"n\":7},", count: 4096).utf8)
        let array = try SiftProcess.run(
            ["query", "--first", "$[*].n"],
            stdin: .generator {
                defer { opened = true }
                return opened ? element : Array("[".utf8) + element
            }, stdinLimit: limit)
        #expect(array.status == 0)
        #expect(array.stdoutText == "7\n")
        #expect(array.bytesFed < limit)
    }

    @Test("--first over several files stops at the first file with a match")
    func firstOverFiles() throws {
        let directory = try TemporaryDirectory()
        let none = try directory.write("none.json", #"{"b": 1}"#)
        let some = try directory.write("some.json", #"{"a": [5, 6]}"#)
        let result = try SiftProcess.run(["query", "--first", "$.a[*]", none, some, directory.path("never-read.json")])
        #expect(result.status == 0)
        #expect(result.stdoutText == "5\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("--max-depth limits nesting; --allow-comments skips comments")
    func parserOptions() throws {
        let deep = try query(["--max-depth", "2", "$"], stdin: "[[[1]]]")
        #expect(deep.status == 1)
        #expect(deep.stderrText.hasPrefix("<stdin>:1:3: error: nesting too deep"))
        #expect(try query(["--max-depth", "3", "$"], stdin: "[[[1]]]").stdoutText == "[[[1]]]\n")

        let commented = "// header\n{\"a\": /* inline */ 1}\n"
        let rejected = try query(["$.a"], stdin: commented)
        #expect(rejected.status == 1)
        #expect(rejected.stderrText.hasPrefix("<stdin>:1:1: error: invalid JSON"))
        let accepted = try query(["--allow-comments", "$.a"], stdin: commented)
        #expect(accepted.status == 0)
        #expect(accepted.stdoutText == "1\n")
    }

    @Test("a value deeper than a JSONValue holds is a diagnostic, never a partial line; yajl_gen's old 127 is no limit")
    func refusedValue() throws {
        let deep = String(repeating: "[", count: 2100) + String(repeating: "]", count: 2100)
        let json = #"{"a": 1, "b": \#(deep), "c": 3}"#
        let result = try query(["--max-depth", "3000", "--with-path", "$.*"], stdin: json)
        #expect(result.status == 1)
        #expect(result.stdoutLines == [#"{"path":"$['a']","value":1}"#])
        #expect(result.stderrText.hasPrefix("<stdin>:1:"))
        #expect(result.stderrText.contains("the value nests deeper than 2048 levels, the most a JSONValue holds"))

        let written = String(repeating: "[", count: 130) + String(repeating: "]", count: 130)
        let accepted = try query(["$.b"], stdin: #"{"a": 1, "b": \#(written)}"#)
        #expect(accepted.status == 0)
        #expect(accepted.stdoutText == written + "\n")
    }

    @Test("--with-path over several inputs names the file of each match; over one it does not")
    func withPathNamesFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.ndjson", "{\"id\":1}\n{\"id\":2}\n")
        let second = try directory.write("b.ndjson", "{\"id\":3}\n")
        let several = try SiftProcess.run(["query", "--lines", "--with-path", "$.id", first, second])
        #expect(several.status == 0)
        #expect(
            several.stdoutLines == [
                #"{"file":"\#(first)","line":1,"offset":6,"path":"$['id']","value":1}"#,
                #"{"file":"\#(first)","line":2,"offset":15,"path":"$['id']","value":2}"#,
                #"{"file":"\#(second)","line":1,"offset":6,"path":"$['id']","value":3}"#,
            ])
        let stdinAndFile = try SiftProcess.run(
            ["query", "--with-path", "$.id", "-", second], stdin: .bytes(Array(#"{"id":0}"#.utf8)))
        #expect(stdinAndFile.stdoutLines.first == #"{"file":"<stdin>","path":"$['id']","value":0}"#)
        let one = try SiftProcess.run(["query", "--with-path", "$.id", second])
        #expect(one.stdoutLines == [#"{"path":"$['id']","value":3}"#])
    }

    /// `{"items":[{"id":0,"text":"xxx…"},…]}` of about `count` × 200 bytes.
    static func heldFeed(count: Int) -> String {
        let text = String(repeating: "x", count: 180)
        return "{\"items\":[" + (0..<count).map { "{\"id\":\($0),\"text\":\"\(text)\"}" }.joined(separator: ",") + "]}"
    }

    @Test("a query holding matches for RFC 9535 order says once that --stream-order holds nothing")
    func holdNote() throws {
        let feed = Array(Self.heldFeed(count: 20_000).utf8)
        let environment = ["SIFT_HOLD_NOTE_MB": "1"]
        let note = "sift: note: RFC 9535 order holds this path's matches until their container closes"
        let held = try SiftProcess.run(["query", "$..text"], stdin: .bytes(feed), environment: environment)
        #expect(held.status == 0)
        #expect(held.stdoutLines.count == 20_000)
        #expect(held.stderrText.hasPrefix(note), "\(held.stderrText)")
        #expect(held.stderrText.components(separatedBy: "sift: note:").count == 2)
        #expect(held.stderrText.contains("--stream-order gives the same values in document order without holding them"))

        let streamed = try SiftProcess.run(
            ["query", "--stream-order", "$..text"], stdin: .bytes(feed), environment: environment)
        #expect(streamed.stderr.isEmpty)
        let plain = try SiftProcess.run(["query", "$.items[*].text"], stdin: .bytes(feed), environment: environment)
        #expect(plain.stderr.isEmpty)
        let byDefault = try SiftProcess.run(["query", "$..text"], stdin: .bytes(feed))
        #expect(byDefault.stderr.isEmpty)

        let first = try SiftProcess.run(["query", "--first", "$..id"], stdin: .bytes(feed), environment: environment)
        #expect(first.stdoutLines == ["0"])
        #expect(
            first.stderrText.hasPrefix(
                "sift: note: in RFC 9535 order the first match is known only when its container closes"),
            "\(first.stderrText)")
    }
}
