import Foundation
import Sift
import Testing

/// `sift validate --lines` on several threads, and its bad-record options: the blocks of lines
/// validated on N threads give the bytes one thread writes, with and without a schema, for every
/// option, every N and every split into blocks (`SIFT_LINES_BLOCK_SIZE`); lines that do not
/// parse and records that do not meet the schema are set aside alike.
@Suite("sift validate --lines --jobs, --on-invalid, --invalid-lines")
struct ValidateLinesTests {
    static let schema = #"""
        {"type":"object","required":["id"],
         "properties":{"id":{"type":"integer"},"name":{"type":"string","maxLength":5},
                       "tags":{"type":"array","items":{"type":"string"},"uniqueItems":true}}}
        """#

    /// Records of every kind: valid, invalid against the schema (one error, several, nested),
    /// not JSON, empty lines, CRLF, two values on a line and a value over several lines.
    static let records = [
        #"{"id":1,"name":"ada"}"#, #"{"id":"x","name":"abcdefgh"}"#, "", #"{"id":2,"tags":["a","a",3]}"# + "\r",
        #"{"id":,}"#, #"{"name":"q"}  {"id":3}"#, #"{"id":"#, #"  4, "name": "pretty"}"#, "[1,2]",
        #"{"id":5,"tags":["t\u00e9"]}"#, #"{"id":6.5}"#, #"{"id":7"#, #"{"id":8}"#,
    ].joined(separator: "\n")

    /// The command lines compared (the schema and file are appended).
    static let commands: [[String]] = [
        [], ["--max-errors", "3"], ["--max-errors", "1"], ["--output", "basic"], ["--on-invalid", "skip"],
        ["--on-invalid", "skip", "--output", "basic"], ["--on-invalid", "skip", "--max-invalid", "2"],
        ["--on-invalid", "skip", "--max-errors", "4"],
    ]

    static let splits: [(jobs: Int, blockSize: Int)] = [(1, 1), (2, 7), (3, 24), (8, 5), (2, 1000)]

    static func run(
        _ arguments: [String], jobs: Int, blockSize: Int? = nil, stdin: [UInt8]? = nil
    ) throws -> SiftProcess.Result {
        try SiftProcess.run(
            ["validate", "--lines", "--jobs", String(jobs)] + arguments, stdin: stdin.map { .bytes($0) } ?? .empty,
            environment: blockSize.map { ["SIFT_LINES_BLOCK_SIZE": String($0)] } ?? [:])
    }

    @Test("every option gives the bytes of one thread, for every N and block size", arguments: commands)
    func sameOutput(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", Self.records)
        let schema = try directory.write("schema.json", Self.schema)
        for arguments in [command + ["--schema", schema, file], command.contains("--output") ? nil : command + [file]] {
            guard let arguments, !(arguments.contains("--max-errors") && !arguments.contains("--schema")) else {
                continue
            }
            let reference = try Self.run(arguments, jobs: 1)
            #expect(reference.status == 1)
            for (jobs, blockSize) in Self.splits {
                let result = try Self.run(arguments, jobs: jobs, blockSize: blockSize)
                let label = "\(arguments) --jobs \(jobs), blocks of \(blockSize) bytes"
                #expect(result.status == reference.status, "\(label)")
                #expect(result.stdoutText == reference.stdoutText, "\(label)")
                #expect(result.stderrText == reference.stderrText, "\(label)")
            }
            let piped = try Self.run(
                Array(arguments.dropLast()), jobs: 2, blockSize: 7, stdin: Array(Self.records.utf8))
            #expect(piped.stdoutText == reference.stdoutText, "\(arguments) on stdin")
            #expect(
                piped.stderrText == reference.stderrText.replacingOccurrences(of: file, with: "<stdin>"),
                "\(arguments) on stdin")
        }
    }

    @Test("without skipping, a line that does not parse ends the input; records before it are reported")
    func failsAtTheFirstInvalidLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", Self.records)
        let schema = try directory.write("schema.json", Self.schema)
        let result = try Self.run(["--schema", schema, file], jobs: 2, blockSize: 7)
        #expect(result.status == 1)
        #expect(
            result.stderrText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) == [
                "\(file):2:7: error: $.id: expected an integer, found the string \"x\" [#/properties/id/type]",
                "\(file):2:18: error: $.name: expected at most 5 characters, found 8 [#/properties/name/maxLength]",
                "\(file):4:16: error: $.tags: the items at 0 and 1 are equal; items must be unique [#/properties/tags/uniqueItems]",
                "\(file):4:25: error: $.tags[2]: expected a string, found the integer 3 [#/properties/tags/items/type]",
                "\(file):5:7: error: invalid JSON: unallowed token at this point in JSON text (in $.id)",
                "{\"id\":,}", "      ^",
            ])
    }

    @Test("--invalid-lines: records that do not meet the schema are set aside as lines that do not parse")
    func invalidLinesFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", Self.records)
        let schema = try directory.write("schema.json", Self.schema)
        let log = directory.url.appendingPathComponent("bad.ndjson").path
        for (jobs, blockSize) in [(1, 1 << 19), (3, 5)] {
            let result = try Self.run(
                ["--schema", schema, "--invalid-lines", log, file], jobs: jobs, blockSize: blockSize)
            #expect(result.status == 1)
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    #"{"line":2,"column":1,"offset":22,"error":"$.id: expected an integer, found the string \"x\" [#/properties/id/type]","text":"{\"id\":\"x\",\"name\":\"abcdefgh\"}"}"#,
                    #"{"line":4,"column":1,"offset":52,"error":"$.tags: the items at 0 and 1 are equal; items must be unique [#/properties/tags/uniqueItems]","text":"{\"id\":2,\"tags\":[\"a\",\"a\",3]}"}"#,
                    #"{"line":5,"column":7,"offset":81,"error":"invalid JSON: unallowed token at this point in JSON text (in $.id)","text":"{\"id\":,}"}"#,
                    #"{"line":6,"column":1,"offset":90,"error":"$: is missing the required member \"id\" [#/required]","text":"{\"name\":\"q\"}  {\"id\":3}"}"#,
                    #"{"line":7,"column":7,"offset":113,"error":"incomplete JSON: unexpected end of input (in $.id)","text":"{\"id\":"}"#,
                    #"{"line":8,"column":4,"offset":120,"error":"invalid JSON: unallowed token at this point in JSON text (in $)","text":"  4, \"name\": \"pretty\"}"}"#,
                    #"{"line":9,"column":1,"offset":143,"error":"$: expected an object, found an array [#/type]","text":"[1,2]"}"#,
                    #"{"line":11,"column":1,"offset":177,"error":"$.id: expected an integer, found the number 6.5 [#/properties/id/type]","text":"{\"id\":6.5}"}"#,
                    #"{"line":12,"column":8,"offset":188,"error":"incomplete JSON: unexpected end of input (in $.id)","text":"{\"id\":7"}"#,
                ], "--jobs \(jobs), blocks of \(blockSize)")
        }
    }

    @Test("a record on a line longer than a block is set aside whole")
    func longLine() throws {
        let directory = try TemporaryDirectory()
        let long =
            #"{"id":"#
            + "\"" + String(repeating: "x", count: 300) + "\"}"
        let file = try directory.write("records.ndjson", #"{"id":1}"# + "\n" + long + "\n" + #"{"id":2}"# + "\n")
        let schema = try directory.write("schema.json", Self.schema)
        let log = directory.url.appendingPathComponent("bad.ndjson").path
        let result = try Self.run(["--schema", schema, "--invalid-lines", log, file], jobs: 2, blockSize: 64)
        #expect(result.status == 1)
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix(#"{"line":2,"column":1,"offset":9,"error":"$.id: expected an integer"#))
        let escaped = long.replacingOccurrences(of: "\"", with: "\\\"")
        #expect(text.hasSuffix(#""text":""# + escaped + "\"}\n"))
    }

    @Test("--max-errors counts each input apart, two inputs of the same name too")
    func maxErrorsPerInput() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", #"{"id":"x"}"# + "\n" + #"{"id":"y"}"# + "\n")
        let schema = try directory.write("schema.json", Self.schema)
        let error = #"1:7: error: $.id: expected an integer, found the string "x" [#/properties/id/type]"#
        let note = "\(file): note: stopped after 1 errors (--max-errors)"
        for (jobs, blockSize) in [(1, 1 << 19), (2, 7)] {
            let text = try Self.run(
                ["--max-errors", "1", "--schema", schema, file, file], jobs: jobs, blockSize: blockSize)
            #expect(text.status == 1)
            #expect(
                text.stderrText == ["\(file):\(error)", note, "\(file):\(error)", note].joined(separator: "\n") + "\n",
                "--jobs \(jobs), blocks of \(blockSize)")
            let basic = try Self.run(
                ["--max-errors", "1", "--output", "basic", "--schema", schema, file, file], jobs: jobs,
                blockSize: blockSize)
            let errorCounts = basic.stdoutLines.map { try? JSONValue(parsing: $0)["errors"]?.arrayValue?.count }
            #expect(errorCounts == [1, 1], "--output basic, --jobs \(jobs), blocks of \(blockSize)")
        }
    }

    @Test("valid lines: nothing printed, status 0, on every split")
    func valid() throws {
        let directory = try TemporaryDirectory()
        let body = (0..<400).map { #"{"id":\#($0),"name":"n\#($0 % 7)","tags":["a\#($0)"]}"# }.joined(separator: "\n")
        let file = try directory.write("records.ndjson", body)
        let schema = try directory.write("schema.json", Self.schema)
        for (jobs, blockSize) in Self.splits {
            let result = try Self.run(
                ["--schema", schema, "--on-invalid", "skip", file], jobs: jobs, blockSize: blockSize)
            #expect(result.status == 0 && result.stdoutText.isEmpty && result.stderrText.isEmpty)
        }
    }
}
