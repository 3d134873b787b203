import Foundation
import Sift
import Testing

/// ``JSONLineShard``: the parts of a file are disjoint, cover it, start at line starts, and know
/// their first line.
@Suite("JSONLineShard")
struct JSONLineShardTests {
    @Test("parts cover the file, each from a line start, numbered as the tokenizer numbers lines")
    func parts() throws {
        let text =
            "{\"a\":1}\r\n\n\n{\"a\":22222}\r\r{\"a\":3}\n" + String(repeating: "{\"b\":[1,2,3]}\n", count: 9) + "{}"
        let bytes = Array(text.utf8)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shard-\(UUID().uuidString).ndjson")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        for count in 1...9 {
            var next = 0
            for index in 1...count {
                let shard = try JSONLineShard(file: path.path, index: index, of: count)
                #expect(shard.range.lowerBound == next, "\(index)/\(count)")
                #expect(shard.range.lowerBound == 0 || bytes[shard.range.lowerBound - 1] == 0x0A)
                #expect(shard.line == LineBreaks.count(in: Array(bytes[..<shard.range.lowerBound])) + 1)
                next = shard.range.upperBound
            }
            #expect(next == bytes.count)
        }
    }

    @Test("a file that is not regular cannot be split")
    func notRegular() throws {
        #expect(throws: JSONParseError.self) { try JSONLineShard(file: "/dev/null", index: 1, of: 2) }
        #expect(throws: JSONParseError.self) { try JSONLineShard(file: "/no/such/file", index: 1, of: 2) }
    }
}
