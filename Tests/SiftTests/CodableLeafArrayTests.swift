import Foundation
import Testing

@testable import Sift

/// `[Int]` and `[String]`, which the decoders fill without `Array.init(from:)`: the same values,
/// errors and coding paths as `JSONDecoder`, from a tape as from a ``JSONValue``.
@Suite("Codable [Int] and [String] decoded in place")
struct CodableLeafArrayTests {
    typealias Support = CodableTestSupport

    struct Holder: Decodable, Equatable {
        var grid: [[Int]]
        var ids: [Int]
        var tags: [String]?
    }

    static let documents = [
        #"{"grid": [[1, 2], [], [3]], "ids": [7, -8], "tags": ["x", "y"]}"#,
        #"{"grid": [], "ids": []}"#,
        #"{"grid": [[1, "2"]], "ids": []}"#,
        #"{"grid": [[1], null], "ids": []}"#,
        #"{"grid": [[1], [null]], "ids": []}"#,
        #"{"grid": [], "ids": null}"#,
        #"{"grid": [], "ids": 5}"#,
        #"{"grid": [], "ids": {"a": 1}}"#,
        #"{"grid": [], "ids": [1, {}]}"#,
        #"{"grid": [], "ids": [], "tags": [1]}"#,
        #"{"grid": [], "ids": [], "tags": ["a", null]}"#,
        #"{"grid": [], "ids": [], "tags": null}"#,
        #"{"grid": [], "ids": [], "tags": "a"}"#,
    ]

    @Test("Values and errors match JSONDecoder's", arguments: documents)
    func matches(_ json: String) throws {
        let (sift, foundation) = try Support.outcomes(Holder.self, json)
        #expect(sift == foundation, "\(json)")
    }

    /// JSONDecoder reports these with an empty coding path (see `CodableDecoderStrategyTests`);
    /// Sift with the path of the number, from a tape as from a value.
    @Test("Numbers that do not fit in an element are dataCorrupted at the element")
    func rejectedElements() throws {
        for text in ["1.5", "99999999999999999999"] {
            let (sift, _) = try Support.outcomes(Holder.self, #"{"grid": [[0], [1, \#(text)]], "ids": []}"#)
            let path = [JSONCodingKey(stringValue: "grid"), JSONCodingKey(index: 1), JSONCodingKey(index: 1)]
            #expect(sift == .error(kind: "dataCorrupted", path: path.map(Support.PathKey.init)), "\(text)")
        }
    }

    @Test("Arrays at the top decode the same in every chunking")
    func topLevel() throws {
        let json = #"[[1, 2, 3], [], [4]]"#
        let expected = try JSONDecoder().decode([[Int]].self, from: Data(json.utf8))
        let strings = #"["a", "é", ""]"#
        for chunkSize in 1...json.utf8.count {
            let tape = try Support.parse(tape: json, chunkSize: chunkSize)
            #expect(try JSONValueDecoder().decode([[Int]].self, from: tape, at: .root, location: nil) == expected)
            let stringTape = try Support.parse(tape: strings, chunkSize: min(chunkSize, strings.utf8.count))
            #expect(
                try JSONValueDecoder().decode([String].self, from: stringTape, at: .root, location: nil) == [
                    "a", "é", "",
                ])
        }
    }
}
