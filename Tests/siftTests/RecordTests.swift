import Foundation
import Testing

/// `--field NAME=@.rel` records and `--csv`/`--tsv` tables: relative paths run inside each match
/// in the same pass.
@Suite("sift query: records and tables")
struct RecordTests {
    /// Runs `sift query ARGUMENTS` with `json` on stdin.
    func query(_ arguments: [String], stdin json: String) throws -> SiftProcess.Result {
        try SiftProcess.run(["query"] + arguments, stdin: .bytes(Array(json.utf8)))
    }

    let statuses = #"""
        {"statuses": [
          {"id": 1, "user": {"screen_name": "ada", "bio": "x"}, "tags": ["a", "b"], "text": "Hi, \"you\""},
          {"id": 2, "user": {"screen_name": "grace"}, "tags": [], "text": "line\nbreak\tand tab"},
          {"id": 3, "tags": ["c"]},
          7
        ], "id": "not a record"}
        """#

    @Test("each match becomes one object of its fields; missing is null, a non-singular path an array")
    func records() throws {
        let result = try query(
            ["$.statuses[*]", "--field", "id=@.id", "--field", "name=@.user.screen_name", "--field", "tags=@.tags[*]"],
            stdin: statuses)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(
            result.stdoutLines == [
                #"{"id":1,"name":"ada","tags":["a","b"]}"#,
                #"{"id":2,"name":"grace","tags":[]}"#,
                #"{"id":3,"name":null,"tags":["c"]}"#,
                #"{"id":null,"name":null,"tags":[]}"#,
            ])
    }

    @Test("a field may select a container, the match itself, or descendants; --first stops after one record")
    func fieldShapes() throws {
        let result = try query(
            [
                "$.statuses[0:1]", "--field", "user=@.user", "--field", "all=@..screen_name", "--field",
                "first=@.tags[0]",
            ],
            stdin: statuses)
        #expect(result.stdoutLines == [#"{"user":{"screen_name":"ada","bio":"x"},"all":["ada"],"first":"a"}"#])
        let first = try query(["--first", "$.statuses[*]", "--field", "id=@.id"], stdin: statuses)
        #expect(first.stdoutLines == [#"{"id":1}"#])
    }

    @Test("--csv: a header, then one row per match with RFC 4180 quoting; strings raw, other values JSON")
    func csv() throws {
        let result = try query(
            ["--csv", "$.statuses[*]", "--field", "id=@.id", "--field", "text=@.text", "--field", "tags=@.tags[*]"],
            stdin: statuses)
        #expect(result.status == 0, "\(result.stderrText)")
        let expected = [
            "id,text,tags",
            #"1,"Hi, ""you""","[""a"",""b""]""#,
            "2,\"line\nbreak\tand tab\",[]",
            #"3,null,"[""c""]""#,
            "null,null,[]",
        ]
        #expect(result.stdoutText == expected.joined(separator: "\n") + "\n")
    }

    @Test("--tsv: a header, then tab-separated rows with tabs, line feeds and backslashes escaped")
    func tsv() throws {
        let result = try query(
            ["--tsv", "$.statuses[0:2]", "--field", "id=@.id", "--field", "text=@.text"], stdin: statuses)
        #expect(result.stdoutText == "id\ttext\n1\tHi, \"you\"\n2\tline\\nbreak\\tand tab\n")
    }

    @Test(
        "--field and --csv usage errors say what to write",
        arguments: [
            (["--field", "id", "$"], "--field takes NAME=@PATH, such as id=@.id"),
            (
                ["--field", "id=$.id", "$"],
                "--field id: the path is relative to each match and starts with '@' (id=@.id)"
            ),
            (["--field", "id=@.[", "$"], "--field id: expected a member name at column 3 of '@.['"),
            (["--csv", "$"], "--csv writes the --field records: add --field NAME=@PATH"),
            (["--csv", "--tsv", "--field", "a=@.a", "$"], "--csv"),
            (["--with-path", "--field", "a=@.a", "$"], "--with-path and --field cannot be used together"),
        ])
    func usage(arguments: [String], message: String) throws {
        let result = try query(arguments, stdin: "{}")
        #expect(result.status == 2)
        #expect(result.stderrText.hasPrefix("Error: "))
        #expect(result.stderrText.contains(message), "\(result.stderrText)")
    }

    @Test("records stream: a large feed is read in the memory of one record's fields, not of the records")
    func streamsInFlatMemory() throws {
        // 20 000 records of about 1 KB each, the fields a few bytes: the input is 20 MB.
        let padding = String(repeating: "p", count: 1000)
        var index = 0
        let chunk = Array("{\"id\":0,\"skip\":\"\(padding)\",\"user\":{\"name\":\"n\"}},".utf8)
        let result = try SiftProcess.run(
            ["query", "--csv", "$.items[*]", "--field", "id=@.id", "--field", "name=@.user.name"],
            stdin: .generator {
                defer { index += 1 }
                if index == 0 { return Array("{\"items\":[".utf8) }
                if index <= 20_000 { return chunk }
                if index == 20_001 { return Array("{\"id\":1}]}".utf8) }
                return nil
            },
            samplesMemory: true)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutLines.count == 20_002)
        #expect(result.stdoutLines.first == "id,name")
        #expect(result.peakMemory < 64 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
