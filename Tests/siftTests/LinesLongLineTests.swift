import Foundation
import Testing

/// `sift query --lines` over lines longer than a block: they are read in pieces by one
/// tokenizer, with the bytes and errors of blocks that hold each line whole, and (release build)
/// in memory that does not grow with the line.
@Suite("sift query --lines, long lines")
struct LinesLongLineTests {
    /// Short lines around long ones (a long array, a long string, a value that ends after a
    /// CRLF), and one invalid long line whose first values match.
    static let records = [
        #"{"id":1,"x":[1]}"#,
        #"{"id":2,"x":["# + (1...30).map { #"{"x":\#($0)}"# }.joined(separator: ",") + #"],"s":""#
            + String(repeating: "long", count: 20) + "\"}\r",
        #"{"id":3} {"id":4,"x":[5]}"#, "",
        #"{"id":5,"tags":["# + (1...25).map { #""t\#($0)""# }.joined(separator: ",") + "]}",
        #"{"id":6}"#,
    ].joined(separator: "\n")

    static let invalid =
        records + "\n" + #"{"id":7,"x":["# + String(repeating: #"{"x":0},"#, count: 20) + #"{"x":,}]}"# + "\n"
        + #"{"id":8}"# + "\n"

    /// Block sizes far below the long lines, and job counts.
    static let splits: [(jobs: Int, blockSize: Int)] = [(1, 1), (2, 7), (1, 16), (3, 40), (2, 64), (8, 100)]

    static let commands: [[String]] = [
        ["$.id"], ["--with-path", "$.id"], ["$..x"], ["--stream-order", "$..x"], ["$"], ["--first", "$.x[*]"],
        ["$", "--field", "id=@.id", "--field", "n=@.x[-1].x", "--csv"], ["-r", "$.s"],
    ]

    @Test("valid and invalid long lines: the bytes and first error of whole lines", arguments: commands)
    func sameOutput(command: [String]) throws {
        let directory = try TemporaryDirectory()
        for text in [Self.records, Self.invalid] {
            let file = try directory.write("long.ndjson", text)
            try LinesJobsTests.expectSame(command + [file], splits: Self.splits)
        }
    }

    @Test("stdin and shards: the same bytes")
    func standardInputAndShards() throws {
        let directory = try TemporaryDirectory()
        try LinesJobsTests.expectSame(
            ["--with-path", "$.id"], splits: [(1, 5), (2, 9)], stdin: Array(Self.invalid.utf8))
        let file = try directory.write("long.ndjson", Self.records)
        for count in [2, 3] {
            let whole = try LinesJobsTests.run(["--with-path", "$..x", file], jobs: 1)
            var parts = ""
            for index in 1...count {
                let arguments = ["--shard", "\(index)/\(count)", "--with-path", "$..x", file]
                let reference = try LinesJobsTests.run(arguments, jobs: 1)
                for (jobs, blockSize) in [(1, 3), (2, 11)] {
                    let result = try LinesJobsTests.run(arguments, jobs: jobs, blockSize: blockSize)
                    #expect(
                        result.stdoutText == reference.stdoutText, "shard \(index)/\(count), blocks of \(blockSize)")
                }
                parts += reference.stdoutText
            }
            #expect(parts == whole.stdoutText)
        }
    }

    /// `{"a":[` + about `size` bytes of small objects + `]}` on one line, then `{"b":2}`,
    /// produced piece by piece.
    static func feed(size: Int) -> () -> [UInt8]? {
        var document = RepeatedBlockFeed(size: size, opening: #"{"a":["#, block: #"{"x":1,"y":"ab"}"#)
        var tail: [[UInt8]] = [Array("\n{\"b\":2}\n".utf8)]
        return {
            if let piece = document.next() { return piece }
            return tail.isEmpty ? nil : tail.removeFirst()
        }
    }

    @Test(
        "a 64 MB line: the peak RSS does not grow with it (file, stdin, --jobs 1 and 2, a shard)",
        LongValueMemoryTests.releaseNeeded)
    func memory() throws {
        let binary = try #require(SiftBinary.release)
        let directory = try TemporaryDirectory()
        let path = directory.path("long.ndjson")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let next = Self.feed(size: 64 << 20)
        while let piece = next() { handle.write(Data(piece)) }
        try handle.close()
        // The offset of the 2 of `{"b":2}\n`, the last 8 bytes of the file.
        let offset = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) - 3
        let last = #"{"line":2,"offset":\#(offset),"path":"$['b']","value":2}"#
        let runs: [(arguments: [String], stdin: SiftProcess.Input, stdout: [String])] = [
            (["--jobs", "1", path], .empty, [last]), (["--jobs", "2", path], .empty, [last]),
            (["--jobs", "2"], .generator(Self.feed(size: 64 << 20)), [last]),
            // The long line is the whole of part 1.
            (["--jobs", "2", "--shard", "1/2", path], .empty, []),
        ]
        for (arguments, stdin, stdout) in runs {
            let result = try SiftProcess.run(
                ["query", "--lines", "--with-path", "$.b"] + arguments, binary: binary, stdin: stdin,
                samplesMemory: true)
            #expect(result.status == 0, "\(arguments): \(result.stderrText)")
            #expect(result.stdoutLines == stdout, "\(arguments)")
            #expect(result.peakMemory < 48 << 20, "\(arguments): peak RSS \(result.peakMemory >> 20) MB")
        }
    }
}
