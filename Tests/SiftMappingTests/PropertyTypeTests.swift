import Foundation
import Sift
import Testing

@testable import SiftMapping

@Suite("Property types")
struct PropertyTypeTests {
    @Test("every property type maps its JSON type")
    func everyType() throws {
        let json = """
            {"string": "text", "int": -12, "uint": 12, "float": 1.5, "double": 2.25, "bool": true,
             "array": [1, "a", null], "dictionary": {"k": [true]}, "url": "https://example.com/a?b=c"}
            """
        let value = try Mapper.decodeObject(of: Everything.self, from: .string(json))
        #expect(value.string == "text")
        #expect(value.int == -12)
        #expect(value.uint == 12)
        #expect(value.float == 1.5)
        #expect(value.double == 2.25)
        #expect(value.bool == true)
        #expect(value.array == [.number(JSONNumber(1)), .string("a"), .null])
        #expect(value.dictionary == ["k": .array([.bool(true)])])
        #expect(value.url == URL(string: "https://example.com/a?b=c"))
    }

    @Test(
        "types are strict",
        arguments: [
            (PropertyType.int, "true", "the boolean true"),
            (.int, "\"12\"", "the string \"12\""),
            (.int, "1.5", "the number 1.5, which is not an integer"),
            (.uint, "-1", "the number -1, which does not fit in UInt"),
            (.double, "\"1.0\"", "the string \"1.0\""),
            (.float, "1e39", "the number 1e39, which is too large for Float"),
            (.bool, "1", "the number 1"),
            (.bool, "\"true\"", "the string \"true\""),
            (.string, "12", "the number 12"),
            (.string, "{}", "an object"),
            (.string, "[\"a\"]", "an array"),
            (.url, "7", "the number 7"),
            (.array, "{\"a\": 1}", "an object"),
            (.array, "\"[]\"", "the string \"[]\""),
            (.dictionary, "[]", "an array"),
            (.dictionary, "false", "the boolean false"),
        ])
    func strictTypes(type: PropertyType, json: String, found: String) throws {
        let result = try failures("{\"value\": \(json)}", Property("value", type))
        let failure = try #require(result.first)
        #expect(result.count == 1)
        #expect(failure.kind == .wrongType)
        #expect(failure.expected == type.expectation)
        #expect(failure.found == found)
        #expect(failure.path.description == "$.value")
        #expect(failure.location == SourceLocation(offset: 10, line: 1, column: 11))
    }

    @Test(
        "integer limits",
        arguments: [
            (PropertyType.int, "9223372036854775807", true),
            (.int, "-9223372036854775808", true),
            (.int, "9223372036854775808", false),
            (.int, "-9223372036854775809", false),
            (.uint, "18446744073709551615", true),
            (.uint, "0", true),
            (.uint, "18446744073709551616", false),
            (.uint, "-1", false),
            (.int, "1e2", true),
            (.int, "100.0", true),
        ])
    func integerLimits(type: PropertyType, text: String, fits: Bool) throws {
        let json = "{\"n\": \(text)}"
        if fits {
            switch type {
            case .int:
                let value = try mapValue(json, Property("n", .int), as: Int.self)
                #expect(value.map(String.init) == (text.contains(where: { $0 == "e" || $0 == "." }) ? "100" : text))
            default:
                let value = try mapValue(json, Property("n", .uint), as: UInt.self)
                #expect(value.map(String.init) == text)
            }
        } else {
            let result = try failures(json, Property("n", type))
            #expect(result.map(\.kind) == [.wrongType])
            let typeName = type == .int ? "Int" : "UInt"
            #expect(result.first?.found == "the number \(text), which does not fit in \(typeName)")
        }
    }

    @Test("float and double keep the nearest value")
    func floatingPoint() throws {
        #expect(try mapValue(#"{"x": 0.1}"#, Property("x", .double), as: Double.self) == 0.1)
        #expect(try mapValue(#"{"x": 0.1}"#, Property("x", .float), as: Float.self) == Float(0.1))
        #expect(try mapValue(#"{"x": -3}"#, Property("x", .float), as: Float.self) == -3)
        #expect(try mapValue(#"{"x": 3.4e38}"#, Property("x", .float), as: Float.self) == Float(3.4e38))
    }

    @Test("urls are parsed without encoding invalid characters")
    func urls() throws {
        #expect(
            try mapValue(#"{"u": "relative/path"}"#, Property("u", .url), as: URL.self)?.relativeString
                == "relative/path")
        let result = try failures(#"{"u": "http://exa mple.com"}"#, Property("u", .url))
        #expect(result.map(\.kind) == [.invalidURL])
        #expect(result.first?.description == #"$.u: invalid URL: "http://exa mple.com" (line 1, column 7)"#)
    }

    @Test("optional properties accept missing and null, required ones do not")
    func optionality() throws {
        for type in PropertyType.allCases {
            #expect(try mapValue("{}", Property("v", type, optional: true), as: Any.self) == nil)
            #expect(try mapValue(#"{"v": null}"#, Property("v", type, optional: true), as: Any.self) == nil)
            let missing = try failures("{}", Property("v", type))
            #expect(missing.map(\.description) == ["$.v: missing required value: expected \(type.expectation)"])
            let null = try failures(#"{"v": null}"#, Property("v", type))
            #expect(
                null.map(\.description) == [
                    "$.v: missing required value: expected \(type.expectation), found null (line 1, column 7)"
                ])
        }
    }

    @Test("an optional property with the wrong type is still a failure")
    func optionalWrongType() throws {
        let result = try failures(#"{"v": 1}"#, Property("v", .string, optional: true))
        #expect(
            result.map(\.description) == [#"$.v: wrong type: expected a string, found the number 1 (line 1, column 7)"#]
        )
    }

    @Test("entity access checks key paths and Swift types")
    func entityAccess() throws {
        let entity = try Mapper.entity(
            from: .string(#"{"id": 1}"#),
            schema: MappingSchema {
                Property("id", .int)
                Property("name", .string, optional: true)
            })
        #expect(try entity.value(for: "id") as Int == 1)
        #expect(entity.hasValue(for: "id"))
        #expect(!entity.hasValue(for: "name"))
        #expect(entity.keyPaths == ["id", "name"])
        #expect(throws: EntityAccessError.self) { try entity.value(for: "id") as String }
        #expect(throws: EntityAccessError.self) { try entity.value(for: "unknown") as Int }
        #expect(throws: EntityAccessError.self) { try entity.value(for: "name") as String }
        #expect(try entity.optionalValue(for: "name") as String? == nil)
    }

    @Test("entity reads work in any order and cast as `as?` does")
    func entityReadOrderAndCasts() throws {
        let entity = try Mapper.entity(
            from: .string(#"{"s": "x", "i": -3, "u": 7, "d": 0.5, "f": 1.5, "b": true, "w": "https://a.example/"}"#),
            schema: MappingSchema {
                Property("s", .string)
                Property("i", .int)
                Property("u", .uint)
                Property("d", .double)
                Property("f", .float)
                Property("b", .bool)
                Property("w", .url)
            })
        // Backwards, repeated and skipping: every lookup finds its own property.
        #expect(try entity.value(for: "w") as URL == URL(string: "https://a.example/"))
        #expect(try entity.value(for: "b") as Bool == true)
        #expect(try entity.value(for: "b") as Bool == true)
        #expect(try entity.value(for: "s") as String == "x")
        #expect(try entity.value(for: "f") as Float == 1.5)
        #expect(try entity.value(for: "u") as UInt == 7)
        #expect(try entity.value(for: "i") as Int == -3)
        #expect(try entity.value(for: "d") as Double == 0.5)
        // Casts to existentials and optionals behave as on the value itself.
        #expect(try entity.value(for: "i") as Any as? Int == -3)
        #expect(try entity.value(for: "s", as: (any CustomStringConvertible).self).description == "x")
        #expect(try entity.value(for: "d", as: Double?.self) == 0.5)
        // No numeric conversion between Swift types, and the message names both types.
        #expect(throws: EntityAccessError(message: "property 'i' holds Int, not Double")) {
            try entity.value(for: "i") as Double
        }
        #expect(throws: EntityAccessError(message: "property 'f' holds Float, not Double")) {
            try entity.value(for: "f") as Double
        }
        #expect(throws: EntityAccessError(message: "property 'u' holds UInt, not Int")) {
            try entity.optionalValue(for: "u") as Int?
        }
    }

    @Test("models, arrays, dictionaries and decoder outputs read as their own type and cast as `as?` does")
    func boxedValueCasts() throws {
        let entity = try Mapper.entity(
            from: .string(
                #"{"a": {"street": "s", "city": "c", "zip": "z"}, "l": [{"street": "t", "city": "d", "zip": "y"}], "#
                    + #""n": ["7", "8"], "j": [1, "x"], "o": {"k": true}, "q": "5"}"#),
            schema: MappingSchema {
                Property("a", .dictionary, mappedType: Address.self)
                Property("l", .array, mappedType: Address.self)
                Property("n", .array, decoder: StringToIntDecoder())
                Property("j", .array)
                Property("o", .dictionary)
                Property("q", .string, decoder: StringToIntDecoder())
            })
        let address = Address(street: "s", city: "c", zip: "z")
        #expect(try entity.value(for: "a") as Address == address)
        #expect(try entity.models(for: "l") as [Address] == [Address(street: "t", city: "d", zip: "y")])
        #expect(try entity.value(for: "n") as [Int] == [7, 8])
        #expect(try entity.value(for: "j") as [JSONValue] == [.number(JSONNumber(1)), .string("x")])
        #expect(try entity.value(for: "o") as [String: JSONValue] == ["k": .bool(true)])
        #expect(try entity.value(for: "q") as Int == 5)
        // Other types than their own: as `as?` casts the value itself.
        #expect(try entity.value(for: "a") as Any as? Address == address)
        #expect(try entity.value(for: "a", as: Address?.self) == address)
        #expect(try entity.value(for: "q", as: (any CustomStringConvertible).self).description == "5")
        #expect(try entity.value(for: "n", as: [any Equatable].self).count == 2)
        #expect(try entity.optionalModels(for: "l", as: Address.self)?.count == 1)
        #expect(throws: EntityAccessError(message: "property 'a' holds Address, not Person")) {
            try entity.value(for: "a") as Person
        }
        #expect(throws: EntityAccessError(message: "property 'n' holds Array<Int>, not Array<String>")) {
            try entity.value(for: "n") as [String]
        }
        #expect(throws: EntityAccessError(message: "property 'q' holds Int, not Int64")) {
            try entity.optionalValue(for: "q") as Int64?
        }
    }
}
