import Foundation
import Testing

@testable import Sift

/// Keys of deeply nested objects fed in small pieces: each chunk must cost what it changed, not
/// the depth of the document (the keys of every open level were once copied on every chunk).
@Suite struct TokenizerDeepKeyTests {
    /// `{"k0":{"k1":…{"kN":1}…}}` with `levels` objects.
    static func nestedObjects(_ levels: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for level in 0..<levels { bytes += Array(#"{"k\#(level)":"#.utf8) }
        bytes.append(UInt8(ascii: "1"))
        bytes += Array(repeating: UInt8(ascii: "}"), count: levels)
        return bytes
    }

    @Test func aHundredThousandLevelsOfKeysInTinyChunksKeepTheirPaths() throws {
        let levels = 100_000
        let bytes = Self.nestedObjects(levels)
        var deepest: JSONNodePath?
        var events = 0
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(maximumDepth: levels),
            handler: JSONEventClosure { event, context in
                events += 1
                if case .number = event { deepest = context.path }
            })
        try tokenizer.feedAll(bytes, inPiecesOf: 3)
        #expect(events == 3 * levels + 1)
        let path = try #require(deepest)
        #expect(path.components.count == levels)
        #expect(path.components.first == .key("k0"))
        #expect(path.components.last == .key("k\(levels - 1)"))
    }

    @Test func theKeyArenaIsCompactedAsSiblingsComeAndGo() throws {
        // 200 000 sibling objects, each with a 40-byte key, fed in 7-byte pieces: closed keys
        // are dropped from the arena, and every error path still names the open ones.
        var bytes = Array(#"{"outer":["#.utf8)
        let key = String(repeating: "x", count: 40)
        for index in 0..<200_000 {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(#"{"\#(key)":\#(index)}"#.utf8)
        }
        bytes += Array(#",{"last":tru}]}"#.utf8)
        let tokenizer = JSONTokenizer(handler: JSONEventClosure { _, _ in })
        var failure: JSONParseError?
        do {
            try tokenizer.feedAll(bytes, inPiecesOf: 7)
        } catch {
            failure = error
        }
        #expect(failure?.path.description == "$.outer[200000].last")
    }
}
