import Foundation
import Testing

/// `sift query --lines --on-invalid skip`, `--invalid-lines FILE` and `--max-invalid K`: invalid
/// lines are reported, written aside and skipped, the same on every split and every `--jobs`;
/// no value of an invalid line is ever printed.
@Suite("sift query --lines --on-invalid")
struct LinesInvalidTests {
    /// Broken lines at the start, in the middle (one longer than the blocks of the tests, one
    /// whose value goes on past its end after two good values, one with CRLF) and at the end,
    /// without a final newline.
    static let text = [
        "oops", #"{"a":[1,2]}"#, #"{"a":[3,4,}"#, #"{"a":["\#(String(repeating: "long", count: 10))",,]}"#,
        #"{"a":[5]} {"a":[6]} {"a":"#, #"{"a":[7]}"#, #"{"a":[8,}"# + "\r", #"{"a":[9]}"#, #"{"a":[10"#,
    ].joined(separator: "\n")

    /// The line, column and message of each invalid line.
    static let diagnostics = [
        (1, 1, "invalid JSON: invalid char in json text (in $)"),
        (3, 11, "invalid JSON: unallowed token at this point in JSON text (in $.a[2])"),
        (4, 50, "invalid JSON: unallowed token at this point in JSON text (in $.a[1])"),
        (5, 26, "incomplete JSON: unexpected end of input (in $.a)"),
        (7, 9, "invalid JSON: unallowed token at this point in JSON text (in $.a[1])"),
        (9, 9, "incomplete JSON: unexpected end of input (in $.a[0])"),
    ]

    /// Runs `sift query --lines ARGUMENTS` on the test file, with `jobs` and `blockSize`.
    static func run(
        _ arguments: [String], in directory: TemporaryDirectory, jobs: Int = 1, blockSize: Int? = nil
    ) throws -> SiftProcess.Result {
        let file = try directory.write("records.ndjson", text)
        return try SiftProcess.run(
            ["query", "--lines", "--jobs", String(jobs)] + arguments + [file],
            environment: blockSize.map { ["SIFT_LINES_BLOCK_SIZE": String($0)] } ?? [:])
    }

    @Test("each invalid line is reported as the first error is, and the run goes on; exit 3")
    func skip() throws {
        let directory = try TemporaryDirectory()
        let result = try Self.run(["--on-invalid", "skip", "$.a[*]"], in: directory)
        #expect(result.status == 3)
        #expect(result.stdoutLines == ["1", "2", "7", "9"])
        let file = directory.path("records.ndjson")
        let lines = Array(Self.text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.filter { $0 != 0x0D }, as: UTF8.self)
        }
        let expected = Self.diagnostics.map { line, column, message in
            let caret = String(repeating: " ", count: column - 1) + "^"
            return "\(file):\(line):\(column): error: \(message)\n\(lines[line - 1])\n\(caret)\n"
        }
        #expect(result.stderrText == expected.joined())
    }

    @Test("--invalid-lines writes each line set aside as a JSON object, and implies skip")
    func invalidLinesFile() throws {
        let directory = try TemporaryDirectory()
        let aside = directory.path("aside.ndjson")
        let result = try Self.run(["--invalid-lines", aside, "$.a[*]"], in: directory)
        #expect(result.status == 3)
        #expect(result.stdoutLines == ["1", "2", "7", "9"])
        let written = try String(contentsOfFile: aside, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(written.count == 6)
        #expect(
            written.first
                == #"{"line":1,"column":1,"offset":0,"error":"invalid JSON: invalid char in json text (in $)","text":"oops"}"#
        )
        #expect(
            written[4]
                == #"{"line":7,"column":9,"offset":118,"error":"invalid JSON: unallowed token at this point in JSON text (in $.a[1])","text":"{\"a\":[8,}"}"#
        )
        #expect(written.last?.hasPrefix(#"{"line":9,"column":9,"offset":139,"#) == true)
    }

    @Test("the same output, messages and file on every split and every --jobs")
    func sameOnEverySplit() throws {
        let directory = try TemporaryDirectory()
        let aside = directory.path("aside.ndjson")
        let arguments = ["--with-path", "--invalid-lines", aside, "$.a[*]"]
        let reference = try Self.run(arguments, in: directory)
        let referenceFile = try Data(contentsOf: URL(fileURLWithPath: aside))
        for (jobs, blockSize) in [(1, 1), (2, 16), (3, 7), (8, 1), (8, 40), (5, 100)] {
            let result = try Self.run(arguments, in: directory, jobs: jobs, blockSize: blockSize)
            #expect(result.status == reference.status, "--jobs \(jobs), blocks of \(blockSize)")
            #expect(result.stdoutText == reference.stdoutText, "--jobs \(jobs), blocks of \(blockSize)")
            #expect(result.stderrText == reference.stderrText, "--jobs \(jobs), blocks of \(blockSize)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == referenceFile)
        }
    }

    @Test("--max-invalid K fails once more than K lines were set aside")
    func maximum() throws {
        let directory = try TemporaryDirectory()
        let over = try Self.run(
            ["--on-invalid", "skip", "--max-invalid", "2", "$.a[*]"], in: directory, jobs: 3, blockSize: 8)
        #expect(over.status == 1)
        #expect(over.stdoutLines == ["1", "2"])
        let file = directory.path("records.ndjson")
        #expect(over.stderrText.hasSuffix("\(file): error: more lines set aside than --max-invalid 2 allows\n"))
        #expect(over.stderrText.components(separatedBy: ": error: ").count == 5)
        let under = try Self.run(["--on-invalid", "skip", "--max-invalid", "6", "$.a[*]"], in: directory)
        #expect(under.status == 3)
    }

    @Test("with nothing set aside the status is 0; without skipping the first invalid line fails")
    func statuses() throws {
        let directory = try TemporaryDirectory()
        let valid = try directory.write("valid.ndjson", "{\"a\":[1]}\n")
        let result = try SiftProcess.run(["query", "--lines", "--on-invalid", "skip", "$.a[*]", valid])
        #expect(result.status == 0 && result.stdoutLines == ["1"] && result.stderr.isEmpty)
        let failing = try Self.run(["$.a[*]"], in: directory)
        #expect(failing.status == 1)
        #expect(failing.stdout.isEmpty)
    }

    @Test("the options need --lines, and agree with each other")
    func usage() throws {
        let withoutLines = try SiftProcess.run(["query", "--on-invalid", "skip", "$.a"])
        #expect(withoutLines.status == 2)
        #expect(withoutLines.stderrText.contains("--on-invalid, --invalid-lines and --max-invalid need --lines."))
        let contradiction = try SiftProcess.run(
            ["query", "--lines", "--on-invalid", "fail", "--invalid-lines", "x.ndjson", "$.a"])
        #expect(contradiction.status == 2)
        #expect(
            contradiction.stderrText.contains(
                "--invalid-lines sets lines aside: it cannot be used with --on-invalid fail."))
        let maximum = try SiftProcess.run(["query", "--lines", "--max-invalid", "3", "$.a"])
        #expect(maximum.status == 2)
        #expect(maximum.stderrText.contains("--max-invalid counts the lines set aside"))
    }
}
