import Testing

@testable import Sift

/// Selectors from the end of an array (`[-k]`, `[-k:]`) hold at most the last `k` elements'
/// matches and cost the same per element whatever `k` is: the held matches are dropped from the
/// front as elements arrive, and placed in the selection arithmetically when the array closes.
@Suite struct HeldWindowTests {
    /// Index and slice selectors of every shape: from the start or the end, either step sign,
    /// bounds inside and outside the array, step zero.
    static let selectors: [PathSelector] =
        [0, 1, 5, -1, -2, -7, -20].map { PathSelector.index($0) }
        + [nil, 0, 2, -1, -3, -20, 20].flatMap { start in
            [nil, 0, 3, -1, -4, 20, -20].flatMap { end in
                [nil, 1, 2, 3, -1, -2, -5, 0].map { step in PathSelector.slice(start: start, end: end, step: step) }
            }
        }

    @Test func selectionOrdinalIsThePlaceInTheSelection() {
        for selector in Self.selectors {
            for count in 0...12 {
                let indices = selector.indices(count: count)
                for index in -2..<(count + 2) {
                    #expect(
                        selector.selectionOrdinal(of: index, count: count) == indices.firstIndex(of: index),
                        "\(selector) of \(count), element \(index)")
                }
            }
        }
    }

    /// 50 000 elements: each query's results are the last elements, in both orders, holding
    /// no more than its window (and the element arriving).
    @Test(arguments: [
        ("$[-1000:]", 1000), ("$[-1000]", 1000), ("$[-3::2]", 3), ("$[-1]", 1), ("$[-4000:].v", 4000),
    ])
    func windowsOverALargeArray(query: String, window: Int) throws {
        let count = 50_000
        let objects = query.hasSuffix(".v")
        let text = "[" + (0..<count).map { objects ? #"{"v":\#($0)}"# : "\($0)" }.joined(separator: ",") + "]"
        let expected = PathSelection.select(try JSONPath(query).alternatives[0][...], from: try parseValue(text))
        for order in [JSONQuery.ResultOrder.rfc9535, .streaming] {
            let streamed = try PathStreamOrderTests.run(query, over: text, order: order)
            #expect(streamed.found.map(\.value) == expected.map { JSONWriterTestSupport.serialize($0.value) })
            #expect(streamed.peakHeld <= window + 1, "\(query), \(order)")
        }
    }

    /// A match held for RFC 9535 order before an array's window (`x`'s element, released when the
    /// root closes) keeps the window's matches from being dropped from the front: they are
    /// dropped in passes, and the matches held stay a small multiple of the window.
    @Test func aWindowBehindAnotherHeldMatchStaysBounded() throws {
        let count = 40_000
        let text = #"{"x":[1],"y":["# + (0..<count).map(String.init).joined(separator: ",") + "]}"
        let query = "$..[-1]"
        let expected = PathSelection.select(try JSONPath(query).alternatives[0][...], from: try parseValue(text))
        for chunkSize in [7, Int.max] {
            let streamed = try PathStreamOrderTests.run(query, over: text, order: .rfc9535, chunkSize: chunkSize)
            #expect(streamed.found.map(\.path) == expected.map(\.path.normalized))
            #expect(streamed.found.map(\.value) == ["1", "39999"])
            #expect(streamed.peakHeld <= 130)
        }
    }
}
