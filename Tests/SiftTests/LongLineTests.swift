import Foundation
import Synchronization
import Testing

@testable import Sift

/// Lines longer than a block: ``LineBlockFileReader`` and ``LineBlockCutter`` cut them into
/// pieces of at most twice a block, one tokenizer reads the pieces in order, and the blocks after
/// the line are parsed side by side again; the matches and the first error are one tokenizer's,
/// and nothing of an invalid long line is handed out.
@Suite("long lines")
struct LongLineTests {
    /// Short lines around long ones: one valid (an array of objects, a long string), one whose
    /// value ends with a CRLF split by the pieces, and short lines after them.
    static let text =
        #"{"id":1}"# + "\n" + #"{"a":["# + (1...40).map { #"{"x":\#($0)}"# }.joined(separator: ",")
        + #"],"id":2,"s":""# + String(repeating: "z", count: 90) + "\"}\r\n" + #"{"id":3}"# + "\n"
        + #"[1,2,{"x":"# + String(repeating: "7", count: 120) + "}] " + #"{"id":4}"# + "\n"
        + (5...9).map { #"{"id":\#($0)}"# }.joined(separator: "\n") + "\n"

    /// The same, with an invalid long line (its first values match) before the last short lines.
    static let invalidText =
        #"{"id":1}"# + "\n" + #"{"id":2,"x":[{"x":1},"# + String(repeating: #"{"y":0},"#, count: 30) + #"{"x":,}]}"#
        + "\n" + #"{"id":3}"# + "\n"

    static let paths = ["$.id", "$..x", "$", "$.a[*].x"]

    @Test("matches and the first error are one tokenizer's, on every small block size", arguments: paths)
    func sameMatches(query: String) async throws {
        for (text, isValid) in [(Self.text, true), (Self.invalidText, false)] {
            let bytes = Array(text.utf8)
            let (expected, expectedError) = try JSONLineOutputsTests.sequential(query, bytes)
            #expect((expectedError == nil) == isValid)
            // Nothing of the invalid line: only the matches of the lines before it.
            let kept = expected.filter { expectedError == nil || $0.location.line < expectedError!.location.line }
            try await LineBlockFileReaderTests.withFile(text) { file in
                for blockSize in [1, 2, 3, 5, 8, 13, 21, 34, 55, 89] {
                    for readsFile in [true, false] {
                        let (found, failure) = try await LineBlockFileReaderTests.matches(
                            query, .file(file), blockSize: blockSize, readsFile: readsFile)
                        let label = "\(query), blocks of \(blockSize), \(readsFile ? "file" : "chunks")"
                        #expect(found == kept, "\(label)")
                        #expect(failure?.description == expectedError?.description, "\(label)")
                        #expect(failure?.location == expectedError?.location, "\(label)")
                    }
                }
            }
        }
    }

    @Test("the pieces of a long line are at most twice a block, read from a file or cut from chunks")
    func boundedPieces() async throws {
        let line = #"{"a":["# + String(repeating: #"{"x":1},"#, count: 5000) + #"0],"b":1}"# + "\n"
        let bytes = Array((line + #"{"b":2}"# + "\n" + line).utf8)
        for blockSize in [64, 1000, 4096] {
            var cutter = LineBlockCutter(blockSize: blockSize)
            var blocks: [JSONLineBlock] = []
            for start in stride(from: 0, to: bytes.count, by: 777) {
                blocks += cutter.append(bytes[start..<min(start + 777, bytes.count)])
            }
            if let last = cutter.finish() { blocks.append(last) }
            // A block is cut once it holds `blockSize` bytes: at most a chunk more.
            LineBlockFileReaderTests.expectCover(
                blocks, of: bytes, range: 0..<bytes.count, blockSize: blockSize, maximumSize: blockSize + 777)
            #expect(blocks.contains { $0.endsInsideLine })
            let read = try await LineBlockFileReaderTests.withFile(String(decoding: bytes, as: UTF8.self)) { path in
                try LineBlockFileReaderTests.blocks(.file(path), blockSize: blockSize)
            }
            LineBlockFileReaderTests.expectCover(read, of: bytes, range: 0..<bytes.count, blockSize: blockSize)
            #expect(read.contains { $0.endsInsideLine })
        }
    }

    @Test("a line longer than a block is held whole when invalid lines are set aside (its text is kept)")
    func wholeWhenSkipping() throws {
        let bytes = Array((String(repeating: "x", count: 300) + "\n{}\n").utf8)
        var cutter = LineBlockCutter(blockSize: 16, splitsLongLines: false)
        var blocks = cutter.append(bytes)
        if let last = cutter.finish() { blocks.append(last) }
        #expect(blocks.allSatisfy { !$0.isPartOfLongLine })
        #expect(blocks.count == 1)
    }

    @Test("after a long line, the blocks are parsed side by side again")
    func backToWorkers() async throws {
        let text =
            #"{"a":""# + String(repeating: "q", count: 500) + "\"}\n"
            + (1...60).map { #"{"id":\#($0)}"# }
            .joined(separator: "\n") + "\n"
        let made = Counter()
        let all = try await LineBlockFileReaderTests.withFile(text) { path in
            let outputs = JSONLineOutputs(JSONInput.file(path), parallelism: 2, blockSize: 32) { _ in
                made.increment()
                return JSONLineOutputsTests.IDCollector()
            }
            var all: [String] = []
            for try await ids in outputs { all += ids }
            return all
        }
        #expect(all == (1...60).map(String.init))
        // One handler for the long line read in order, then one a block (the 60 lines fill 20).
        #expect(made.value > 10)
    }

    /// A count shared with the threads that make handlers.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func increment() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }
}
