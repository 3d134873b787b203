import Foundation
import Testing

@testable import Sift

/// The process's memory of which types are `[String: V]`: the same answers as asking the
/// runtime, first asked and asked again, whichever types share a slot of the table.
@Suite("StringKeyedDictionaryTypes")
struct StringKeyedDictionaryTypesTests {
    struct Model: Decodable {
        var name: String
    }

    final class Reference: Decodable {}

    static let types: [Any.Type] = [
        [String: Int].self, Int.self, [String: String].self, String.self, [Int].self, [String].self,
        [String: [Int]].self, [String: Model].self, Model.self, [Int: String].self, Set<String>.self,
        Double.self, Bool.self, Int8.self, UInt64.self, Date.self, Data.self, URL.self, Decimal.self,
        [String: Double].self, [String: [String: Int]].self, Int?.self, [Model].self, [String: Bool].self,
        Reference.self, [String: Reference].self, [Reference].self, [String: Int]?.self, [String: Int?].self,
    ]

    @Test("Every type gets the runtime's answer, in several orders")
    func answersAsTheRuntime() {
        let table = StringKeyedDictionaryTypes()
        for round in 0..<4 {
            let types = round % 2 == 0 ? Self.types : Self.types.reversed()
            for type in types {
                let expected = type is any StringKeyedDictionaryDecodable.Type
                #expect(table.isStringKeyedDictionary(type) == expected, "round \(round): \(type)")
            }
        }
        #expect(table.isStringKeyedDictionary([String: Int].self))
        #expect(!table.isStringKeyedDictionary([Int: String].self))
        #expect(!table.isStringKeyedDictionary([Model].self))
    }

    @Test("[String: V] members and arrays of models decode the same, element after element")
    func decodingElementAfterElement() throws {
        struct Holder: Decodable {
            var counts: [String: Int]
            var models: [Model]
        }
        let elements = (0..<50).map { #"{"counts":{"b":\#($0),"a":1},"models":[{"name":"m\#($0)"}]}"# }
        var decoded: [Holder] = []
        var query = JSONQuery()
        query.add(try JSONPath("$[*]").decoded(Holder.self)) { decoded.append($0.value) }
        try query.run(.bytes(Array("[\(elements.joined(separator: ","))]".utf8)))
        #expect(decoded.count == 50)
        for (index, holder) in decoded.enumerated() {
            #expect(holder.counts == ["b": index, "a": 1])
            #expect(holder.models.map(\.name) == ["m\(index)"])
        }
    }
}
