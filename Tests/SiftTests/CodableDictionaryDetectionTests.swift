import Foundation
import Testing

@testable import Sift

/// `[String: V]` values keep their keys as written under a key strategy, also when the decoded
/// type is one reference wide like them (classes, arrays), and other types of any size are not
/// taken for one.
@Suite("Codable string-keyed dictionaries among other types")
struct CodableDictionaryDetectionTests {
    final class Node: Decodable, Equatable {
        let someValue: Int
        init(someValue: Int) { self.someValue = someValue }
        static func == (lhs: Node, rhs: Node) -> Bool { lhs.someValue == rhs.someValue }
    }

    struct Item: Decodable, Equatable {
        var plainMap: [String: Int]
        var nestedMap: [String: [String: Int]]
        var node: Node
        var nodes: [Node]
        var intKeyed: [Int: String]
        var optionalMap: [String: Int]?
    }

    @Test func dictionariesKeepTheirKeysUnderSnakeCase() throws {
        let json = #"""
            {"items":[{"plain_map":{"snake_key":1},"nested_map":{"outer_key":{"inner_key":2}},
            "node":{"some_value":3},"nodes":[{"some_value":4}],"int_keyed":{"5":"five"},
            "optional_map":{"other_key":6}}]}
            """#
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = Item(
            plainMap: ["snake_key": 1], nestedMap: ["outer_key": ["inner_key": 2]], node: Node(someValue: 3),
            nodes: [Node(someValue: 4)], intKeyed: [5: "five"], optionalMap: ["other_key": 6])
        var query = JSONQuery()
        let handle = query.addCollecting(try JSONPath("$.items[*]").decoded(Item.self, decoder: decoder))
        #expect(try query.run(.string(json))[handle] == [expected])
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let whole = try foundation.decode([String: [Item]].self, from: Data(json.utf8))
        #expect(whole["items"] == [expected])
        let value = try JSONValue(parsing: json)
        #expect(try decoder.decode([String: [Item]].self, from: value)["items"] == [expected])
    }
}
