import Foundation
import Testing

@testable import Sift

/// ``LineBlockFileReader`` and ``JSONLineOutputs``'s form that reads a file straight into its
/// blocks: the blocks cover the file (or its part) exactly, each after a line feed and placed in
/// the whole file, for every block size from 1 byte, so that lines straddle every block
/// boundary; the matches, errors and lines set aside are those of the chunks' form.
@Suite("LineBlockFileReader")
struct LineBlockFileReaderTests {
    /// `text` saved to a file of its own, removed after `body`.
    static func withFile<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("blocks-\(UUID().uuidString).ndjson")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try await body(url.path)
    }

    /// The blocks of `input`, read in blocks of `blockSize`.
    static func blocks(_ input: JSONInput, blockSize: Int, offset: Int = 0, line: Int = 1) throws -> [JSONLineBlock] {
        var reader = LineBlockFileReader(input, blockSize: blockSize, offset: offset, line: line)
        defer { reader.close() }
        var blocks: [JSONLineBlock] = []
        while let block = try reader.next() { blocks.append(block) }
        return blocks
    }

    /// Checks that `blocks` are `bytes[range]` in order, cut after line feeds (or, for a line
    /// longer than a block, inside it, in blocks of at most `maximumSize`, by default twice
    /// `blockSize`), placed in `bytes`.
    static func expectCover(
        _ blocks: [JSONLineBlock], of bytes: [UInt8], range: Range<Int>, blockSize: Int, maximumSize: Int? = nil
    ) {
        var offset = range.lowerBound
        for (index, block) in blocks.enumerated() {
            #expect(block.index == index, "blocks of \(blockSize)")
            #expect(block.offset == offset, "blocks of \(blockSize)")
            #expect(block.line == LineBreaks.count(in: Array(bytes[..<offset])) + 1, "blocks of \(blockSize)")
            #expect(block.bytes == Array(bytes[offset..<offset + block.bytes.count]), "blocks of \(blockSize)")
            #expect(block.bytes.count <= maximumSize ?? 2 * blockSize, "blocks of \(blockSize)")
            #expect(block.startsInsideLine == (index > 0 && blocks[index - 1].endsInsideLine), "blocks of \(blockSize)")
            if block.endsInsideLine {
                // (The last block of a file too, when its last read filled a block exactly.)
                #expect(!block.bytes.contains(0x0A), "blocks of \(blockSize)")
            } else {
                #expect(block.bytes.last == 0x0A || index == blocks.count - 1, "blocks of \(blockSize)")
            }
            offset += block.bytes.count
        }
        #expect(offset == range.upperBound, "blocks of \(blockSize)")
    }

    @Test("the blocks cover the file, cut after line feeds, on every block size")
    func cover() async throws {
        let text = JSONLineOutputsTests.text
        let bytes = Array(text.utf8)
        try await Self.withFile(text) { path in
            for blockSize in 1...bytes.count + 1 {
                let blocks = try Self.blocks(.file(path), blockSize: blockSize)
                Self.expectCover(blocks, of: bytes, range: 0..<bytes.count, blockSize: blockSize)
            }
            #expect(try Self.blocks(.file(path), blockSize: bytes.count + 1).count == 1)
        }
        try await Self.withFile("") { path in
            let blocks = try Self.blocks(.file(path), blockSize: 4)
            #expect(blocks.isEmpty)
        }
    }

    @Test("a part of the file: its bytes, placed in the whole file")
    func part() async throws {
        let text = (1...40).map { #"{"id":\#($0)}"# }.joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        try await Self.withFile(text) { path in
            let shard = try JSONLineShard(file: path, index: 2, of: 3)
            for blockSize in [1, 5, 17, 1000] {
                let blocks = try Self.blocks(
                    JSONInput.file(path).reading(bytes: shard.range), blockSize: blockSize,
                    offset: shard.range.lowerBound, line: shard.line)
                Self.expectCover(blocks, of: bytes, range: shard.range, blockSize: blockSize)
            }
        }
    }

    @Test(
        "a file read into blocks matches as its chunks do, on every block size",
        arguments: ["$.id", "$..x", "$[0].id", "$"])
    func sameMatches(path query: String) async throws {
        let bytes = Array(JSONLineOutputsTests.text.utf8)
        let (expected, error) = try JSONLineOutputsTests.sequential(query, bytes)
        #expect(error == nil)
        try await Self.withFile(JSONLineOutputsTests.text) { file in
            for blockSize in 1...bytes.count + 1 {
                let (found, failure) = try await Self.matches(query, .file(file), blockSize: blockSize)
                #expect(failure == nil, "blocks of \(blockSize)")
                #expect(found == expected, "blocks of \(blockSize)")
            }
        }
    }

    @Test("the first error of a file read into blocks is one tokenizer's")
    func firstError() async throws {
        let text = "{\"a\":[1]}\n{\"a\":[2,\n3]}\n{\"a\":[4,,5]}\n{\"a\":[6]}\n{\"a\":[7,}\n"
        let (all, expectedError) = try JSONLineOutputsTests.sequential("$.a[*]", Array(text.utf8))
        let error = try #require(expectedError)
        try await Self.withFile(text) { file in
            for blockSize in 1...text.utf8.count + 1 {
                let (found, failure) = try await Self.matches("$.a[*]", .file(file), blockSize: blockSize)
                #expect(found == all.filter { $0.location.line < 4 }, "blocks of \(blockSize)")
                #expect(failure?.description == error.description, "blocks of \(blockSize)")
                #expect(failure?.location == error.location, "blocks of \(blockSize)")
            }
        }
    }

    @Test("skipping invalid lines of a file read into blocks, on every block size")
    func skipping() async throws {
        let text = "{\"n\":1}\n{\"n\":,}\n{\"n\":2} {\"n\":\n{\"n\":3}\r\nnope\n{\"n\":4}"
        let expected = ["1", "aside:2:6:8", "aside:3:14:16", "3", "aside:5:2:39", "4"]
        try await Self.withFile(text) { file in
            for blockSize in 1...text.utf8.count {
                let outputs = JSONLineOutputs(
                    JSONInput.file(file), parallelism: blockSize % 4 + 1, blockSize: blockSize, skipsInvalidLines: true
                ) { _ in JSONLineOutputsTests.AsideCollector() }
                var all: [String] = []
                for try await batch in outputs { all += batch }
                #expect(all == expected, "blocks of \(blockSize)")
            }
        }
    }

    @Test("a file that cannot be opened fails as its chunks do")
    func missingFile() async throws {
        let path = "/nonexistent-\(UUID().uuidString).ndjson"
        let (_, chunksError) = try await Self.matches("$", .file(path), blockSize: 8, readsFile: false)
        let (_, fileError) = try await Self.matches("$", .file(path), blockSize: 8)
        #expect(fileError != nil)
        #expect(fileError?.description == chunksError?.description)
    }

    /// The matches of `query` over `input` read by ``JSONLineOutputs``'s form for inputs (or,
    /// unless `readsFile`, as its chunks).
    static func matches(
        _ query: String, _ input: JSONInput, blockSize: Int, readsFile: Bool = true
    ) async throws -> ([JSONLineMatch], JSONParseError?) {
        let path = try JSONPath(query)
        let options = JSONParserOptions(allowsMultipleValues: true)
        let makeHandler: @Sendable (JSONLineBlock) -> LineMatchCollector = { block in
            LineMatchCollector(path: path, block: block, options: options)
        }
        let parallelism = blockSize % 4 + 1
        let outputs =
            readsFile
            ? JSONLineOutputs(
                input, options: options, parallelism: parallelism, blockSize: blockSize, makeHandler: makeHandler)
            : JSONLineOutputs(
                JSONInputChunks(input), options: options, parallelism: parallelism, blockSize: blockSize,
                makeHandler: makeHandler)
        return try await JSONLineOutputsTests.collect(outputs)
    }
}
