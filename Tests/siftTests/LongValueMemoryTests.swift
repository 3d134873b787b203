import Foundation
import Testing

/// Long strings and numbers on stdin, read by the release `sift`: one nobody selects costs no
/// memory that grows with it, one selected costs about its own bytes.
@Suite("long values")
struct LongValueMemoryTests {
    /// `{"big":` + a string (or number) of `size` bytes + `,"other":42}`, produced 1 MB at a time.
    struct LongValueGenerator {
        let size: Int
        let isNumber: Bool
        private var produced = -1

        init(size: Int, isNumber: Bool = false) {
            self.size = size
            self.isNumber = isNumber
        }

        mutating func next() -> [UInt8]? {
            defer { produced += 1 }
            let piece = 1 << 20
            switch produced {
            case -1: return Array((isNumber ? #"{"big":-1"# : #"{"big":""#).utf8)
            case ..<(size / piece):
                return [UInt8](repeating: isNumber ? UInt8(ascii: "7") : UInt8(ascii: "a"), count: piece)
            case size / piece: return Array((isNumber ? #"e+5,"other":42}"# : #"","other":42}"#).utf8)
            default: return nil
            }
        }
    }

    static let releaseNeeded = Testing.ConditionTrait.enabled(
        if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY")

    @Test(
        "query '$.other' past a 256 MB string on stdin keeps the child's peak RSS under 32 MB", releaseNeeded,
        arguments: [false, true])
    func unselectedLongValue(isNumber: Bool) throws {
        let binary = try #require(SiftBinary.release)
        var generator = LongValueGenerator(size: 256 << 20, isNumber: isNumber)
        let result = try SiftProcess.run(
            ["query", "$.other"], binary: binary, stdin: .generator { generator.next() }, samplesMemory: true)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "42\n")
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
