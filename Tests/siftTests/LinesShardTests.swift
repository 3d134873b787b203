import Foundation
import Testing

/// `sift query --lines --shard I/N`: the parts 1/N to N/N of a file, one after another, are the
/// whole file, with the whole file's lines and offsets, whatever N and wherever the byte ranges
/// fall (inside a line, on a line feed, inside a CRLF, on an empty line).
@Suite("sift query --lines --shard")
struct LinesShardTests {
    /// One record per line, of many lengths, with empty lines and CRLF, without a final newline.
    static let records = (1...23).map { number -> String in
        switch number % 5 {
        case 0: ""
        case 1: #"{"id":\#(number),"pad":"\#(String(repeating: "x", count: number))"}"# + "\r"
        default: #"{"id":\#(number),"tags":[\#(number),"\#(number)"]}"#
        }
    }.joined(separator: "\n")

    @Test("the parts of N, one after another, are the whole file", arguments: 1...7)
    func partsMakeTheWhole(count: Int) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("records.ndjson", Self.records)
        let arguments = ["query", "--lines", "--with-path", "$.id", file]
        let whole = try SiftProcess.run(arguments)
        #expect(whole.status == 0 && whole.stdoutLines.count == 19)
        var parts: [UInt8] = []
        for index in 1...count {
            let part = try SiftProcess.run(
                arguments + ["--shard", "\(index)/\(count)", "--jobs", "\(index % 3 + 1)"],
                environment: ["SIFT_LINES_BLOCK_SIZE": "\(index * 7)"])
            #expect(part.status == 0 && part.stderr.isEmpty, "\(index)/\(count): \(part.stderrText)")
            parts += part.stdout
        }
        #expect(String(decoding: parts, as: UTF8.self) == whole.stdoutText)
    }

    @Test("an error in a part is placed in the whole file")
    func errorPlace() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.ndjson", "{\"id\":1}\n{\"id\":2}\n{\"id\":3}\n{\"id\":,4}\n")
        let result = try SiftProcess.run(["query", "--lines", "--shard", "2/2", "$.id", file])
        #expect(result.status == 1)
        #expect(result.stdoutLines == ["3"])
        #expect(result.stderrText.hasPrefix("\(file):4:7: error: invalid JSON:"))
    }

    @Test("stdin and URLs cannot be split, and --shard needs --lines")
    func refusals() throws {
        let standardInput = try SiftProcess.run(["query", "--lines", "--shard", "1/2", "$.id"])
        #expect(standardInput.status == 2)
        #expect(standardInput.stderrText.contains("--shard splits a regular file by its size: <stdin> cannot be split"))
        let url = try SiftProcess.run(["query", "--lines", "--shard", "1/2", "$.id", "http://127.0.0.1:9/a"])
        #expect(url.status == 2)
        #expect(url.stderrText.contains("http://127.0.0.1:9/a cannot be split"))
        let withoutLines = try SiftProcess.run(["query", "--shard", "1/2", "$.id", "a.json"])
        #expect(withoutLines.status == 2)
        #expect(withoutLines.stderrText.contains("--shard reads a part of the lines of --lines: add --lines."))
        let wrong = try SiftProcess.run(["query", "--lines", "--shard", "0/2", "$.id", "a.json"])
        #expect(wrong.status == 2)
        #expect(wrong.stderrText.contains("--shard takes I/N, part I of N with 1 ≤ I ≤ N (such as 1/4), not '0/2'."))
    }
}
