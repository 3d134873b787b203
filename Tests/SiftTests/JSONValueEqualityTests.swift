import Foundation
import Sift
import Testing

/// `JSONValue`'s `==` and `hash(into:)`: JSON's meaning of equality, hashes that agree with it,
/// and both (with `JSONValueEncoder`) at `JSONValue.maximumDepth` on a small thread stack.
@Suite struct JSONValueEqualityTests {
    private func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    private func hash(_ value: JSONValue) -> Int { value.hashValue }

    @Test(arguments: [
        ("1", "1.0"), ("1", "1e0"), ("-0", "0"), ("100", "1E2"),
        (#"{"a":1,"b":[true,null]}"#, #"{"b":[true,null],"a":1.0}"#),
        (#"{"a":1,"a":2,"b":3}"#, #"{"b":3,"a":1,"a":2}"#),
        (#"{"a":1,"b":2,"a":3,"c":[4]}"#, #"{"c":[4],"a":1,"a":3,"b":2}"#),
        (#"[{"x":{"y":[1,{"z":"é"}]}}]"#, #"[{"x":{"y":[1.0,{"z":"\u00e9"}]}}]"#),
        ("[]", "[]"), ("{}", "{}"), (#""""#, #""""#),
    ])
    func equalValuesHashAlike(_ pair: (String, String)) throws {
        let (left, right) = (try value(pair.0), try value(pair.1))
        #expect(left == right)
        #expect(right == left)
        #expect(hash(left) == hash(right))
    }

    @Test(arguments: [
        ("1", "2"), ("1", #""1""#), ("null", "false"), ("[]", "{}"), ("[1,2]", "[2,1]"),
        ("[1]", "[1,1]"), (#"{"a":1}"#, #"{"a":1,"b":1}"#), (#"{"a":1}"#, #"{"b":1}"#),
        // Members sharing a key compare in their relative order.
        (#"{"a":1,"a":2}"#, #"{"a":2,"a":1}"#), (#"{"a":1,"a":1}"#, #"{"a":1,"b":1}"#),
        (#"{"a":[1,{"b":[null]}]}"#, #"{"a":[1,{"b":[false]}]}"#),
        (#"{"a":{"b":1},"c":2}"#, #"{"c":2,"a":{"b":2}}"#), ("[[]]", "[{}]"),
    ])
    func differentValues(_ pair: (String, String)) throws {
        let (left, right) = (try value(pair.0), try value(pair.1))
        #expect(left != right)
        #expect(right != left)
    }

    /// Members in another order are paired key by key in time linear in the members.
    @Test func largeObjectsInAnotherOrder() throws {
        let keys = (0..<100_000).map { "k\($0)" }
        let forward = JSONValue.object(JSONObject(keys.map { .init(key: $0, value: .array([.string($0)])) }))
        let backward = JSONValue.object(
            JSONObject(keys.reversed().map { .init(key: $0, value: .array([.string($0)])) }))
        #expect(forward == backward)
        #expect(hash(forward) == hash(backward))
        let changed = JSONValue.object(
            JSONObject(keys.reversed().map { .init(key: $0, value: .array([.string("k0")])) }))
        #expect(forward != changed)
    }

    @Test func setsAndObjectsAgreeWithValues() throws {
        let unique: Set<JSONValue> = [
            try value(#"{"a":1,"b":[2]}"#), try value(#"{"b":[2.0],"a":1}"#), try value(#"{"a":1}"#),
        ]
        #expect(unique.count == 2)
        guard case .object(let left) = try value(#"{"a":1,"b":2}"#),
            case .object(let right) = try value(#"{"b":2,"a":1}"#)
        else {
            Issue.record("not objects")
            return
        }
        #expect(left == right)
        #expect(left.hashValue == right.hashValue)
        #expect(Set([left, right]).count == 1)
    }

    #if DEBUG
        static let stackSize = 2 << 20
    #else
        static let stackSize = 512 << 10
    #endif

    /// A synthesized `==` overflowed a 512 KB stack at about 550 levels, hashing at 1 050 and
    /// encoding a `JSONValue` through its `encode(to:)` at 512: at the deepest a `JSONValue`
    /// may be, all three run on a thread that small.
    @Test(arguments: ["[", #"{"a":"#])
    func deepestValuesOnASmallStack(_ opener: String) async throws {
        let depth = JSONValue.maximumDepth
        let closer = opener == "[" ? "]" : "}"
        let text = String(repeating: opener, count: depth) + "1" + String(repeating: closer, count: depth)
        let changed = String(repeating: opener, count: depth) + "2" + String(repeating: closer, count: depth)
        let outcome: Result<[Bool], any Error> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result {
                        var options = JSONParserOptions()
                        options.maximumDepth = depth
                        let value = try JSONValue(parsing: text, options: options)
                        let same = try JSONValue(parsing: text, options: options)
                        let other = try JSONValue(parsing: changed, options: options)
                        let encoded = try JSONValueEncoder().encode(value)
                        return [
                            value == same, value != other, value.hashValue == same.hashValue,
                            value.hashValue != other.hashValue, encoded == value,
                        ]
                    })
            }
            thread.stackSize = Self.stackSize
            thread.start()
        }
        #expect(try outcome.get() == [true, true, true, true, true])
    }

    @Test func encoderConvertsTheKeysOfAJSONValueWhenAskedTo() throws {
        var encoder = JSONValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encode(try value(#"{"aB":{"cD":1}}"#)) == (try value(#"{"a_b":{"c_d":1}}"#)))
        var sorting = JSONValueEncoder()
        sorting.outputFormatting = .sortedKeys
        #expect(try sorting.encode(try value(#"{"b":1,"a":2}"#)) == (try value(#"{"a":2,"b":1}"#)))
    }
}
