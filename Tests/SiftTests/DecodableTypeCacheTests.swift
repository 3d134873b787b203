import Foundation
import Testing

@testable import Sift

/// The run's memory of which types are `[String: V]`: the same answers as asking the runtime.
@Suite("DecodableTypeCache")
struct DecodableTypeCacheTests {
    struct Model: Decodable {
        var name: String
    }

    static let types: [Any.Type] = [
        [String: Int].self, Int.self, [String: String].self, String.self, [Int].self, [String].self,
        [String: [Int]].self, [String: Model].self, Model.self, [Int: String].self, Set<String>.self,
        Double.self, Bool.self, Int8.self, UInt64.self, Date.self, Data.self, URL.self, Decimal.self,
        [String: Double].self, [String: [String: Int]].self, Int?.self, [Model].self, [String: Bool].self,
    ]

    @Test("Every type gets the runtime's answer, first asked and asked again")
    func answersAsTheRuntime() {
        let cache = DecodableTypeCache()
        for round in 0..<3 {
            for type in Self.types {
                let expected = (type as? any StringKeyedDictionaryDecodable.Type).map { ObjectIdentifier($0) }
                let answer = cache.stringKeyedDictionaryType(type).map { ObjectIdentifier($0) }
                #expect(answer == expected, "round \(round): \(type)")
            }
        }
        #expect(cache.stringKeyedDictionaryType([String: Int].self) != nil)
        #expect(cache.stringKeyedDictionaryType(Model.self) == nil)
    }
}
