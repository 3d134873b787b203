import Foundation
import Testing

@testable import Sift

@Suite("JSONWriter string escaping")
struct WriterEscapingTests {
    /// The writer's escaping, one byte at a time: `"` and `\` escaped, control characters as
    /// short escapes or `\u00XX` in upper-case hex, `/` only when asked, every other byte as is.
    static func reference(_ bytes: [UInt8], escapesSlashes: Bool = false) -> [UInt8] {
        var output: [UInt8] = [0x22]
        for byte in bytes {
            switch byte {
            case 0x22: output += Array(#"\""#.utf8)
            case 0x5C: output += Array(#"\\"#.utf8)
            case 0x2F where escapesSlashes: output += Array(#"\/"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case ..<0x20: output += Array(String(format: "\\u%04X", byte).utf8)
            default: output.append(byte)
            }
        }
        return output + [0x22]
    }

    /// Writes `bytes` as a string event, unvalidated.
    static func written(_ bytes: [UInt8], escapesSlashes: Bool = false, after prefix: Int = 0) throws -> [UInt8] {
        let writer = JSONWriter(options: JSONWriterOptions(escapesSlashes: escapesSlashes, validatesUTF8: false))
        try writer.beginArray()
        if prefix > 0 { try writer.write(.string(String(repeating: "p", count: prefix))) }
        try bytes.withUnsafeBufferPointer { buffer in
            try writer.write(JSONEvent.string(JSONBytes(base: buffer.baseAddress, count: buffer.count)))
        }
        try writer.endArray()
        let output = writer.sink.bytes
        // Drop `[`, the prefix string and its comma, and the closing `]`.
        return Array(output[(prefix > 0 ? prefix + 4 : 1)..<(output.count - 1)])
    }

    @Test func everyByteAtEveryPositionOfAWord() throws {
        for byte in 0...255 {
            for position in 0..<17 {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 17)
                bytes[position] = UInt8(byte)
                for slashes in [false, true] {
                    #expect(
                        try Self.written(bytes, escapesSlashes: slashes)
                            == Self.reference(bytes, escapesSlashes: slashes), "byte \(byte) at \(position)")
                }
            }
        }
    }

    @Test func longStringsAcrossBlocksAreEscapedTheSame() throws {
        var generator = TokenizerTestSupport.SplitMix64(seed: 20)
        let alphabet: [UInt8] = Array("abc/\"\\\u{0}\u{1}\n\t\u{1F}\u{7F}".utf8) + [0xC3, 0xA9, 0xFF, 0x80]
        for length in [0, 1, 7, 8, 9, 10_921, 10_923, 65_535, 65_536, 200_003] {
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            for prefix in [0, 3, 65_000, 65_529] {
                #expect(try Self.written(bytes, after: prefix) == Self.reference(bytes), "\(length) after \(prefix)")
            }
            #expect(try Self.written(bytes, escapesSlashes: true) == Self.reference(bytes, escapesSlashes: true))
        }
    }

    @Test func longCleanStringsAndKeysAreCopiedWhole() throws {
        let long = String(repeating: "0123456789abcdef", count: 10_000)
        let value: JSONValue = [.object([long: .string(long)]), .string(long)]
        let text = try value.jsonString()
        #expect(text == #"[{""# + long + #"":""# + long + #""},""# + long + #""]"#)
    }

    @Test func invalidUTF8PassesUnvalidatedAsIs() throws {
        let bytes: [UInt8] = [0x61, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x22, 0x62]
        #expect(try Self.written(bytes) == [0x22, 0x61, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x5C, 0x22, 0x62, 0x22])
    }
}
