import Foundation
import Testing

@testable import Sift

/// Filters streamed: random documents × random filter expressions in paths of several shapes,
/// streamed whole, in chunks of every size and split in two at every byte, agree with the
/// in-memory evaluation (``TypedJSONPath/values(in:)``), values and paths, in both result orders.
@Suite struct JSONPathFilterStreamingTests {
    static let shapes = ["$[?F]", "$..[?F]", "$[?F].a", "$[*][?F]", "$..[?F]..b", "$[?F,?F]", "$[?F][?F]", "$[0,?F]"]

    /// The streamed matches of `path` over `text` split at the given offsets.
    static func stream(
        _ path: JSONPath, _ text: [UInt8], splits: [Int], order: JSONQuery.ResultOrder
    ) throws -> [(String, JSONValue)] {
        var found: [(String, JSONValue)] = []
        var query = JSONQuery()
        query.resultOrder = order
        query.add(path.value) { match in found.append((match.path.normalized, match.value)) }
        let tokenizer = JSONTokenizer(handler: query.makeMatcher())
        var start = 0
        for end in splits + [text.count] where end > start {
            try tokenizer.feed(text[start..<end])
            start = end
        }
        try tokenizer.finish()
        return found
    }

    @Test func streamedAgreesWithInMemory() throws {
        var random = JSONPathFilterRandomTests.Generator(state: 23)
        var selectedSome = 0
        for index in 0..<240 {
            let root = JSONValue.array(
                (0..<Int.random(in: 1..<5, using: &random)).map { _ in JSONPathFilterRandomTests.document(&random) })
            let shape = Self.shapes[index % Self.shapes.count]
            var text = ""
            for part in shape.split(separator: "F", omittingEmptySubsequences: false).enumerated() {
                if part.offset > 0 { text += JSONPathFilterRandomTests.expression(&random).text }
                text += part.element
            }
            let path = try JSONPath(text)
            let expected = PathSelection.select(path.alternatives[0][...], from: root).map {
                ($0.path.normalized, $0.value)
            }
            if !expected.isEmpty { selectedSome += 1 }
            let bytes = Array(JSONWriterTestSupport.serialize(root).utf8)
            var splits: [[Int]] = [[]] + (1..<bytes.count).map { [$0] }
            splits.append(Array(stride(from: 1, to: bytes.count, by: 1)))
            splits.append(Array(stride(from: 3, to: bytes.count, by: 3)))
            for split in splits {
                let streamed = try Self.stream(path, bytes, splits: split, order: .rfc9535)
                #expect(
                    streamed.map(\.0) == expected.map(\.0) && streamed.map(\.1) == expected.map(\.1),
                    "case \(index): \(text) split at \(split) over \(JSONWriterTestSupport.serialize(root))")
                if streamed.map(\.0) != expected.map(\.0) { break }
            }
            let unordered = try Self.stream(path, bytes, splits: [], order: .streaming).sorted { $0.0 < $1.0 }
            let sortedExpected = expected.sorted { $0.0 < $1.0 }
            #expect(unordered.map(\.0) == sortedExpected.map(\.0), "case \(index): \(text), streaming order")
        }
        #expect(selectedSome > 60)
    }
}
