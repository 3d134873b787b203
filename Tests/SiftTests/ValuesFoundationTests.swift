import Foundation
import SiftCorpora
import Testing

@testable import Sift

@Suite("JSONValue and Foundation objects")
struct ValuesFoundationTests {
    @Test func booleansAreToldApartFromNumbers() {
        #expect(JSONValue(foundation: NSNumber(value: true)) == .bool(true))
        #expect(JSONValue(foundation: NSNumber(value: false)) == .bool(false))
        #expect(JSONValue(foundation: true) == .bool(true))
        #expect(JSONValue(foundation: NSNumber(value: 1)) == 1)
        #expect(JSONValue(foundation: NSNumber(value: 0)) == 0)
        #expect(JSONValue(foundation: NSNumber(value: Int8(1))) == 1)
        #expect(JSONValue(foundation: NSNumber(value: UInt8(0))) == 0)
    }

    @Test func numbersKeepTheirValue() {
        #expect(JSONValue(foundation: NSNumber(value: Int64.min)) == .number(JSONNumber(Int64.min)))
        #expect(JSONValue(foundation: NSNumber(value: UInt64.max)) == .number(JSONNumber(UInt64.max)))
        #expect(JSONValue(foundation: 0.1)?.numberValue?.text == "0.1")
        #expect(JSONValue(foundation: Float(0.1))?.numberValue?.text == "0.1")
        #expect(JSONValue(foundation: 42) == 42)
        let decimal = NSDecimalNumber(string: "12345678901234567890123.5")
        #expect(JSONValue(foundation: decimal)?.numberValue?.text == "12345678901234567890123.5")
        #expect(JSONValue(foundation: Decimal(string: "1e30")!) == .number(JSONNumber(text: "1e30")!))
    }

    @Test func containersAndStrings() {
        let object: [String: Any] = ["s": "x", "n": NSNull(), "a": [1, "two", [false]] as [Any], "o": ["k": 2.5]]
        let expected: JSONValue = ["s": "x", "n": .null, "a": [1, "two", [false]], "o": ["k": 2.5]]
        #expect(JSONValue(foundation: object) == expected)
        #expect(JSONValue(foundation: NSString(string: "hé")) == "hé")
        #expect(JSONValue(foundation: NSArray(array: [1, "a"])) == [1, "a"])
        #expect(JSONValue(foundation: NSDictionary(dictionary: ["k": NSNull()])) == ["k": .null])
        let withNil: [Any?] = [1, nil]
        #expect(JSONValue(foundation: withNil as Any) == [1, .null])
    }

    @Test func unsupportedObjectsGiveNil() {
        #expect(JSONValue(foundation: Date()) == nil)
        #expect(JSONValue(foundation: Double.nan) == nil)
        #expect(JSONValue(foundation: Double.infinity) == nil)
        #expect(JSONValue(foundation: [1: "x"]) == nil)
        #expect(JSONValue(foundation: ["ok": 1, "bad": Date()] as [String: Any]) == nil)
        #expect(JSONValue(foundation: URL(fileURLWithPath: "/")) == nil)
    }

    @Test func foundationValueHasTheDocumentedTypes() throws {
        let value: JSONValue = [
            "int": 5, "big": .number(JSONNumber(UInt64.max)),
            "huge": .number(JSONNumber(text: "123456789012345678901234")!),
            "fraction": 0.5, "flag": true, "none": .null, "list": ["x"], "twice": .object(["k": 1, "k": 2]),
        ]
        let object = try #require(value.foundationValue as? [String: Any])
        #expect(object["int"] as? Int == 5)
        #expect(object["big"] as? UInt64 == UInt64.max)
        #expect(object["huge"] as? Double == 1.2345678901234568e23)
        #expect(object["fraction"] as? Double == 0.5)
        #expect(object["flag"] as? Bool == true)
        #expect(object["none"] is NSNull)
        #expect(object["list"] as? [String] == ["x"])
        #expect((object["twice"] as? [String: Any])?["k"] as? Int == 2)
        let data = try JSONSerialization.data(withJSONObject: value.foundationValue)
        let back = try JSONValue(parsing: data)
        #expect(back["int"] == 5)
        #expect(back["flag"] == true)
        #expect(back["big"] == .number(JSONNumber(UInt64.max)))
    }

    @Test(.enabled(if: Corpora.isAvailable), arguments: Corpora.documents)
    func corpusRoundTripsThroughJSONSerialization(_ name: String) throws {
        let bytes = try Corpora.bytes(name)
        let value = try JSONValue(parsing: bytes)
        let data = try JSONSerialization.data(withJSONObject: value.foundationValue)
        #expect(try JSONValue(parsing: data) == value)

        let foundation = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        #expect(JSONValue(foundation: foundation) == value)
    }
}
