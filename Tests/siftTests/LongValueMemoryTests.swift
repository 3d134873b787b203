import Foundation
import Testing

/// Long strings and numbers on stdin, read by the release `sift`: one nobody selects costs no
/// memory that grows with it, one selected costs about its own bytes.
@Suite("long values")
struct LongValueMemoryTests {
    /// `{"big":` + a string (or number) of `size` bytes + `,"other":42}`, produced 1 MB at a time;
    /// `inArray`: the long value is the second element of `[1, …]`.
    struct LongValueGenerator {
        let size: Int
        let isNumber: Bool
        let inArray: Bool
        private var produced = -1

        init(size: Int, isNumber: Bool = false, inArray: Bool = false) {
            self.size = size
            self.isNumber = isNumber
            self.inArray = inArray
        }

        mutating func next() -> [UInt8]? {
            defer { produced += 1 }
            let piece = 1 << 20
            let open = inArray ? "[1," : ""
            let close = inArray ? "]" : ""
            switch produced {
            case -1: return Array((isNumber ? #"{"big":\#(open)-1"# : #"{"big":\#(open)""#).utf8)
            case ..<(size / piece):
                return [UInt8](repeating: isNumber ? UInt8(ascii: "7") : UInt8(ascii: "a"), count: piece)
            case size / piece:
                return Array((isNumber ? #"e+5\#(close),"other":42}"# : #""\#(close),"other":42}"#).utf8)
            default: return nil
            }
        }
    }

    static let releaseNeeded = Testing.ConditionTrait.enabled(
        if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY")

    @Test(
        "a query past a 256 MB string on stdin keeps the child's peak RSS under 32 MB", releaseNeeded,
        arguments: [
            (["$.other"], false, false), (["$.other"], true, false),
            // Under a descendant segment every member and element is entered, but nothing takes
            // a scalar.
            (["--stream-order", "$..other"], false, false), (["$..other"], true, false),
            (["--stream-order", "$..other"], false, true), (["$..other"], true, true),
        ])
    func unselectedLongValue(path: [String], isNumber: Bool, inArray: Bool) throws {
        let binary = try #require(SiftBinary.release)
        var generator = LongValueGenerator(size: 256 << 20, isNumber: isNumber, inArray: inArray)
        let result = try SiftProcess.run(
            ["query"] + path, binary: binary, stdin: .generator { generator.next() }, samplesMemory: true)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "42\n")
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
