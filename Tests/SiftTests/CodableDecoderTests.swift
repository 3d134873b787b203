import Foundation
import Testing

@testable import Sift

/// JSONValueDecoder against Foundation's JSONDecoder on the same JSON text: equal values, or
/// errors of the same kind at the same coding path.
@Suite("JSONValueDecoder matches JSONDecoder")
struct CodableDecoderTests {
    typealias Support = CodableTestSupport

    static let person = #"""
        {"name": "Ada", "age": 36, "email": null, "role": "admin", "level": 2,
         "address": {"street": "1 Analytical Way", "geo": {"lat": 51.5, "lng": -0.12}},
         "tags": ["math", "poetry"], "scores": {"a": 1, "b_c": 2}, "ranks": {"1": "first", "10": "tenth"},
         "grid": [[1, 2], [], [3]], "flags": [true, null, false],
         "shapes": [{"circle": {"radius": 1.5}}, {"rect": {"width": 2, "height": 3}}, {"point": {}}],
         "homepage": "https://example.com/ada?x=1"}
        """#

    /// The person document with `replacement` substituted for `original`.
    static func person(replacing original: String, with replacement: String) -> String {
        precondition(person.contains(original), "\(original) not in the template")
        return person.replacingOccurrences(of: original, with: replacement)
    }

    static let personVariants: [String] = [
        person,
        person(replacing: #""email": null"#, with: #""email": "ada@example.com""#),
        person(replacing: #""role": "admin", "level": 2"#, with: #""role": "admin""#),
        person(replacing: #""name": "Ada", "#, with: ""),
        person(replacing: #""name": "Ada""#, with: #""name": "Ada", "name": "Augusta""#),
        person(replacing: #""age": 36"#, with: #""age": "36""#),
        person(replacing: #""age": 36"#, with: #""age": null"#),
        person(replacing: #""age": 36"#, with: #""age": true"#),
        person(replacing: #""age": 36"#, with: #""age": 36.0"#),
        person(replacing: #""role": "admin""#, with: #""role": "owner""#),
        person(replacing: #""role": "admin""#, with: #""role": null"#),
        person(replacing: #""level": 2"#, with: #""level": 3"#),
        person(replacing: #""level": 2"#, with: #""level": null"#),
        person(replacing: #""lat": 51.5, "#, with: ""),
        person(replacing: #""lng": -0.12"#, with: #""lng": "west""#),
        person(replacing: #""geo": {"lat": 51.5, "lng": -0.12}"#, with: #""geo": null"#),
        person(replacing: #""geo": {"lat": 51.5, "lng": -0.12}"#, with: #""geo": [51.5, -0.12]"#),
        person(replacing: #"["math", "poetry"]"#, with: #"["math", 7]"#),
        person(replacing: #"["math", "poetry"]"#, with: #"["math", null]"#),
        person(replacing: #"["math", "poetry"]"#, with: #"{"0": "math"}"#),
        person(replacing: #""b_c": 2"#, with: #""b_c": "two""#),
        person(replacing: #""10": "tenth""#, with: #""ten": "tenth""#),
        person(replacing: #""ranks": {"1": "first", "10": "tenth"}"#, with: #""ranks": ["1", "first"]"#),
        person(replacing: "[[1, 2], [], [3]]", with: "[[1, 2], [], [3, \"x\"]]"),
        person(replacing: "[[1, 2], [], [3]]", with: "[[1, 2], null]"),
        person(replacing: "[true, null, false]", with: "[true, null, 0]"),
        person(replacing: #"{"circle": {"radius": 1.5}}"#, with: #"{"circle": {"radius": "big"}}"#),
        person(replacing: #"{"circle": {"radius": 1.5}}"#, with: #"{"square": {}}"#),
        person(replacing: #"{"circle": {"radius": 1.5}}"#, with: #"{"circle": {"radius": 1}, "point": {}}"#),
        person(replacing: #""https://example.com/ada?x=1""#, with: "null"),
        person(replacing: #""https://example.com/ada?x=1""#, with: "42"),
        person(replacing: #""https://example.com/ada?x=1""#, with: #""relative/path""#),
        "[]",
        "null",
        "\"Ada\"",
    ]

    @Test("Person documents", arguments: personVariants)
    func personDocuments(json: String) throws {
        let (sift, foundation) = try Support.outcomes(Person.self, json)
        #expect(sift == foundation)
    }

    @Test("Optionals and nulls", arguments: ["[1, null, 3]", "[]", "[null]", "null", "[true]", "{}"])
    func optionalElements(json: String) throws {
        let (sift, foundation) = try Support.outcomes([Int?].self, json)
        #expect(sift == foundation)
        let (siftNested, foundationNested) = try Support.outcomes([[String?]?].self, "[\(json)]")
        #expect(siftNested == foundationNested)
    }

    @Test("Top-level optional") func topLevelOptional() throws {
        for json in ["null", "5", "\"5\""] {
            let (sift, foundation) = try Support.outcomes(Int?.self, json)
            #expect(sift == foundation, "\(json)")
        }
    }

    @Test(
        "Keyed container answers: allKeys, contains, decodeNil, duplicate keys",
        arguments: [#"{"a": null, "b": 1, "c": 2}"#, #"{"a": 3, "b": null, "a": null}"#, #"{"b": 1}"#, #"{"a": 1}"#])
    func keyedContainerAnswers(json: String) throws {
        let (sift, foundation) = try Support.outcomes(KeyProbe.self, json)
        #expect(sift == foundation)
    }

    @Test("Large objects use the first of duplicate keys", arguments: [20, 5])
    func largeObjects(count: Int) throws {
        var members = (0..<count).map { #""k\#($0)": \#($0)"# }
        members.append(#""k3": -1"#)
        let json = "{" + members.joined(separator: ", ") + "}"
        let (sift, foundation) = try Support.outcomes([String: Int].self, json)
        #expect(sift == foundation)
        #expect(sift == .value(Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", $0) })))
    }

    /// Objects past the size where keyed containers index their keys, read key by key: the
    /// first of duplicate keys, missing keys, and keys converted from snake case, before and
    /// after the index is built.
    @Test("Keyed lookups in large objects", arguments: [40, 33, 12])
    func keyedLookupsInLargeObjects(count: Int) throws {
        var members = (0..<count).map { #""k\#($0)": \#($0)"# }
        members.append(#""k3": -1"#)
        members.append(#""k_7": 77"#)
        let json = "{" + members.joined(separator: ", ") + "}"
        let (sift, foundation) = try Support.outcomes(WideObjectProbe.self, json)
        #expect(sift == foundation)
        let expected = WideObjectProbe.lookups.map { key -> Int? in
            if key == "k_7" { return 77 }
            guard let number = Int(key.dropFirst()), number < count else { return nil }
            return number
        }
        #expect(sift == .value(try JSONValueDecoder().decode(WideObjectProbe.self, from: Support.parse(json))))
        if case .value(let probe) = sift { #expect(probe.values == expected) }

        var snake = JSONValueDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let foundationSnake = JSONDecoder()
        foundationSnake.keyDecodingStrategy = .convertFromSnakeCase
        let converted = try Support.outcomes(WideObjectProbe.self, json, sift: snake, foundation: foundationSnake)
        #expect(converted.sift == converted.foundation)
    }

    static let polylines: [String] = [
        #"[[[1, 2], [3, 4]], {"label": "route"}, {"lat": 1, "lng": 2}]"#,
        #"[[[1, 2], [3, 4]], {"label": "route"}]"#,
        #"[[[1, 2], [3, 4]]]"#,
        #"[[[1, 2], 3], {"label": "route"}, {"lat": 1, "lng": 2}]"#,
        #"[[[1, 2]], ["route"], {"lat": 1, "lng": 2}]"#,
        #"[[[1, 2]], null, {"lat": 1, "lng": 2}]"#,
        #"[null]"#,
        #"[]"#,
        #"{"points": []}"#,
    ]

    @Test("Nested unkeyed containers and superDecoder() of an unkeyed container", arguments: polylines)
    func nestedUnkeyed(json: String) throws {
        let (sift, foundation) = try Support.outcomes(Polyline.self, json)
        #expect(sift == foundation)
    }

    static let dogs: [String] = [
        #"{"breed": "lab", "goodBoy": true, "super": {"name": "Rex", "legs": 4}}"#,
        #"{"breed": "lab", "super": {"name": "Rex", "legs": 4}}"#,
        #"{"breed": "lab", "goodBoy": null, "super": {"name": "Rex", "legs": 4}}"#,
        #"{"breed": "lab", "goodBoy": "yes", "super": {"name": "Rex", "legs": 4}}"#,
        #"{"breed": "lab", "goodBoy": true}"#,
        #"{"breed": "lab", "super": {"name": "Rex", "legs": 4.5}}"#,
        #"{"breed": "lab", "super": {"name": "Rex", "legs": 4.0}}"#,
        #"{"breed": "lab", "super": [1]}"#,
    ]

    @Test("Class inheritance through superDecoder()", arguments: dogs)
    func inheritance(json: String) throws {
        let value = try Support.parse(json)
        let sift = Support.Outcome<Animal> { try JSONValueDecoder().decode(Dog.self, from: value) }
        let foundation = Support.Outcome<Animal> { try JSONDecoder().decode(Dog.self, from: Data(json.utf8)) }
        #expect(sift.matches(foundation: foundation), "\(sift) vs \(foundation)")
    }

    @Test(
        "superDecoder(forKey:)",
        arguments: [
            #"{"size": 3, "owner": {"lat": 1, "lng": 2}}"#, #"{"size": 3}"#, #"{"size": 3, "owner": 5}"#,
        ])
    func superDecoderForKey(json: String) throws {
        let (sift, foundation) = try Support.outcomes(Kennel.self, json)
        #expect(sift == foundation)
    }

    @Test(
        "Dictionaries keyed by String and by Int",
        arguments: [
            #"{"1": 1, "-2": 2, "300": 3}"#, #"{"1": 1, "one": 2}"#, #"{}"#, #"{"1": null}"#, #"{"01": 5}"#,
        ])
    func dictionaries(json: String) throws {
        let (siftInt, foundationInt) = try Support.outcomes([Int: Int].self, json)
        #expect(siftInt == foundationInt)
        let (siftString, foundationString) = try Support.outcomes([String: Int?].self, json)
        #expect(siftString == foundationString)
    }

    @Test("Enums with raw values", arguments: ["1", "2", "3", "\"1\"", "null"])
    func rawValueEnums(json: String) throws {
        let (sift, foundation) = try Support.outcomes(Level.self, json)
        #expect(sift == foundation)
    }

    @Test("userInfo reaches init(from:)") func userInfo() throws {
        struct Versioned: Decodable {
            var version: Int?
            init(from decoder: any Decoder) throws {
                version = decoder.userInfo[CodingUserInfoKey(rawValue: "version")!] as? Int
            }
        }
        var decoder = JSONValueDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "version")!] = 7
        #expect(try decoder.decode(Versioned.self, from: .null).version == 7)
    }

    @Test("A coding path to start from") func startingCodingPath() throws {
        struct PathProbe: Decodable {
            var path: [String]
            init(from decoder: any Decoder) throws {
                path = decoder.codingPath.map(\.stringValue)
            }
        }
        let start: [any CodingKey] = [JSONCodingKey(stringValue: "items"), JSONCodingKey(index: 2)]
        let probe = try JSONValueDecoder().decode(PathProbe.self, from: .null, codingPath: start)
        #expect(probe.path == ["items", "Index 2"])

        let value = try Support.parse(#"{"lat": 1}"#)
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Geo.self, from: value, codingPath: start)
        }
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("expected keyNotFound, got \(error)")
            return
        }
        #expect(key.stringValue == "lng")
        #expect(context.codingPath.map(Support.PathKey.init) == start.map(Support.PathKey.init))
    }

    @Test("Error messages read like JSONDecoder's") func messages() throws {
        func message(_ json: String, _ type: (some Decodable).Type) throws -> String {
            let error = try #require(throws: DecodingError.self) {
                try JSONValueDecoder().decode(type, from: try Support.parse(json))
            }
            return Support.describe(error).1.debugDescription
        }
        #expect(try message("\"x\"", Int.self) == "Expected to decode Int but found a string instead.")
        #expect(try message("null", String.self) == "Cannot get value of type String -- found null value instead")
        #expect(try message("[]", Geo.self) == "Expected to decode Dictionary<String, Any> but found an array instead.")
        #expect(try message("{}", [Int].self) == "Expected to decode Array<Any> but found a dictionary instead.")
        #expect(try message("null", Geo.self) == "Cannot get keyed decoding container -- found null value instead")
        #expect(
            try message("{\"lat\": 1}", Geo.self)
                == #"No value associated with key CodingKeys(stringValue: "lng", intValue: nil) ("lng")."#)
        #expect(try message("300", Int8.self) == "Number 300 is not representable in Int8.")
        #expect(try message("1.5", Int.self) == "Number 1.5 is not representable in Int.")
        #expect(try message("\"*\"", Data.self) == "Encountered Data is not valid Base64.")
    }
}
