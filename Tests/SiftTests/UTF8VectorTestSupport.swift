import CYajl
import Testing

@testable import Sift

/// Valid text, broken sequences and a byte-screen runner for the tests of the vector UTF-8 code.
enum UTF8VectorTestSupport {
    typealias Split = TokenizerTestSupport.Split
    typealias Random = TokenizerTestSupport.SplitMix64

    /// The vector levels this processor runs (none off x86-64).
    static let vectorLevels = [SIFT_UTF8_SSSE3, SIFT_UTF8_AVX2].filter { $0 <= sift_utf8_best_level() }

    /// Chunk sizes around the 16-, 32- and 64-byte blocks of the vector code, and the smallest.
    static let splits: [Split] = [.whole] + [1, 2, 3, 7, 31, 32, 33, 64].map { .size($0) }

    /// A sequence that is not UTF-8, with where in it and how the byte-by-byte code reports it.
    ///
    /// The bytes include the one that follows a cut sequence, which the message names.
    struct Broken: CustomStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var errorIndex: Int
        var message: String

        var description: String { name }
    }

    static let broken: [Broken] = [
        Broken(
            name: "lone continuation 0x80", bytes: [0x80], errorIndex: 0, message: "unexpected continuation byte 0x80"),
        Broken(
            name: "lone continuation 0xBF", bytes: [0xBF], errorIndex: 0, message: "unexpected continuation byte 0xBF"),
        Broken(
            name: "third byte of a two-byte form", bytes: [0xC3, 0xA9, 0xA9], errorIndex: 2,
            message: "unexpected continuation byte 0xA9"),
        Broken(
            name: "fourth byte of a three-byte form", bytes: [0xE6, 0x9D, 0xB1, 0xB1], errorIndex: 3,
            message: "unexpected continuation byte 0xB1"),
        Broken(
            name: "fifth byte of a four-byte form", bytes: [0xF0, 0x9F, 0x98, 0x80, 0x80], errorIndex: 4,
            message: "unexpected continuation byte 0x80"),
        Broken(
            name: "overlong two-byte C0", bytes: [0xC0, 0x80], errorIndex: 0,
            message: "byte 0xC0 never appears in UTF-8"),
        Broken(
            name: "overlong two-byte C1", bytes: [0xC1, 0xBF], errorIndex: 0,
            message: "byte 0xC1 never appears in UTF-8"),
        Broken(
            name: "overlong three-byte E0 80", bytes: [0xE0, 0x80, 0xAF], errorIndex: 1,
            message: "overlong encoding 0xE0 0x80"),
        Broken(
            name: "overlong three-byte E0 9F", bytes: [0xE0, 0x9F, 0xBF], errorIndex: 1,
            message: "overlong encoding 0xE0 0x9F"),
        Broken(
            name: "overlong four-byte F0 80", bytes: [0xF0, 0x80, 0x80, 0xAF], errorIndex: 1,
            message: "overlong encoding 0xF0 0x80"),
        Broken(
            name: "overlong four-byte F0 8F", bytes: [0xF0, 0x8F, 0xBF, 0xBF], errorIndex: 1,
            message: "overlong encoding 0xF0 0x8F"),
        Broken(
            name: "surrogate ED A0", bytes: [0xED, 0xA0, 0x80], errorIndex: 1,
            message: "encoded UTF-16 surrogate 0xED 0xA0"),
        Broken(
            name: "surrogate ED BF", bytes: [0xED, 0xBF, 0xBF], errorIndex: 1,
            message: "encoded UTF-16 surrogate 0xED 0xBF"),
        Broken(
            name: "above U+10FFFF F4 90", bytes: [0xF4, 0x90, 0x80, 0x80], errorIndex: 1,
            message: "code point above U+10FFFF 0xF4 0x90"),
        Broken(
            name: "above U+10FFFF F4 BF", bytes: [0xF4, 0xBF, 0xBF, 0xBF], errorIndex: 1,
            message: "code point above U+10FFFF 0xF4 0xBF"),
        Broken(
            name: "lead F5", bytes: [0xF5, 0x80, 0x80, 0x80], errorIndex: 0, message: "byte 0xF5 never appears in UTF-8"
        ),
        Broken(
            name: "lead F8", bytes: [0xF8, 0x88, 0x80, 0x80, 0x80], errorIndex: 0,
            message: "byte 0xF8 never appears in UTF-8"),
        Broken(name: "byte FE", bytes: [0xFE], errorIndex: 0, message: "byte 0xFE never appears in UTF-8"),
        Broken(name: "byte FF", bytes: [0xFF], errorIndex: 0, message: "byte 0xFF never appears in UTF-8"),
        Broken(
            name: "two-byte form cut by ASCII", bytes: [0xC3, 0x41], errorIndex: 1,
            message: "incomplete sequence 0xC3 followed by 0x41"),
        Broken(
            name: "three-byte form cut after its lead", bytes: [0xE6, 0x41], errorIndex: 1,
            message: "incomplete sequence 0xE6 followed by 0x41"),
        Broken(
            name: "three-byte form cut by ASCII", bytes: [0xE6, 0x9D, 0x41], errorIndex: 2,
            message: "incomplete sequence 0xE6 0x9D followed by 0x41"),
        Broken(
            name: "four-byte form cut by ASCII", bytes: [0xF0, 0x9F, 0x98, 0x41], errorIndex: 3,
            message: "incomplete sequence 0xF0 0x9F 0x98 followed by 0x41"),
        Broken(
            name: "three-byte form cut by a lead", bytes: [0xE6, 0x9D, 0xE6, 0x9D, 0xB1], errorIndex: 2,
            message: "incomplete sequence 0xE6 0x9D followed by 0xE6"),
        Broken(
            name: "four-byte form cut by a lead", bytes: [0xF0, 0x9F, 0xF0, 0x9F, 0x98, 0x80], errorIndex: 2,
            message: "incomplete sequence 0xF0 0x9F followed by 0xF0"),
        Broken(
            name: "two-byte form cut by a lead", bytes: [0xDF, 0xC2, 0x80], errorIndex: 1,
            message: "incomplete sequence 0xDF followed by 0xC2"),
        Broken(
            name: "E0 followed by a lead", bytes: [0xE0, 0xC0], errorIndex: 1,
            message: "incomplete sequence 0xE0 followed by 0xC0"),
    ]

    /// What valid text around a broken sequence is made of.
    enum Filler: CaseIterable, Sendable {
        case mixed, ascii, multibyte
    }

    /// The text before and after a broken sequence: blocks of every kind meet around it.
    static let mixes: [(before: Filler, after: Filler)] = [
        (.mixed, .mixed), (.multibyte, .ascii), (.ascii, .multibyte),
    ]

    /// One random scalar encoded in `length` bytes, often the first or last of its length (or
    /// next to the surrogates); never a quote or backslash, so that text can sit in a JSON string.
    static func scalar(length: Int, using random: inout Random) -> [UInt8] {
        let ranges: [ClosedRange<UInt32>] =
            switch length {
            case 1: [0x20...0x21, 0x23...0x5B, 0x5D...0x7E]
            case 2: [0x80...0x7FF]
            case 3: [0x800...0xD7FF, 0xE000...0xFFFF]
            default: [0x1_0000...0x10_FFFF]
            }
        let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
        let value =
            switch Int.random(in: 0..<8, using: &random) {
            case 0: range.lowerBound
            case 1: range.upperBound
            default: UInt32.random(in: range, using: &random)
            }
        var bytes: [UInt8] = []
        if let scalar = Unicode.Scalar(value) { UTF8.encode(scalar) { bytes.append($0) } }
        return bytes
    }

    /// Valid text of exactly `count` bytes.
    static func text(_ count: Int, _ filler: Filler, using random: inout Random) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let remaining = count - bytes.count
            let length =
                switch filler {
                case .ascii: 1
                case .mixed: Int.random(in: 1...min(4, remaining), using: &random)
                case .multibyte: remaining == 1 ? 1 : Int.random(in: 2...min(4, remaining), using: &random)
                }
            bytes += scalar(length: length, using: &random)
        }
        return bytes
    }

    /// Where UTF-8 validation first fails, as an offset in the whole input.
    struct Finding: Equatable, CustomStringConvertible {
        var offset: Int
        var kind: JSONParseError.Kind
        var message: String

        var description: String { "\(offset): \(kind): \(message)" }
    }

    /// Feeds `bytes` cut by `split` to a byte screen with the vector code at `level`; the first
    /// invalid byte, or nil.
    static func firstInvalid(_ bytes: [UInt8], level: Int32, split: Split = .whole) -> Finding? {
        var screen = ByteScreen(validatesUTF8: true, followsComments: false)
        screen.vectorLevel = level
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            for range in split.ranges(count: buffer.count) {
                let found = screen.firstProblem(
                    in: base + range.lowerBound, count: range.count, start: range.lowerBound)
                if let (index, problem) = found {
                    return Finding(offset: range.lowerBound + index, kind: problem.kind, message: problem.message)
                }
            }
            return nil
        }
    }

    /// How many leading bytes the vector code at `level` vouches for.
    static func vectorPrefix(_ bytes: [UInt8], level: Int32) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return sift_utf8_valid_prefix(base, buffer.count, level)
        }
    }
}
