import CYajl
import Foundation
import Testing

@testable import Sift

/// The vector UTF-8 code (AVX2 and SSSE3) gives exactly the errors of the byte-by-byte code, at
/// every position relative to its 16-, 32- and 64-byte blocks and however the input is split, and
/// vouches for all of every valid text.
@Suite struct UTF8VectorTests {
    typealias Support = UTF8VectorTestSupport

    #if arch(x86_64)
        /// Otherwise the other tests here would compare the byte-by-byte code with itself.
        @Test func vectorCodeRunsHere() {
            #expect(sift_utf8_best_level() >= SIFT_UTF8_SSSE3)
            #expect(ByteScreen(validatesUTF8: true, followsComments: false).vectorLevel == sift_utf8_best_level())
        }
    #endif

    /// Each broken sequence at every offset 0..<96 of valid text (three mixes of ASCII and
    /// multi-byte text before and after it): the error the byte-by-byte code reports, at its
    /// byte, with every vector level and every split.
    @Test(arguments: Support.broken)
    func brokenSequenceAtEveryOffset(_ broken: Support.Broken) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var random = Support.Random(seed: UInt64(broken.bytes.count * 257 + broken.errorIndex))
            var failures: [String] = []
            for offset in 0..<96 {
                for (before, after) in Support.mixes {
                    let suffix = Support.text(160 - offset, after, using: &random)
                    let bytes = Support.text(offset, before, using: &random) + broken.bytes + suffix
                    let expected = Support.Finding(
                        offset: offset + broken.errorIndex, kind: .invalidUTF8, message: broken.message)
                    if String(validating: bytes, as: UTF8.self) != nil { failures.append("\(bytes) is valid") }
                    for level in [SIFT_UTF8_SCALAR] + Support.vectorLevels {
                        for split in Support.splits {
                            let found = Support.firstInvalid(bytes, level: level, split: split)
                            if found != expected {
                                failures.append(
                                    "offset \(offset), level \(level), \(split): \(found.map(\.description) ?? "valid")"
                                )
                            }
                        }
                    }
                    if failures.count > 10 { return failures }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(broken): \(failures.joined(separator: "\n"))")
    }

    /// Random text with random bytes replaced or the end cut off: the vector levels agree with
    /// the byte-by-byte code (valid exactly when the standard library says so).
    @Test func damagedTextAgreesWithTheByteByByteCode() async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var random = Support.Random(seed: 0x5554_4638)
            let damage: [UInt8] = [
                0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4,
                0xF5, 0xFF,
            ]
            var failures: [String] = []
            for trial in 0..<3000 {
                let filler = Support.Filler.allCases[trial % 3]
                var bytes = Support.text(Int.random(in: 0...300, using: &random), filler, using: &random)
                for _ in 0..<Int.random(in: 0...2, using: &random) where !bytes.isEmpty {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] =
                        damage[Int.random(in: 0..<damage.count, using: &random)]
                }
                if trial % 4 == 0, !bytes.isEmpty {
                    bytes.removeLast(Int.random(in: 0...min(3, bytes.count), using: &random))
                }
                let expected = Support.firstInvalid(bytes, level: SIFT_UTF8_SCALAR)
                let isValid = String(validating: bytes, as: UTF8.self) != nil
                if isValid, expected != nil {
                    failures.append("\(bytes): valid, but \(expected.map(\.description) ?? "")")
                }
                for level in Support.vectorLevels {
                    for split in [Support.Split.whole, .size(7), .size(32), .size(33), .random(seed: UInt64(trial))] {
                        let found = Support.firstInvalid(bytes, level: level, split: split)
                        if found != expected {
                            failures.append(
                                "\(bytes), level \(level), \(split): \(found.map(\.description) ?? "valid")")
                        }
                    }
                }
                if failures.count > 10 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The vector code's own promise: what it vouches for is whole, valid UTF-8; all of a valid
    /// text; and, in front of an error, at most 66 bytes short of it (so it does not quietly leave
    /// everything to the byte-by-byte code).
    @Test func vectorPrefixIsValidAndEndsNearTheError() {
        var random = Support.Random(seed: 0x5052_4546)
        for trial in 0..<2000 {
            var bytes = Support.text(
                Int.random(in: 0...400, using: &random), Support.Filler.allCases[trial % 3], using: &random)
            if trial % 2 == 1, !bytes.isEmpty {
                let broken = Support.broken[Int.random(in: 0..<Support.broken.count, using: &random)]
                bytes.insert(
                    contentsOf: broken.bytes.prefix(Int.random(in: 1...broken.bytes.count, using: &random)),
                    at: Int.random(in: 0...bytes.count, using: &random))
            }
            // Where the byte-by-byte code stops: the error, or a sequence cut by the end.
            let isValid = String(validating: bytes, as: UTF8.self) != nil
            let stop =
                Support.firstInvalid(bytes, level: SIFT_UTF8_SCALAR)?.offset
                ?? bytes.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.map { sift_utf8_whole_sequences_end($0, buffer.count) } ?? 0
                }
            for level in Support.vectorLevels {
                let prefix = Support.vectorPrefix(bytes, level: level)
                if isValid {
                    #expect(prefix == bytes.count, "level \(level): \(bytes)")
                } else {
                    #expect(String(validating: bytes[..<prefix], as: UTF8.self) != nil, "level \(level): \(bytes)")
                    #expect(prefix <= stop && stop - prefix <= 66, "level \(level), \(prefix) for \(stop): \(bytes)")
                }
            }
        }
    }

    /// Through the tokenizer, with the vector code this processor runs: a broken sequence at
    /// every offset 0..<96 of a string that starts past the first 64 bytes reads the same in
    /// every split.
    @Test(arguments: Support.broken)
    func tokenizerReportsTheSameErrorInEverySplit(_ broken: Support.Broken) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var random = Support.Random(seed: UInt64(broken.bytes.count * 263 + broken.errorIndex))
            var failures: [String] = []
            for offset in 0..<96 {
                let head = Array(#"{"a":""#.utf8) + Support.text(70, .mixed, using: &random) + Array(#"","b":""#.utf8)
                let bytes =
                    head + Support.text(offset, .mixed, using: &random) + broken.bytes
                    + Support.text(40, .multibyte, using: &random) + Array(#""}"#.utf8)
                var first: String?
                for split in Support.splits {
                    let tokenizer = JSONTokenizer(handler: IgnoringHandler())
                    guard let error = TokenizerTestSupport.run(tokenizer, bytes, split: split) else {
                        failures.append("offset \(offset), \(split): no error")
                        continue
                    }
                    if error.kind != .invalidUTF8 || error.message != broken.message
                        || error.location.offset != head.count + offset + broken.errorIndex
                        || error.path.description != "$.b"
                    {
                        failures.append("offset \(offset), \(split): \(error)")
                    }
                    if let first, first != error.description { failures.append("offset \(offset), \(split) differs") }
                    first = first ?? error.description
                }
                if failures.count > 10 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(broken): \(failures.joined(separator: "\n"))")
    }

    /// A megabyte of valid text of every sequence length passes whole and in random pieces.
    @Test func largeValidTextPasses() async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var random = Support.Random(seed: 0x4C41_5247)
            let bytes = (0..<64).flatMap { Support.text(16_384, Support.Filler.allCases[$0 % 3], using: &random) }
            var failures: [String] = []
            if String(validating: bytes, as: UTF8.self) == nil { failures.append("the text is not valid") }
            for level in Support.vectorLevels {
                if Support.vectorPrefix(bytes, level: level) != bytes.count {
                    failures.append("level \(level): prefix")
                }
                for split in [Support.Split.whole, .size(33), .size(4096), .random(seed: 1), .random(seed: 2)] {
                    if let found = Support.firstInvalid(bytes, level: level, split: split) {
                        failures.append("level \(level), \(split): \(found)")
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
