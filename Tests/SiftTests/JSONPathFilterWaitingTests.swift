import Testing

@testable import Sift

/// Matches that wait behind one still undecided stream as they evaluate in memory.
///
/// Many of them, decided one by one while the first still waits, some dropped and some selected in the middle, across the pass that drops the ones
/// decided out (at 64 and at each doubling). Streamed in both orders and every split, they agree
/// with the in-memory evaluation.
@Suite struct JSONPathFilterWaitingTests {
    /// Outer candidates whose operand `last` comes after a long array of inner candidates, some of
    /// which select their `w`, and root members read by absolute filters before and after.
    static func document(items: Int) -> String {
        func outer(_ index: Int) -> String {
            let inner = (0..<items).map { #"{"w":\#($0),"v":\#($0 % 3 == 0 ? "true" : "false"),"x":[\#($0)]}"# }
            return #"{"items":[\#(inner.joined(separator: ","))],"last":\#(index % 2 == 0 ? "1" : "null")}"#
        }
        return #"{"y":0,"a":[\#((0..<3).map(outer).joined(separator: ","))],"z":1}"#
    }

    static let queries = [
        "$.a[?@.last].items[?@.v == true].w",
        "$.a[?@.last == 1].items[?@.v].x[0]",
        "$.a[?$.z].items[?@.v == false].w",
        "$.a[*].items[?$.z && @.v].w",
        "$.a[*].items[?$.nothing || @.v].w",
        "$.a[?$.y == 0][?@[0].w == 0][*].w",
        "$..items[?$.z][?@ == true]",
    ]

    @Test(arguments: queries)
    func streamedAgreesWithInMemory(query: String) throws {
        let text = Self.document(items: 150)
        let bytes = Array(text.utf8)
        let path = try JSONPath(query)
        let root = try JSONValue(parsing: text)
        let expected = PathSelection.select(path.alternatives[0][...], from: root).map {
            ($0.path.normalized, $0.value)
        }
        #expect(expected.count > 64, "\(query) selects too little to reach the pass that drops decided matches")
        for split in [TokenizerTestSupport.Split.whole, .size(1), .size(7), .random(seed: 3)] {
            let streamed = try JSONPathComplianceTests.stream(path, over: bytes, split: split)
            #expect(streamed.map(\.0) == expected.map(\.0), "\(query), \(split)")
            #expect(streamed.map(\.1) == expected.map(\.1), "\(query), \(split)")
        }
        let unordered = try JSONPathComplianceTests.stream(path, over: bytes, split: .size(5), order: .streaming)
        #expect(unordered.map(\.0).sorted() == expected.map(\.0).sorted(), "\(query), streaming order")
    }
}
