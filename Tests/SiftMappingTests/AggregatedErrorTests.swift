import Foundation
import Sift
import SiftMapping
import Testing

@Suite("Aggregated errors")
struct AggregatedErrorTests {
    static let fiveFailures = """
        {
          "id": "42",
          "name": "Ada",
          "birthDate": "1815-13-45",
          "homepage": "http://exa mple.com",
          "addresses": [
            {"street": "1 Main St", "city": "London", "zip": "N1"},
            42,
            {"street": "2 Side St", "city": "Oxford"}
          ]
        }
        """

    static let fiveFailuresText = """
        $.id: wrong type: expected an integer (Int), found the string "42" (line 2, column 9)
        $.birthDate: decoder failed: "1815-13-45" is not a date in the format "yyyy-MM-dd" (line 4, column 16)
        $.homepage: invalid URL: "http://exa mple.com" (line 5, column 15)
        $.addresses[1]: element 1 failed: wrong type: expected an object (Address), found the number 42 (line 8, column 5)
        $.addresses[2].zip: missing required value: expected a string
        """

    @Test("one error lists five different failures, with paths, kinds and locations")
    func fiveDifferentFailures() throws {
        do {
            _ = try Mapper.decodeObject(of: Person.self, from: .string(Self.fiveFailures))
            Issue.record("the payload has five failures")
        } catch let error as MappingError {
            #expect(error.description == Self.fiveFailuresText)
            #expect(
                error.failures.map(\.kind) == [
                    .wrongType, .decoderFailed, .invalidURL, .elementFailed, .missingRequired,
                ])
            #expect(error.failures.map(\.location?.line) == [2, 4, 5, 8, nil])
            #expect(error.failures[0].expected == "an integer (Int)")
            #expect(error.failures[0].found == "the string \"42\"")
            #expect(error.failures[1].reason == "\"1815-13-45\" is not a date in the format \"yyyy-MM-dd\"")
            #expect(error.failures[3].elementIndex == 1)
            #expect(error.failures[4].path == [.key("addresses"), .index(2), .key("zip")])
        }
    }

    @Test("the same failures for every split of the input", arguments: [1, 5, 16])
    func fiveFailuresChunked(size: Int) async throws {
        let json = "[" + Self.fiveFailures + "]"
        do {
            for try await _ in Mapper.elements(of: Person.self, from: chunks(of: json, size: size)) {
                Issue.record("no element is valid")
            }
            Issue.record("the payload has five failures")
        } catch let error as MappingError {
            #expect(
                error.failures.map(\.kind) == [
                    .wrongType, .decoderFailed, .invalidURL, .elementFailed, .missingRequired,
                ])
            #expect(
                error.failures.map(\.path.description) == [
                    "$[0].id", "$[0].birthDate", "$[0].homepage", "$[0].addresses[1]", "$[0].addresses[2].zip",
                ])
            // Every failure is on a line after the first, so only the paths move.
            #expect(error.description == Self.fiveFailuresText.replacingOccurrences(of: "$.", with: "$[0]."))
            #expect(
                error.failures.map(\.kind) == [
                    .wrongType, .decoderFailed, .invalidURL, .elementFailed, .missingRequired,
                ])
        }
    }

    static let containersAtScalars = """
        [{"id": 1, "name": "Ada", "birthDate": "1815-12-10", "isMember": {"a": [1, {"b": 2}]},
          "addresses": [{"street": ["1", "Main"], "city": "London", "zip": "N1"},
                        {"street": "2 Side St", "city": {}, "zip": [[]]}]}]
        """

    /// A container where a scalar is expected is reported where it begins, with the scope it is
    /// in (a model inside an array inside a model), and its contents are not looked at.
    @Test("containers at scalar properties, for every split of the input", arguments: Array(1...12) + [64])
    func containersAtScalarProperties(size: Int) async throws {
        do {
            for try await _ in Mapper.elements(of: Person.self, from: chunks(of: Self.containersAtScalars, size: size))
            {
                Issue.record("the element is not valid")
            }
            Issue.record("the payload has four failures")
        } catch let error as MappingError {
            #expect(
                error.description == """
                    $[0].isMember: wrong type: expected a boolean, found an object (line 1, column 66)
                    $[0].addresses[0].street: wrong type: expected a string, found an array (line 2, column 28)
                    $[0].addresses[1].city: wrong type: expected a string, found an object (line 3, column 49)
                    $[0].addresses[1].zip: wrong type: expected a string, found an array (line 3, column 60)
                    """)
        }
    }

    @Test("errors of user code propagate unchanged")
    func userErrorsPropagate() throws {
        struct Boom: Error, Equatable {}
        struct Exploding: Mappable {
            static let schema = MappingSchema { Property("x", .int) }
            init(entity: MappedEntity) throws { throw Boom() }
        }
        struct ExplodingDecoder: ValueDecoder {
            func decode(_ value: JSONValue) throws -> Int { throw Boom() }
        }
        #expect(throws: Boom()) { try Mapper.decodeObject(of: Exploding.self, from: .string(#"{"x": 1}"#)) }
        #expect(throws: Boom()) { try Mapper.decodeArray(of: Exploding.self, from: .string(#"[{"x": 1}]"#)) }
        #expect(throws: Boom()) {
            try Mapper.entity(
                from: .string(#"{"x": 1}"#), schema: MappingSchema { Property("x", .int, decoder: ExplodingDecoder()) })
        }
        #expect(throws: Boom()) {
            try Mapper.forEachElement(of: Address.self, from: .string(#"[{"street": "a", "city": "b", "zip": "c"}]"#)) {
                _ in
                throw Boom()
            }
        }
        // A model that is never built (its object is invalid) cannot throw.
        #expect(throws: MappingError.self) {
            try Mapper.decodeObject(of: Exploding.self, from: .string(#"{"x": "1"}"#))
        }
    }

    @Test("a model initializer can reject its object with a message")
    func initializerRejects() throws {
        struct Adult: Mappable {
            let age: Int
            static let schema = MappingSchema { Property("age", .int) }
            init(entity: MappedEntity) throws {
                age = try entity.value(for: "age")
                guard age >= 18 else { throw ValueDecodingError("age \(age) is under 18") }
            }
        }
        do {
            _ = try Mapper.decodeArray(
                of: Adult.self, from: .string(#"{"people": [{"age": 30}, {"age": 12}]}"#), atKeyPath: "people")
            Issue.record("a minor is rejected")
        } catch let error as MappingError {
            #expect(
                error.description
                    == "$.people[1]: element 1 failed: decoder failed: age 12 is under 18 (line 1, column 26)")
        }
        do {
            _ = try Mapper.decodeObject(of: Adult.self, from: .string(#"{"age": 3}"#))
            Issue.record("a minor is rejected")
        } catch let error as MappingError {
            #expect(error.description == "$: decoder failed: age 3 is under 18 (line 1, column 1)")
        }
    }

    @Test("invalid JSON is a parse error, not a mapping error")
    func invalidJSON() throws {
        #expect(throws: JSONParseError.self) {
            try Mapper.decodeObject(of: Address.self, from: .string(#"{"street": "#))
        }
        #expect(throws: JSONParseError.self) { try Mapper.decodeArray(of: Address.self, from: .string("[1,,2]")) }
    }
}
