import Foundation
import Testing

@testable import Sift

/// The same source line whole and in pieces for an error after a long key.
///
/// The error is at a number that ends before more digits (`0` in `00`), found by FuzzSkipping and
/// FuzzPaths (the reproducers are in Fuzz/Reproducers). The offending token ends where yajl
/// lexed it, not where the run of digits ends, which depended on the split.
@Suite struct TokenizerExcerptSplitTests {
    static let documents: [String] = [
        #"{"k"# + String(repeating: "ey", count: 80) + #"":0"# + String(repeating: "0", count: 84)
            + "9223372036854775807}",
        #"{""# + String(repeating: "k", count: 100) + #"":0"# + String(repeating: "0", count: 102) + "}",
        #"{""# + String(repeating: "k", count: 161) + #"":1,"b":-0"# + String(repeating: "1", count: 102) + "}",
    ]

    @Test(arguments: documents)
    func sameErrorInEverySplit(document: String) async {
        let bytes = Array(document.utf8)
        let traces = await TokenizerTestSupport.offPool {
            [TokenizerTestSupport.trace(bytes, withPositions: true)]
                + (1...80).map { TokenizerTestSupport.trace(bytes, split: .size($0), withPositions: true) }
        }
        #expect(traces[0].last?.contains("I expect ',' or '}'") == true, "\(traces[0].last ?? "")")
        for size in 1...80 where traces[size] != traces[0] {
            Issue.record("chunks of \(size): \(traces[size].last ?? "") / \(traces[0].last ?? "")")
            break
        }
    }
}

extension TokenizerExcerptSplitTests {
    /// The token after an empty string value is the offending one, not the empty string (found by
    /// FuzzPaths: given whole, the error was located at the `""`; in pieces, at the `8`).
    @Test func tokenAfterAnEmptyStringValue() async {
        let bytes = Array(#"{"id": ""8       :[{""{ {"":["#.utf8)
        let traces = await TokenizerTestSupport.offPool {
            [TokenizerTestSupport.trace(bytes, withPositions: true)]
                + (1...bytes.count).map { TokenizerTestSupport.trace(bytes, split: .size($0), withPositions: true) }
        }
        #expect(
            traces[0].last?.hasPrefix("error: 1:10: error: invalid JSON: after key and value") == true, "\(traces[0])")
        for size in 1...bytes.count where traces[size] != traces[0] {
            Issue.record("chunks of \(size): \(traces[size].last ?? "") / \(traces[0].last ?? "")")
            break
        }
    }
}
