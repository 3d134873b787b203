import Foundation
import Sift
import SiftMapping
import Testing

struct User: KeyMapped, Equatable {
    var name = ""
    var age: Int?

    static let keyMap: [String: KeyMapping<User>] = [
        "user_name": KeyMapping(\.name),
        "age": KeyMapping(\.age) { (age: Int?) in
            if let age, age < 0 { throw ValueDecodingError("age \(age) is negative") }
            return age
        },
    ]
}

/// A base class whose table its subclasses extend.
class Media {
    var title = ""
    var tags: [String] = []

    required init() {}

    /// The base table, for any subclass.
    class func mediaKeyMap<Subclass: Media>(_ type: Subclass.Type) -> [String: KeyMapping<Subclass>] {
        ["title": KeyMapping(\Subclass.title), "tags": KeyMapping(\Subclass.tags)]
    }
}

final class Video: Media, KeyMapped {
    var duration = 0
    var uploader: User?

    static var keyMap: [String: KeyMapping<Video>] {
        mediaKeyMap(Video.self).merging([
            "duration_s": KeyMapping(\.duration),
            // A nested model built through validation.
            "uploader": KeyMapping(\.uploader) { (json: JSONValue) in try User(parsing: json) },
        ]) { $1 }
    }
}

/// A wrapper that extends the table of the type it holds.
struct RankedUser: KeyMapped, Equatable {
    var user = User()
    var rank = 0

    static var keyMap: [String: KeyMapping<RankedUser>] {
        User.keyMap.lifted(through: \.user).merging(["rank": KeyMapping(\.rank)]) { $1 }
    }
}

@Suite("Key-mapped models")
struct KeyMappedTests {
    @Test("mapped keys set properties, unmapped keys are ignored")
    func parsing() throws {
        let user = try User(parsing: json(#"{"user_name": "ada", "age": 36, "unmapped": [1, 2], "name": "ignored"}"#))
        #expect(user == User(name: "ada", age: 36))
        var existing = User(name: "kept", age: 1)
        try existing.parseValues(from: json(#"{"age": null}"#))
        #expect(existing == User(name: "kept", age: nil))
    }

    @Test("a subclass extends its base's table and builds a nested model through validation")
    func subclass() throws {
        let json =
            #"{"title": "Intro", "tags": ["a", "b"], "duration_s": 90, "uploader": {"user_name": "bob", "age": 20}, "views": 5}"#
        let video = try Video.decode(from: .string(json))
        #expect(video.title == "Intro")
        #expect(video.tags == ["a", "b"])
        #expect(video.duration == 90)
        #expect(video.uploader == User(name: "bob", age: 20))
    }

    @Test("a wrapper lifts the table of the type it holds")
    func wrapper() throws {
        let ranked = try RankedUser(parsing: json(#"{"user_name": "ada", "rank": 1}"#))
        #expect(ranked == RankedUser(user: User(name: "ada", age: nil), rank: 1))
    }

    @Test("every failing key is reported, nested ones with their full path")
    func failures() throws {
        let json = """
            {"videos": [
              {"title": "ok", "duration_s": 1},
              {"title": 3, "tags": ["a", 7], "duration_s": 1.5, "uploader": {"user_name": "x", "age": -4}},
              "nope"
            ]}
            """
        do {
            _ = try Video.decodeArray(from: .string(json), atKeyPath: "videos")
            Issue.record("elements fail")
        } catch let error as MappingError {
            let lines = error.description.split(separator: "\n").map(String.init).sorted()
            #expect(
                lines == [
                    #"$.videos[1].duration_s: wrong type: expected an integer (Int), found the number 1.5, which is not an integer"#,
                    #"$.videos[1].tags[1]: element 1 failed: wrong type: expected a string, found the number 7"#,
                    #"$.videos[1].title: wrong type: expected a string, found the number 3"#,
                    #"$.videos[1].uploader.age: decoder failed: age -4 is negative"#,
                    #"$.videos[2]: element 2 failed: wrong type: expected an object, found the string "nope" (line 4, column 3)"#,
                ])
        }
    }

    @Test("key-mapped models inside schemas")
    func insideSchema() throws {
        let schema = MappingSchema {
            Property("owner", .dictionary, decoder: KeyMappedDecoder<User>())
            Property("members", .array, decoder: KeyMappedDecoder<User>())
        }
        let entity = try Mapper.entity(
            from: .string(#"{"owner": {"user_name": "a"}, "members": [{"user_name": "b"}, {"age": 2}]}"#),
            schema: schema)
        #expect(try entity.value(for: "owner") as User == User(name: "a"))
        #expect(try entity.models(for: "members") as [User] == [User(name: "b"), User(name: "", age: 2)])
    }

    @Test("strict conversions of JSONValueDecodable types")
    func conversions() throws {
        #expect(try Int8(jsonValue: .number(JSONNumber(127))) == 127)
        #expect(throws: MappingError.self) { try Int8(jsonValue: .number(JSONNumber(128))) }
        #expect(try UInt64(jsonValue: .number(JSONNumber(UInt64.max))) == UInt64.max)
        #expect(throws: MappingError.self) { try UInt64(jsonValue: .number(JSONNumber(-1))) }
        #expect(try Int(jsonValue: .number(JSONNumber(text: "1e3")!)) == 1000)
        #expect(throws: MappingError.self) { try Int(jsonValue: .bool(true)) }
        #expect(throws: MappingError.self) { try Bool(jsonValue: .number(JSONNumber(1))) }
        #expect(try [String: [Int]](jsonValue: json(#"{"a": [1, 2]}"#)) == ["a": [1, 2]])
        #expect(try Set<String>(jsonValue: json(#"["x", "x"]"#)) == ["x"])
        #expect(try URL(jsonValue: .string("https://example.com")) == URL(string: "https://example.com"))
        do {
            _ = try [String: Int](jsonValue: json(#"{"a": 1, "b": "2"}"#))
            Issue.record("a string is not an integer")
        } catch let error as MappingError {
            #expect(error.description == #"$.b: wrong type: expected an integer (Int), found the string "2""#)
        }
    }
}
