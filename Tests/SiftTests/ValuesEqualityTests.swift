import Testing

@testable import Sift

@Suite("JSONValue equality and hashing")
struct ValuesEqualityTests {
    static let equalNumbers: [(String, String)] = [
        ("1", "1.0"), ("1", "1e0"), ("1", "10E-1"), ("100", "1e2"), ("100", "1.00e+2"),
        ("0", "-0"), ("0", "0.0e10"), ("0", "-0.000"),
        ("12345678901234567890123", "1.2345678901234567890123e22"),
        ("12345678901234567890123", "12345678901234567890123.000"),
        ("18446744073709551616", "1.8446744073709551616e19"),
        ("0.1", "0.1000000000000000055511151231257827"),
        ("-65.613616999999977", "-65.61361699999998"),
        ("1.5", "15e-1"), ("1e400", "10e399"), ("1.5e400", "15e399"),
    ]

    static let differentNumbers: [(String, String)] = [
        ("18446744073709551616", "18446744073709551617"),
        ("123456789012345678901234567890", "123456789012345678901234567891"),
        ("1", "2"), ("1", "-1"), ("0.5", "-0.5"), ("0.5", "1"), ("1e400", "2e400"),
        ("1.5e400", "2.5e400"), ("1e-400", "2e-400"), ("1e-400", "0"),
        ("1", "1.0000000000000001"),  // integral vs fraction: never equal
    ]

    @Test(arguments: equalNumbers)
    func numbersWithTheSameValueAreEqual(_ pair: (String, String)) throws {
        let left = try #require(JSONNumber(text: pair.0))
        let right = try #require(JSONNumber(text: pair.1))
        #expect(left == right)
        #expect(right == left)
        #expect(left.hashValue == right.hashValue)
        #expect(JSONValue.number(left) == JSONValue.number(right))
        #expect(JSONValue.number(left).hashValue == JSONValue.number(right).hashValue)
    }

    @Test(arguments: differentNumbers)
    func numbersWithDifferentValuesDiffer(_ pair: (String, String)) throws {
        let left = try #require(JSONNumber(text: pair.0))
        let right = try #require(JSONNumber(text: pair.1))
        #expect(left != right)
        #expect(right != left)
    }

    @Test func setsCollapseEqualNumbers() throws {
        let numbers = try ["1", "1.0", "1e0", "2", "2.00", "0.1", "0.10"].map { try #require(JSONNumber(text: $0)) }
        #expect(Set(numbers).count == 3)
    }

    @Test func objectsIgnoreMemberOrderButNotDuplicates() {
        let ab: JSONValue = ["a": 1, "b": [true, .null]]
        let ba: JSONValue = ["b": [true, .null], "a": 1.0]
        #expect(ab == ba)
        #expect(ab.hashValue == ba.hashValue)

        let twice: JSONObject = ["a": 1, "a": 2]
        let swapped: JSONObject = ["a": 2, "a": 1]
        let once: JSONObject = ["a": 2]
        #expect(twice != swapped)
        #expect(twice != once)
        #expect(twice["a"] == 2)
        #expect(twice.count == 2)
        let interleaved: JSONObject = ["a": 1, "b": 0, "a": 2]
        #expect(interleaved == ["b": 0, "a": 1, "a": 2])
    }

    @Test func arraysAreOrdered() {
        #expect(([1, 2] as JSONValue) != [2, 1])
        #expect(([1, 2] as JSONValue) == [1.0, 2e0])
    }

    @Test func differentKindsDiffer() {
        let values: [JSONValue] = [.null, false, true, 0, 1, "", "1", [], [:], [0], ["0": 0]]
        for (i, left) in values.enumerated() {
            for (j, right) in values.enumerated() {
                #expect((left == right) == (i == j), "\(left) vs \(right)")
            }
        }
        #expect(Set(values).count == values.count)
    }

    @Test func setOfValuesUsesJSONSemantics() {
        let values: Set<JSONValue> = [["a": 1, "b": 2], ["b": 2, "a": 1.0], [1, 2], [1.0, 2.0]]
        #expect(values.count == 2)
    }
}
