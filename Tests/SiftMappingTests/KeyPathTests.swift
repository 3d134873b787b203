import Sift
import SiftMapping
import Testing

@Suite("Key paths")
struct KeyPathTests {
    @Test("dotted key paths walk nested objects")
    func nested() throws {
        #expect(try mapValue(#"{"a": {"b": {"c": "deep"}}}"#, Property("a.b.c", .string), as: String.self) == "deep")
        #expect(try mapValue(#"{"a": {"b": 1}}"#, Property("a.b.c", .string, optional: true), as: String.self) == nil)
        let missing = try failures(#"{"a": {"b": {}}}"#, Property("a.b.c", .string))
        #expect(missing.map(\.description) == ["$.a.b.c: missing required value: expected a string"])
    }

    @Test("a literal key with dots wins over the nested reading")
    func literalWins() throws {
        let json = #"{"a.b": "literal", "a": {"b": "nested"}}"#
        #expect(try mapValue(json, Property("a.b", .string), as: String.self) == "literal")
        let reversed = #"{"a": {"b": "nested"}, "a.b": "literal"}"#
        #expect(try mapValue(reversed, Property("a.b", .string), as: String.self) == "literal")
        #expect(try mapValue(#"{"a": {"b": "nested"}}"#, Property("a.b", .string), as: String.self) == "nested")
    }

    @Test("the grammar is JSONKeyPath's: empty names, digits and backslashes are member names")
    func grammar() throws {
        #expect(try mapValue(#"{"a": {"": {"b": 1}}}"#, Property("a..b", .int), as: Int.self) == 1)
        #expect(try mapValue(#"{"a": {"": 2}}"#, Property("a.", .int), as: Int.self) == 2)
        #expect(try mapValue(#"{"": {"a": 3}}"#, Property(".a", .int), as: Int.self) == 3)
        #expect(try mapValue(#"{"items": {"0": 4}}"#, Property("items.0", .int), as: Int.self) == 4)
        #expect(try mapValue(#"{"items": [4]}"#, Property("items.0", .int, optional: true), as: Int.self) == nil)
        #expect(try mapValue(#"{"a\\": {"b": 5}}"#, Property(#"a\.b"#, .int), as: Int.self) == 5)
        #expect(try mapValue(#"{"$": {"a": 6}}"#, Property("$.a", .int), as: Int.self) == 6)
        #expect(try mapValue(#"{"$ref": 7}"#, Property("$ref", .int), as: Int.self) == 7)
    }

    @Test("a literal array wins over the nested one at the key path, collected or streamed")
    func literalArrayWins() async throws {
        let json = #"{"a.b": [1], "a": {"b": [2]}}"#
        #expect(try Mapper.decodeArray(from: .string(json), atKeyPath: "a.b", with: IntegerDecoder()) == [1])
        var elements: [Int] = []
        try Mapper.forEachElement(from: .string(json), atKeyPath: "a.b", with: IntegerDecoder()) {
            elements.append($0)
        }
        #expect(elements == [1])
        for size in [1, 5, 100] {
            var streamed: [Int] = []
            try await Mapper.forEachElement(
                from: chunks(of: json, size: size), atKeyPath: "a.b", with: IntegerDecoder()
            ) {
                streamed.append($0)
            }
            #expect(streamed == [1], "pieces of \(size)")
        }
        // The nested array alone, or the literal key not an array: the nested elements stream.
        for nested in [#"{"a": {"b": [2]}}"#, #"{"a": {"b": [2]}, "a.b": 3}"#, #"{"a.b": {}, "a": {"b": [2]}}"#] {
            var streamed: [Int] = []
            try? Mapper.forEachElement(from: .string(nested), atKeyPath: "a.b", with: IntegerDecoder()) {
                streamed.append($0)
            }
            #expect(streamed == [2], "\(nested)")
        }
    }

    @Test("a literal array after the nested one streamed is an error: the nested elements were handed out")
    func literalArrayTooLate() async throws {
        let json = #"{"a": {"b": [2]}, "a.b": [1]}"#
        #expect(try Mapper.decodeArray(from: .string(json), atKeyPath: "a.b", with: IntegerDecoder()) == [1])
        let expected =
            "$['a.b']: ambiguous key path: `a.b` names both this member and nested members, "
            + "and the nested array's elements were handed out first (line 1, column 26)"
        var elements: [Int] = []
        let error = #expect(throws: MappingError.self) {
            try Mapper.forEachElement(from: .string(json), atKeyPath: "a.b", with: IntegerDecoder()) {
                elements.append($0)
            }
        }
        #expect(elements == [2])
        #expect(error?.description == expected)
        #expect(error?.failures.first?.kind == .ambiguousKeyPath)
        for size in [1, 5, 100] {
            let streamed = await #expect(throws: MappingError.self) {
                for try await _ in Mapper.elements(
                    of: Address.self, from: chunks(of: json, size: size), atKeyPath: "a.b")
                {}
            }
            #expect(streamed?.failures.first?.kind == .ambiguousKeyPath, "pieces of \(size)")
        }
    }

    @Test("the first valid reading wins; failures name the reading that failed")
    func firstValid() throws {
        // The literal key has the wrong type: the nested reading is valid.
        #expect(
            try mapValue(#"{"a.b": 1, "a": {"b": "nested"}}"#, Property("a.b", .string), as: String.self) == "nested")
        // Only a wrong literal: its failure is reported with its path.
        let wrong = try failures(#"{"a.b": 1}"#, Property("a.b", .string))
        #expect(
            wrong.map(\.description) == [
                #"$['a.b']: wrong type: expected a string, found the number 1 (line 1, column 9)"#
            ])
        // A literal null and a nested value.
        #expect(try mapValue(#"{"a.b": null, "a": {"b": "x"}}"#, Property("a.b", .string), as: String.self) == "x")
    }

    @Test("a repeated member: the last one counts, for each reading")
    func repeatedMembers() throws {
        #expect(try mapValue(#"{"a": "x", "a": 1}"#, Property("a", .int), as: Int.self) == 1)
        #expect(try mapValue(#"{"a": 1, "a": null}"#, Property("a", .int, optional: true), as: Int.self) == nil)
        let overwritten = try failures(#"{"a": 1, "a": "x"}"#, Property("a", .int))
        #expect(
            overwritten.map(\.description) == [
                #"$.a: wrong type: expected an integer (Int), found the string "x" (line 1, column 15)"#
            ])
        let nulled = try failures(#"{"a": 1, "a": null}"#, Property("a", .int))
        #expect(
            nulled.map(\.description) == [
                "$.a: missing required value: expected an integer (Int), found null (line 1, column 15)"
            ])
        // The literal reading's last member is null: the nested reading's value wins.
        let nested = #"{"a.b": 1, "a.b": null, "a": {"b": 2}}"#
        #expect(try mapValue(nested, Property("a.b", .int), as: Int.self) == 2)
        // The literal reading's last member fails: the nested reading's value wins, not the
        // literal reading's earlier value.
        let failedLiteral = #"{"a.b": 1, "a": {"b": 2}, "a.b": "x"}"#
        #expect(try mapValue(failedLiteral, Property("a.b", .int), as: Int.self) == 2)
        #expect(try mapValue(#"{"a": {"b": 2}, "a.b": 3, "a": {"b": 4}}"#, Property("a.b", .int), as: Int.self) == 3)
    }

    @Test("the empty key path is the object itself")
    func root() throws {
        let entity = try Mapper.entity(
            from: .string(#"{"x": 1}"#),
            schema: MappingSchema {
                Property("", .dictionary)
                Property("x", .int)
            })
        #expect(try entity.value(for: "") as [String: JSONValue] == ["x": .number(JSONNumber(1))])
        let numbers = try Mapper.decodeArray(from: .string("[1, 2, 3]"), with: IntegerDecoder())
        #expect(numbers == [1, 2, 3])
    }

    @Test("a key path built from an RFC 9535 path has its one reading; text in a variable is dotted")
    func atMemberKeyPath() throws {
        let json =
            #"{"a.b": {"x": {"street": "1", "city": "2", "zip": "3"}}, "a": {"b": {"x": {"street": "4", "city": "5", "zip": "6"}}}}"#
        let literal = try #require(JSONKeyPath(try JSONPath("$['a.b'].x")))
        #expect(try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: literal).street == "1")
        let nested = try #require(JSONKeyPath(try JSONPath("$.a.b.x")))
        #expect(try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: nested).street == "4")
        // The nested reading only: a literal "a.b" member is not what `$.a.b` names.
        let onlyLiteral = #"{"a.b": {"x": {"street": "1", "city": "2", "zip": "3"}}}"#
        let missing = #expect(throws: MappingError.self) {
            try Mapper.decodeObject(of: Address.self, from: .string(onlyLiteral), atKeyPath: nested)
        }
        #expect(missing?.description.hasPrefix("$.a.b.x: ") == true, "\(String(describing: missing))")
        // A dotted key path in a variable: both readings, the literal key winning.
        let text = "a.b.x"
        let dotted = try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: JSONKeyPath(text))
        #expect(dotted.street == "4")
        let entity = try Mapper.entity(
            fromValue: try JSONValue(parsing: json), atKeyPath: literal,
            schema: MappingSchema { Property("zip", .string) })
        #expect(try entity.value(for: "zip") as String == "3")
    }

    @Test("objects and arrays at key paths")
    func atKeyPath() throws {
        let json =
            #"{"response": {"avatar": {"street": "s", "city": "c", "zip": "z"}, "list": [{"street": "1", "city": "2", "zip": "3"}]}}"#
        let address = try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: "response.avatar")
        #expect(address == Address(street: "s", city: "c", zip: "z"))
        let list = try Mapper.decodeArray(of: Address.self, from: .string(json), atKeyPath: "response.list")
        #expect(list == [Address(street: "1", city: "2", zip: "3")])
        #expect(throws: MappingError.self) {
            try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: "response.missing")
        }
        do {
            _ = try Mapper.decodeArray(of: Address.self, from: .string(json), atKeyPath: "response.avatar")
            Issue.record("an object is not an array")
        } catch let error as MappingError {
            #expect(
                error.description
                    == "$.response.avatar: wrong type: expected an array, found an object (line 1, column 25)")
        }
        do {
            _ = try Mapper.decodeObject(of: Address.self, from: .string(json), atKeyPath: "response.list")
            Issue.record("an array is not an object")
        } catch let error as MappingError {
            #expect(
                error.description.hasPrefix("$.response.list: wrong type: expected an object (Address), found an array")
            )
        }
        do {
            _ = try Mapper.decodeObject(of: Address.self, from: .string(#"{"a": 3}"#), atKeyPath: "a")
            Issue.record("a number is not an object")
        } catch let error as MappingError {
            #expect(
                error.description
                    == "$.a: wrong type: expected an object (Address), found the number 3 (line 1, column 7)")
        }
    }
}

/// Decodes a JSON integer.
struct IntegerDecoder: ValueDecoder {
    func decode(_ value: JSONValue) throws -> Int {
        guard case .number(let number) = value, let integer = Int(number.text) else {
            throw ValueDecodingError("not an integer")
        }
        return integer
    }
}
