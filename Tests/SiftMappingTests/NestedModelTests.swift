import Foundation
import Sift
import SiftMapping
import Testing

@Suite("Nested models, arrays and decoders")
struct NestedModelTests {
    static let personJSON = """
        {
          "id": 7,
          "name": "Ada",
          "birthDate": "1815-12-10",
          "isMember": true,
          "homepage": "https://example.com/ada",
          "addresses": [
            {"street": "1 Main St", "city": "London", "zip": "N1"},
            {"street": "2 Side St", "city": "Oxford", "zip": "OX1", "ignored": [1, 2, {"x": null}]}
          ]
        }
        """

    @Test("a model with nested models and a date")
    func person() throws {
        let person = try Mapper.decodeObject(of: Person.self, from: .string(Self.personJSON))
        #expect(person.id == 7)
        #expect(person.name == "Ada")
        #expect(person.nickname == nil)
        #expect(person.isMember == true)
        #expect(person.homepage == URL(string: "https://example.com/ada"))
        #expect(person.addresses.map(\.city) == ["London", "Oxford"])
        let components = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!, from: person.birthDate)
        #expect(components.year == 1815 && components.month == 12 && components.day == 10)
    }

    @Test("every split of the input into chunks gives the same model", arguments: [1, 2, 3, 7, 64])
    func chunked(size: Int) async throws {
        let json = "[" + Self.personJSON + "," + Self.personJSON + "]"
        var people: [Person] = []
        for try await person in Mapper.elements(of: Person.self, from: chunks(of: json, size: size)) {
            people.append(person)
        }
        let whole = try Mapper.decodeObject(of: Person.self, from: .string(Self.personJSON))
        #expect(people == [whole, whole])
    }

    @Test("arrays of models report each failing element and go on")
    func failingElements() throws {
        let json = """
            [{"street": "a", "city": "b", "zip": "c"},
             {"street": "a", "city": 5, "zip": "c"},
             "text",
             null,
             {"street": "a", "city": "b"},
             [],
             {"street": "a", "city": "b", "zip": "c"}]
            """
        do {
            _ = try Mapper.decodeArray(of: Address.self, from: .string(json))
            Issue.record("elements fail")
        } catch let error as MappingError {
            #expect(
                error.failures.map(\.kind) == [
                    .wrongType, .elementFailed, .elementFailed, .missingRequired, .elementFailed,
                ])
            #expect(error.failures.map(\.elementIndex) == [nil, 2, 3, nil, 5])
            #expect(
                error.description == """
                    $[1].city: wrong type: expected a string, found the number 5 (line 2, column 26)
                    $[2]: element 2 failed: wrong type: expected an object (Address), found the string "text" (line 3, column 2)
                    $[3]: element 3 failed: wrong type: expected an object (Address), found null (line 4, column 2)
                    $[4].zip: missing required value: expected a string
                    $[5]: element 5 failed: wrong type: expected an object (Address), found an array (line 6, column 2)
                    """)
        }
    }

    @Test("recursive models")
    func recursive() throws {
        let json =
            #"{"text": "a", "replies": [{"text": "b", "replies": [{"text": "c"}]}, {"text": "d", "replies": null}]}"#
        let comment = try Mapper.decodeObject(of: Comment.self, from: .string(json))
        #expect(comment.text == "a")
        #expect(comment.replies?.map(\.text) == ["b", "d"])
        #expect(comment.replies?.first?.replies?.first?.text == "c")
        #expect(comment.replies?.last?.replies == nil)
        let broken = #"{"text": "a", "replies": [{"text": "b", "replies": [{"text": 1}]}]}"#
        #expect(throws: MappingError.self) { try Mapper.decodeObject(of: Comment.self, from: .string(broken)) }
        do {
            _ = try Mapper.decodeObject(of: Comment.self, from: .string(broken))
        } catch let error as MappingError {
            #expect(error.failures.map(\.path.description) == ["$.replies[0].replies[0].text"])
        }
    }

    @Test("a nested object with a mapped type")
    func nestedObject() throws {
        let schema = MappingSchema {
            Property("home", .dictionary, mappedType: Address.self)
            Property("work", .dictionary, optional: true, mappedType: Address.self)
        }
        let entity = try Mapper.entity(
            from: .string(#"{"home": {"street": "s", "city": "c", "zip": "z"}}"#), schema: schema)
        #expect(try entity.value(for: "home") as Address == Address(street: "s", city: "c", zip: "z"))
        #expect(try entity.optionalValue(for: "work") as Address? == nil)
        do {
            _ = try Mapper.entity(from: .string(#"{"home": {"street": "s"}, "work": 4}"#), schema: schema)
            Issue.record("missing members")
        } catch let error as MappingError {
            #expect(
                error.description == """
                    $.home.city: missing required value: expected a string
                    $.home.zip: missing required value: expected a string
                    $.work: wrong type: expected an object (Address), found the number 4 (line 1, column 35)
                    """)
        }
    }

    @Test("decoders on scalars, arrays and objects")
    func decoders() throws {
        let schema = MappingSchema {
            Property("count", .string, decoder: StringToIntDecoder())
            Property("counts", .array, decoder: StringToIntDecoder())
            Property("when", .string, decoder: DateDecoder(strategy: Date.ISO8601FormatStyle()))
            Property("point", .dictionary, decoder: PointDecoder())
        }
        let json = #"{"count": "12", "counts": ["1", "-2"], "when": "2024-02-29T12:00:00Z", "point": {"x": 1, "y": 2}}"#
        let entity = try Mapper.entity(from: .string(json), schema: schema)
        #expect(try entity.value(for: "count") as Int == 12)
        #expect(try entity.models(for: "counts") as [Int] == [1, -2])
        #expect(try entity.value(for: "when") as Date == Date(timeIntervalSince1970: 1_709_208_000))
        #expect(try entity.value(for: "point") as Point == Point(x: 1, y: 2))

        let bad = #"{"count": "12a", "counts": ["1", 2, "x"], "when": "yesterday", "point": {"x": 1}}"#
        do {
            _ = try Mapper.entity(from: .string(bad), schema: schema)
            Issue.record("decoders fail")
        } catch let error as MappingError {
            #expect(
                error.description == """
                    $.count: decoder failed: "12a" is not an integer (line 1, column 11)
                    $.counts[1]: element 1 failed: decoder failed: expected an integer string, found the number 2 (line 1, column 34)
                    $.counts[2]: element 2 failed: decoder failed: "x" is not an integer (line 1, column 37)
                    $.when: decoder failed: "yesterday" is not a date in the format of ISO8601FormatStyle (line 1, column 51)
                    $.point.y: missing required value: expected an integer (Int)
                    """)
        }
    }

    @Test("date formats and formatters")
    func dates() throws {
        let decoder = DateDecoder(format: "yyyy-MM-dd 'at' HH:mm")
        #expect(try decoder.decode(.string("2001-01-01 at 00:01")) == Date(timeIntervalSinceReferenceDate: 60))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"
        let fromFormatter = DateDecoder(formatter: formatter)
        formatter.dateFormat = "yyyy"
        #expect(try fromFormatter.decode(.string("02/01/2001")) == Date(timeIntervalSinceReferenceDate: 86_400))
        #expect(throws: ValueDecodingError("\"2001\" is not a date in the format \"dd/MM/yyyy\"")) {
            try fromFormatter.decode(.string("2001"))
        }
        #expect(throws: ValueDecodingError("expected a date string, found the number 3")) {
            try decoder.decode(.number(JSONNumber(3)))
        }
    }

    @Test("a model that keeps its entity still reads its own values after later elements")
    func keptEntities() throws {
        // The storage of a closed model is reused for the next model of its type, unless the
        // model kept it.
        let json =
            #"[{"street": "a", "city": "b", "zip": "c"}, {"street": "d", "city": "e", "zip": "f"}, "#
            + #"{"street": "g", "city": "h"}, {"street": "i", "city": "j", "zip": "k"}]"#
        let kept = try Mapper.decodeArray(of: EntityKeeper.self, from: .string(json))
        #expect(try kept.map { try $0.entity.value(for: "street", as: String.self) } == ["a", "d", "g", "i"])
        #expect(try kept.map { try $0.entity.optionalValue(for: "zip", as: String.self) } == ["c", "f", nil, "k"])
        let streets = try Mapper.decodeArray(
            of: Address.self,
            from: .string(json.replacingOccurrences(of: #", "city": "h""#, with: #", "city": "h", "zip": "z""#)))
        #expect(streets.map(\.zip) == ["c", "f", "z", "k"])
    }

    @Test("arrays of the same property collected one after another keep only their own elements")
    func consecutiveArrays() async throws {
        // The collector of a closed array collects the next array of the same property: a
        // failed array must leave nothing behind, and a large one must not leak into a small one.
        func member(_ index: Int) -> String { #"{"street": "s\#(index)", "city": "c", "zip": "z\#(index)"}"# }
        let large = (0..<1_500).map(member).joined(separator: ",")
        let json = """
            [{"members": [\(member(1)), {"street": "x"}, \(member(2))], "codes": ["1", "2", "3"]},
             {"members": [\(member(3))], "codes": ["4"]},
             {"members": [\(large), {"street": "bad"}], "codes": ["5", "x"]},
             {"members": [\(large)], "codes": ["5"]},
             {"members": [], "codes": []},
             {"members": [\(member(4)), \(member(5))], "codes": ["6", "7"]}]
            """
        do {
            _ = try Mapper.decodeArray(of: Team.self, from: .string(json))
            Issue.record("the first and third teams fail")
        } catch let error as MappingError {
            #expect(
                error.failures.map(\.path.description) == [
                    "$[0].members[1].city", "$[0].members[1].zip", "$[2].members[1500].city",
                    "$[2].members[1500].zip", "$[2].codes[1]",
                ])
        }
        // The valid teams still reach a streaming consumer, each with only its own members.
        var delivered: [Team] = []
        #expect(throws: MappingError.self) {
            try Mapper.forEachElement(of: Team.self, from: .string(json)) { delivered.append($0) }
        }
        #expect(delivered.map(\.members.count) == [1, 1_500, 0, 2])
        #expect(delivered.map(\.codes) == [[4], [5], [], [6, 7]])
        let valid = json.replacingOccurrences(of: #"{"street": "x"}, "#, with: "")
            .replacingOccurrences(of: #", {"street": "bad"}"#, with: "")
            .replacingOccurrences(of: #""5", "x""#, with: #""5""#)
        let teams = try Mapper.decodeArray(of: Team.self, from: .string(valid))
        #expect(
            teams.map { $0.members.map(\.street) }.map { $0.count <= 2 ? $0 : [$0[0], $0[$0.count - 1]] } == [
                ["s1", "s2"], ["s3"], ["s0", "s1499"], ["s0", "s1499"], [], ["s4", "s5"],
            ])
        #expect(teams.map(\.members.count) == [2, 1, 1_500, 1_500, 0, 2])
        #expect(teams.map(\.codes) == [[1, 2, 3], [4], [5], [5], [], [6, 7]])
        for chunk in [1, 7] {
            var streamed: [Team] = []
            for try await team in Mapper.elements(of: Team.self, from: chunks(of: valid, size: chunk)) {
                streamed.append(team)
            }
            #expect(streamed == teams)
        }
    }
}

struct Point: Equatable {
    let x: Int
    let y: Int
}

/// Decodes a point through a nested schema mapping: its failures join the outer ones.
struct PointDecoder: ValueDecoder {
    func decode(_ value: JSONValue) throws -> Point {
        let entity = try Mapper.entity(
            fromValue: value,
            schema: MappingSchema {
                Property("x", .int)
                Property("y", .int)
            })
        return Point(x: try entity.value(for: "x"), y: try entity.value(for: "y"))
    }
}

/// Keeps the entity it was made from.
struct EntityKeeper: Mappable {
    static let schema = MappingSchema {
        Property("street", .string)
        Property("zip", .string, optional: true)
    }

    let entity: MappedEntity

    init(entity: MappedEntity) throws {
        self.entity = entity
    }
}

/// Two nested arrays, one of models and one of decoded values.
struct Team: Mappable, Equatable {
    static let schema = MappingSchema {
        Property("members", .array, mappedType: Address.self)
        Property("codes", .array, decoder: StringToIntDecoder())
    }

    let members: [Address]
    let codes: [Int]

    init(entity: MappedEntity) throws {
        members = try entity.models(for: "members")
        codes = try entity.value(for: "codes")
    }
}
