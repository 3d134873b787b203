import Foundation
import Testing

/// `sift query --lines --jobs N`: the blocks of lines parsed on N threads give the bytes one
/// thread writes, for every option, every N and every split of the input into blocks
/// (`SIFT_LINES_BLOCK_SIZE` makes the blocks a few bytes long, so lines, values that span lines,
/// CRLF breaks and empty lines straddle block boundaries).
@Suite("sift query --lines --jobs")
struct LinesJobsTests {
    /// NDJSON with every kind of line: empty, CRLF, two values on one line, a value spread over
    /// lines, scalars and arrays at the top, and no final newline.
    static let records = [
        #"{"id":1,"name":"ada","x":{"x":5}}"#, "", #"{"id":"two","tags":["t1","t2"],"name":"b\tc"}"# + "\r",
        #"   {"id":3}  {"id":4,"x":[{"x":6}]}"#, #"{"id":"#, #"  5, "name": "pretty","#, #"  "x": 7}"#,
        "[1,2]", #""top""#, #"{"id":6,"tags":[]}"#, #"{"id":7,"x":{"y":{"x":8}}}"#,
    ].joined(separator: "\n")

    /// The command lines compared (the file is appended, then `--lines --jobs N`).
    static let commands: [[String]] = [
        ["$.id"], ["--with-path", "$.id"], ["-r", "$.name"], ["--pretty", "$.x"], ["--indent", "3", "$"],
        ["--first", "$.tags[*]"], ["$..x"], ["--stream-order", "$..x"], ["--seq", "$.tags"],
        ["$", "--field", "id=@.id", "--field", "tag=@.tags[0]", "--csv"], ["-e", "$.missing"],
    ]

    /// The block sizes and job counts each command is run with.
    static let splits: [(jobs: Int, blockSize: Int)] =
        [1, 2, 3, 8].flatMap { jobs in [1, 7, 24].map { (jobs, $0) } } + (1...8).map { ($0, 5) }

    /// Runs `sift query ARGUMENTS --lines`, with `jobs` and `blockSize` when given.
    static func run(
        _ arguments: [String], jobs: Int, blockSize: Int? = nil, stdin: [UInt8]? = nil
    ) throws -> SiftProcess.Result {
        try SiftProcess.run(
            ["query", "--lines", "--jobs", String(jobs)] + arguments, stdin: stdin.map { .bytes($0) } ?? .empty,
            environment: blockSize.map { ["SIFT_LINES_BLOCK_SIZE": String($0)] } ?? [:])
    }

    /// Expects every split to give `reference`'s status, stdout and stderr.
    static func expectSame(
        _ arguments: [String], splits: [(jobs: Int, blockSize: Int)] = splits, stdin: [UInt8]? = nil
    ) throws {
        let reference = try run(arguments, jobs: 1, stdin: stdin)
        for (jobs, blockSize) in splits {
            let result = try run(arguments, jobs: jobs, blockSize: blockSize, stdin: stdin)
            let label = "\(arguments) --jobs \(jobs), blocks of \(blockSize) bytes"
            #expect(result.status == reference.status, "\(label)")
            #expect(result.stdoutText == reference.stdoutText, "\(label)")
            #expect(result.stderrText == reference.stderrText, "\(label)")
        }
    }

    @Test("every option gives the bytes of one thread, for every N and block size", arguments: commands)
    func sameOutput(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", Self.records)
        try Self.expectSame(command + [file])
    }

    @Test("several files: each file's lines in turn, led by the file's name")
    func severalFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.ndjson", Self.records)
        let second = try directory.write("b.ndjson", "{\"id\":\"b1\"}\n\n{\"id\":\"b2\"}\n")
        try Self.expectSame(["--with-path", "$.id", first, second])
        let reference = try Self.run(["--with-path", "$.id", first, second], jobs: 1)
        #expect(
            reference.stdoutLines.last == #"{"file":"\#(second)","line":3,"offset":19,"path":"$['id']","value":"b2"}"#)
    }

    @Test("stdin: the same bytes as a file")
    func standardInput() throws {
        try Self.expectSame(
            ["--with-path", "$.id"], splits: [(2, 7), (3, 1), (8, 24)], stdin: Array(Self.records.utf8))
    }

    @Test("the places in the whole input: lines and offsets of every block", arguments: [1, 3, 8])
    func places(blockSize: Int) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("ids.ndjson", "{\"id\":1}\r\n\n{\"id\":2} {\"id\":3}\n{\"id\":\n4}")
        let result = try Self.run(["--with-path", "$.id", file], jobs: 3, blockSize: blockSize)
        #expect(
            result.stdoutLines == [
                #"{"line":1,"offset":6,"path":"$['id']","value":1}"#,
                #"{"line":3,"offset":17,"path":"$['id']","value":2}"#,
                #"{"line":3,"offset":26,"path":"$['id']","value":3}"#,
                #"{"line":5,"offset":36,"path":"$['id']","value":4}"#,
            ])
    }

    /// Inputs that fail: in a line, at a block's first byte, in a value that spans lines, at
    /// the end (truncated), a byte order mark inside the input, and a value the output refuses.
    static let failures: [(name: String, text: String, arguments: [String])] = [
        ("invalid line", "{\"a\":[1,2]}\n{\"a\":[3,4,}\n{\"a\":[5]}\n", ["$.a[*]"]),
        ("invalid first byte", "{\"a\":[1]}\n}\n{\"a\":[5]}\n", ["$.a[*]"]),
        ("spanning value", "{\"a\":[1]}\n{\"a\":[2,\n3,\n{]}\n{\"a\":[5]}\n", ["--with-path", "$.a[*]"]),
        ("truncated", "{\"a\":[1]}\n{\"a\":[2,\n3", ["$.a[*]"]),
        ("byte order mark", "{\"a\":[1]}\n\u{FEFF}{\"a\":[2]}\n", ["$.a[*]"]),
        ("too deep", "{\"a\":[1]}\n[[[[[[1]]]]]]\n{\"a\":[5]}\n", ["--max-depth", "4", "$.a[*]"]),
        (
            "refused value", "{\"a\":[\"x\"]}\n{\"a\":[\"y\",\"z\\u0000\"]}\n{\"a\":[\"w\"]}\n",
            ["--raw-output0", "$.a[*]"]
        ),
    ]

    @Test(
        "the first error in input order, with the same text, and nothing of its line or after it",
        arguments: failures.indices)
    func sameFailure(index: Int) throws {
        let failure = Self.failures[index]
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.ndjson", failure.text)
        try Self.expectSame(failure.arguments + [file], splits: [(1, 1), (2, 3), (3, 8), (8, 1), (8, 16)])
        let reference = try Self.run(failure.arguments + [file], jobs: 1)
        #expect(reference.status == 1, "\(failure.name)")
        #expect(reference.stderrText.hasPrefix(file + ":"), "\(failure.name)")
    }

    @Test("no value of the line that fails is printed")
    func nothingOfTheFailingLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.ndjson", "{\"a\":[1,2]}\n{\"a\":[3,4,}\n{\"a\":[5]}\n")
        let result = try Self.run(["$.a[*]", file], jobs: 2)
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["1", "2"])
        #expect(
            result.stderrText == """
                \(file):2:11: error: invalid JSON: unallowed token at this point in JSON text (in $.a[2])
                {"a":[3,4,}
                          ^

                """)
    }

    @Test("the values of the lines before the failing one are printed, a value over several lines too")
    func everythingBeforeTheFailingLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.ndjson", "{\"a\":[1]} {\"a\":[2,\n3]}\noops {\"a\":[4]}\n")
        for (jobs, blockSize) in [(1, 1_000), (2, 1), (3, 8)] {
            let result = try Self.run(["$.a[*]", file], jobs: jobs, blockSize: blockSize)
            #expect(result.status == 1)
            #expect(result.stdoutLines == ["1", "2", "3"], "--jobs \(jobs), blocks of \(blockSize)")
            #expect(result.stderrText.hasPrefix("\(file):3:1: error: invalid JSON: invalid char in json text (in $)"))
        }
    }

    @Test("--jobs needs at least one thread (without --lines, it splits one document's array)")
    func usage() throws {
        let withoutLines = try SiftProcess.run(["query", "--jobs", "2", "$.a"], stdin: .bytes(Array(#"{"a":1}"#.utf8)))
        #expect(withoutLines.status == 0)
        #expect(withoutLines.stdoutLines == ["1"])
        let none = try SiftProcess.run(["query", "--lines", "-j", "0", "$.a"])
        #expect(none.status == 2)
        #expect(none.stderrText.contains("--jobs must be at least 1, not 0."))
    }
}
