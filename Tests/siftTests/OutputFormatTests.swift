import Foundation
import Testing

/// `-r`/`--raw-output`, `--pretty` and `-c`/`--compact` (the default): how values reach stdout.
@Suite("sift output formats")
struct OutputFormatTests {
    /// Runs `sift ARGUMENTS` with `json` on stdin.
    func run(_ arguments: [String], stdin json: String) throws -> SiftProcess.Result {
        try SiftProcess.run(arguments, stdin: .bytes(Array(json.utf8)))
    }

    let mixed = #"{"a": ["x\ny", "é\"q\"", 1.50, {"b": [1, "s"]}, null, "\u0000z", true, []]}"#

    @Test("-r writes strings as raw UTF-8 and a newline; every other value is compact JSON")
    func rawOutput() throws {
        for flag in ["-r", "--raw-output"] {
            let result = try run(["query", flag, "$.a[*]"], stdin: mixed)
            #expect(result.status == 0)
            #expect(result.stdout == Array("x\ny\né\"q\"\n1.50\n{\"b\":[1,\"s\"]}\nnull\n\u{0}z\ntrue\n[]\n".utf8))
        }
    }

    @Test("-r applies to matches held back for RFC 9535 order as to those written at once")
    func rawOutputOfHeldMatches() throws {
        let json = #"{"k": "outer", "c": {"k": "inner"}, "l": ["p", "q\tr"]}"#
        #expect(try run(["query", "-r", "$..k"], stdin: json).stdoutText == "outer\ninner\n")
        #expect(try run(["query", "-r", "$.l[-1]"], stdin: json).stdoutText == "q\tr\n")
    }

    @Test("-r writes a string longer than the output buffer whole")
    func rawOutputOfALongString() throws {
        let long = String(repeating: "abcdéfgh", count: 40_000)
        let result = try run(["query", "-r", "$[*]"], stdin: "[\"\(long)\", \"end\"]")
        #expect(result.status == 0)
        #expect(result.stdoutText == long + "\nend\n")
    }

    @Test("--pretty writes each value indented over several lines; the next value starts on the next line")
    func pretty() throws {
        let result = try run(["query", "--pretty", "$.a[2:5]"], stdin: mixed)
        #expect(result.status == 0)
        #expect(
            result.stdoutText == """
                1.50
                {
                  "b": [
                    1,
                    "s"
                  ]
                }
                null

                """)
        let raw = try run(["query", "--pretty", "-r", "$.a[1,3]"], stdin: mixed)
        #expect(raw.stdoutText == "é\"q\"\n{\n  \"b\": [\n    1,\n    \"s\"\n  ]\n}\n")
    }

    @Test("--pretty --with-path indents the path object too")
    func prettyWithPath() throws {
        let result = try run(["query", "--pretty", "--with-path", "$.a[3].b"], stdin: mixed)
        #expect(
            result.stdoutText == """
                {
                  "path": "$['a'][3]['b']",
                  "value": [
                    1,
                    "s"
                  ]
                }

                """)
    }

    @Test("-c and --compact are the default; of -c and --pretty the last one wins")
    func compactIsTheDefault() throws {
        let plain = try run(["query", "$.a[*]"], stdin: mixed)
        for arguments in [["-c"], ["--compact"], ["--pretty", "-c"], ["-c", "--pretty", "--compact"]] {
            let result = try run(["query"] + arguments + ["$.a[*]"], stdin: mixed)
            #expect(result.status == 0)
            #expect(result.stdout == plain.stdout, "\(arguments)")
        }
        let pretty = try run(["query", "-c", "--pretty", "$.a[3]"], stdin: mixed)
        #expect(pretty.stdoutText == "{\n  \"b\": [\n    1,\n    \"s\"\n  ]\n}\n")
    }

    @Test("hub takes --pretty and -c")
    func hubLayout() throws {
        let page = #"{"id": "home", "body": [{"id": "r", "text": {"title": "T"}}]}"#
        let pretty = try run(["hub", "--pretty"], stdin: page)
        #expect(pretty.status == 0)
        #expect(
            pretty.stdoutText == """
                {
                  "id": "home",
                  "body": [
                    {
                      "id": "r",
                      "text": {
                        "title": "T"
                      }
                    }
                  ]
                }

                """)
        #expect(try run(["hub", "-c"], stdin: page).stdout == (try run(["hub"], stdin: page)).stdout)
    }

    @Test("--lines --with-path: each match with the line and byte offset where its value starts")
    func linesWithLocations() throws {
        let input = "{\"id\":1}\n{\"id\":2, \"x\": [{\"id\": [3]}]}\n\n  \"s\" {\"id\":\"é\"}{\"id\":5}\n"
        let result = try run(["query", "--lines", "--with-path", "$..id"], stdin: input)
        #expect(result.status == 0)
        #expect(
            result.stdoutLines == [
                #"{"line":1,"offset":6,"path":"$['id']","value":1}"#,
                #"{"line":2,"offset":15,"path":"$['id']","value":2}"#,
                #"{"line":2,"offset":31,"path":"$['x'][0]['id']","value":[3]}"#,
                #"{"line":4,"offset":51,"path":"$['id']","value":"é"}"#,
                #"{"line":4,"offset":62,"path":"$['id']","value":5}"#,
            ])
        // Without --lines the shape is unchanged.
        let single = try run(["query", "--with-path", "$.x[0].id"], stdin: #"{"x": [{"id": 3}]}"#)
        #expect(single.stdoutLines == [#"{"path":"$['x'][0]['id']","value":3}"#])
    }

    @Test("--lines --with-path locates matches the same on either side of a read (64 KiB, 256 KiB ahead)")
    func linesWithLocationsAcrossReads() throws {
        let directory = try TemporaryDirectory()
        var text = ""
        var expected: [String] = []
        for line in 1...16000 {
            let record = "{\"n\":\"\(String(repeating: "x", count: line % 37))\",\"id\":\(line)}\n"
            let offset = text.utf8.count + record.utf8.count - 1 - String(line).count - 1
            expected.append(#"{"line":\#(line),"offset":\#(offset),"path":"$['id']","value":\#(line)}"#)
            text += record
        }
        #expect(text.utf8.count > 2 * 262_144)
        let file = try directory.write("records.ndjson", text)
        let fromFile = try SiftProcess.run(["query", "--lines", "--with-path", "$.id", file])
        #expect(fromFile.status == 0)
        #expect(fromFile.stdoutLines == expected)
        let fromStdin = try run(["query", "--lines", "--with-path", "$.id"], stdin: text)
        #expect(fromStdin.stdoutLines == expected)
    }
}
