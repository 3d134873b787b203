import Foundation
import Testing

@testable import Sift

@Suite("JSONValue literals and accessors")
struct ValuesAccessorTests {
    let document: JSONValue = [
        "name": "Ada", "born": 1815, "ratio": 0.25, "alive": false, "spouse": .null,
        "tags": ["math", "poetry"], "address": ["city": "London"],
    ]

    @Test func literalsBuildTheExpectedCases() {
        #expect(document["name"] == .string("Ada"))
        #expect(document["born"] == .number(JSONNumber(1815)))
        #expect(document["ratio"]?.numberValue?.text == "0.25")
        #expect(document["alive"] == .bool(false))
        #expect(document["spouse"] == .null)
        #expect(document["tags"] == .array([.string("math"), .string("poetry")]))
        #expect(document["address"] == .object(JSONObject([.init(key: "city", value: "London")])))
        let number: JSONNumber = 42
        let fraction: JSONNumber = 2.0
        #expect(number.text == "42")
        #expect(fraction.text == "2.0")
        let object: JSONObject = ["b": 1, "a": 2]
        #expect(object.map(\.key) == ["b", "a"])
    }

    @Test func subscriptsAndTypedAccessors() {
        #expect(document["tags"]?[1]?.stringValue == "poetry")
        #expect(document["tags"]?[2] == nil)
        #expect(document["tags"]?[-1] == nil)
        #expect(document["missing"] == nil)
        #expect(document[0] == nil)
        #expect(document["name"]?["x"] == nil)
        #expect(document["born"]?.intValue == 1815)
        #expect(document["born"]?.doubleValue == 1815)
        #expect(document["ratio"]?.intValue == nil)
        #expect(document["ratio"]?.doubleValue == 0.25)
        #expect(document["alive"]?.boolValue == false)
        #expect(document["name"]?.boolValue == nil)
        #expect(document["spouse"]?.isNull == true)
        #expect(document["name"]?.isNull == false)
        #expect(document["tags"]?.arrayValue?.count == 2)
        #expect(document["address"]?.objectValue?["city"]?.stringValue == "London")
        #expect(document["name"]?.arrayValue == nil)
        #expect(document["tags"]?.objectValue == nil)
    }

    @Test func integerConversionsAreExact() throws {
        #expect(try JSONNumber(text: "2e3")!.integer(Int16.self) == 2000)
        #expect(try JSONNumber(text: "-1.0")!.integer(Int.self) == -1)
        #expect(try JSONNumber(text: "18446744073709551615")!.integer(UInt64.self) == .max)
        #expect(try JSONNumber(text: "-9223372036854775808")!.integer(Int64.self) == .min)
        #expect(throws: JSONNumberConversionError(text: "300", typeName: "Int8", reason: .outOfRange)) {
            try JSONNumber(300).integer(Int8.self)
        }
        #expect(throws: JSONNumberConversionError(text: "1.5", typeName: "Int", reason: .notAnInteger)) {
            try JSONNumber(text: "1.5")!.integer(Int.self)
        }
        #expect(throws: JSONNumberConversionError(text: "-1", typeName: "UInt8", reason: .outOfRange)) {
            try JSONNumber(-1).integer(UInt8.self)
        }
        #expect(throws: JSONNumberConversionError.self) {
            try JSONNumber(text: "18446744073709551616")!.integer(UInt64.self)
        }
        #expect((JSONValue.number(JSONNumber(text: "1e30")!)).intValue == nil)
    }

    @Test func doubleAndDecimalValues() {
        #expect(JSONNumber(text: "0.1")?.doubleValue == 0.1)
        #expect(JSONNumber(text: "-2.5e-3")?.doubleValue == -0.0025)
        #expect(JSONNumber(text: "1e400")?.doubleValue == nil)
        #expect(JSONNumber(text: "12345678901234567890123")?.doubleValue == 1.2345678901234568e22)
        #expect(JSONNumber(text: "19.99")?.decimalValue == Decimal(string: "19.99"))
        #expect(JSONNumber(text: "12345678901234567890123")?.decimalValue == Decimal(string: "12345678901234567890123"))
        #expect(JSONNumber(text: "1e400")?.decimalValue == nil)
    }

    /// The exact fast path must give `strtod`'s double bit for bit, on both sides of its limits
    /// (19 digits, 2^53, 10^±22) and for the numbers it hands over.
    @Test func doublesMatchStrtod() {
        var generator = TokenizerTestSupport.SplitMix64(seed: 0x0D0B_1E5E)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(generator.next() % 10)) })
        }
        var texts = [
            "0", "-0", "0.0", "-0.0", "1", "9007199254740992", "9007199254740993", "9007199254740991.5",
            "1e22", "1e23", "1e-22", "1e-23", "123456789012345678e-5", "1234567890123456789", "12345678901234567890",
            "0.1", "0.30000000000000004", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
            "1E+22", "1e+0022", "1e-00022", "1e00000", "0.000000000000000000000000001", "-123.456e-7",
        ]
        for _ in 0..<20_000 {
            var text = generator.next() % 4 == 0 ? "-" : ""
            text += String(generator.next() % 1_000_000_000)
            if generator.next() % 2 == 0 { text += "." + digits(Int(generator.next() % 18) + 1) }
            if generator.next() % 3 == 0 {
                text += (generator.next() % 2 == 0 ? "e" : "E") + ["", "+", "-"][Int(generator.next() % 3)]
                text += String(generator.next() % 40)
            }
            texts.append(text)
        }
        for text in texts {
            let expected = strtod(text, nil)
            let parsed = text.utf8.withContiguousStorageIfAvailable {
                JSONNumberParsing.double(base: $0.baseAddress, count: $0.count)
            }
            #expect(parsed??.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(arguments: ["0", "-0", "1", "-12", "0.5", "1e3", "1E+3", "1e-3", "-0.0e0", "123456789012345678901234567890"])
    func validNumberText(_ text: String) {
        #expect(JSONNumber(text: text)?.text == text)
    }

    @Test(arguments: [
        "", "-", "01", "-01", "1.", ".5", "+1", "0x10", "1e", "1e+", "NaN", "Infinity", "1 ", " 1", "1.5.2", "١",
    ])
    func invalidNumberText(_ text: String) {
        #expect(JSONNumber(text: text) == nil)
    }

    @Test func numbersFromSwiftValues() {
        #expect(JSONNumber(-7).text == "-7")
        #expect(JSONNumber(UInt64.max).text == "18446744073709551615")
        let tenth = 0.1
        let big = 1e22
        #expect(JSONNumber(tenth)?.text == "0.1")
        #expect(JSONNumber(big)?.text == "1e+22")
        #expect(JSONNumber(0.1).text == "0.1")  // a literal: ExpressibleByFloatLiteral
        #expect(JSONNumber(.nan) == nil)
        #expect(JSONNumber(.infinity) == nil)
    }

    @Test func descriptionIsCompactJSON() {
        #expect(document.description.hasPrefix(#"{"name":"Ada","born":1815,"ratio":0.25,"alive":false,"spouse":null,"#))
        #expect((["a": [1, "x"]] as JSONValue).description == #"{"a":[1,"x"]}"#)
        #expect((["k": "v"] as JSONObject).description == #"{"k":"v"}"#)
        #expect("\(JSONValue.null)" == "null")
    }
}
