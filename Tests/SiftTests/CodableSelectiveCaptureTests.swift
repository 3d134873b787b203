import Foundation
import Testing

@testable import Sift

/// Codable destinations capture only what their type reads (``CaptureProfile``): every element
/// must still decode exactly as it does from the whole element, value or error, however the
/// input is split, whichever members a type asks for, and whenever it starts asking for new ones.
@Suite("Selective capture for Codable destinations")
struct CodableSelectiveCaptureTests {
    typealias Support = CodableTestSupport
    typealias Outcome<T: Equatable> = Support.Detailed<[T]>

    static let chunkSizes = [0, 1, 2, 3, 5, 7, 16, 64]

    /// The engine's results for `path` decoded as `T`, the input fed in chunks of `chunkSize`
    /// bytes (0: whole), and how many elements left members out and were decoded again.
    static func engine<T: Decodable & Equatable & SendableMetatype>(
        _ type: T.Type, _ json: String, path: String = "$.items[*]", chunkSize: Int,
        decoder: JSONValueDecoder = JSONValueDecoder(), options: JSONParserOptions = JSONParserOptions(),
        alsoMatching extra: String? = nil
    ) throws -> (outcome: Outcome<T>, leftOut: Int, misses: Int) {
        let bytes = Array(json.utf8)
        var query = JSONQuery(options: options)
        let handle = query.addCollecting(try JSONPath(path).decoded(type, decoder: decoder))
        if let extra { query.add(try JSONPath(extra).value) }
        let tokenizer = JSONTokenizer(options: options, handler: query.makeMatcher())
        let outcome = Outcome<T> {
            do {
                try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
            } catch let error as JSONParseError {
                // A decoding error stops the parse as the consumer's error.
                if let decoding = error.underlyingError as? DecodingError { throw decoding }
                throw error
            }
            return JSONQueryResults(slots: tokenizer.handler.receiver.slots)[handle]
        }
        let counts = tokenizer.handler.diagnostics
        return (outcome, counts.leftOutCaptures, counts.captureMisses)
    }

    /// What the elements give decoded one by one from whole values, up to the first error.
    static func reference<T: Decodable & Equatable>(
        _ type: T.Type, _ json: String, path: String = "$.items[*]", decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> Outcome<T> {
        var query = JSONQuery(options: options)
        var elements: [(JSONValue, JSONNodePath, Sift.SourceLocation)] = []
        query.add(try JSONPath(path).value) { match in elements.append((match.value, match.path, match.location)) }
        try query.run(.string(json))
        return Outcome {
            try elements.map { value, path, location in
                try decoder.decode(type, from: value, at: path, location: location)
            }
        }
    }

    /// Checks every chunk size against the reference; returns the whole-input counts.
    @discardableResult
    static func check<T: Decodable & Equatable & SendableMetatype>(
        _ type: T.Type, _ json: String, path: String = "$.items[*]", decoder: JSONValueDecoder = JSONValueDecoder(),
        options: JSONParserOptions = JSONParserOptions(), alsoMatching extra: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> (leftOut: Int, misses: Int) {
        let expected = try reference(type, json, path: path, decoder: decoder, options: options)
        var counts = (leftOut: 0, misses: 0)
        for chunkSize in chunkSizes {
            let run = try engine(
                type, json, path: path, chunkSize: chunkSize, decoder: decoder, options: options, alsoMatching: extra)
            #expect(run.outcome == expected, "chunks of \(chunkSize)", sourceLocation: sourceLocation)
            if chunkSize == 0 { counts = (run.leftOut, run.misses) }
        }
        return counts
    }

    // MARK: - Models

    struct Person: Decodable, Equatable {
        struct Address: Decodable, Equatable {
            var city: String
            var zip: String?
        }

        var id: Int
        var name: String
        var address: Address
        var tags: [String]
        var nickname: String?
    }

    static let people = """
        {"meta": {"count": 4}, "items": [
          {"id": 1, "name": "Ada", "bio": {"long": [1, 2, {"x": "y"}], "text": "…"}, "address": {"street": "1 Main",
           "city": "London", "geo": [51.5, -0.1], "zip": "N1"}, "tags": ["a"], "score": 3.5, "friends": [{"id": 2}]},
          {"friends": [], "id": 2, "address": {"city": "Paris", "extra": {"deep": {"deeper": [[], {}]}}},
           "name": "Bob", "tags": [], "nickname": "B", "junk": null},
          {"id": 3, "name": "Cy", "address": {"city": "Rome", "zip": null}, "tags": ["x", "y"], "unread": true},
          {"name": "Di", "id": 4, "tags": ["z"], "address": {"zip": "9", "city": "Oslo", "zip": "10"},
           "nickname": "D", "more": "text with \\"quotes\\" and \\\\ and é"}
        ]}
        """

    // MARK: - Tests

    @Test("Members a type never reads are left out, and the values are those of whole elements")
    func leavesOutWhatIsNotRead() throws {
        let counts = try Self.check(Person.self, Self.people)
        #expect(counts.leftOut == 3)
        #expect(counts.misses == 0)
    }

    @Test("A path that enters the elements sees everything, and the capture still leaves members out")
    func anotherPathInside() throws {
        let counts = try Self.check(Person.self, Self.people, alsoMatching: "$.items[*].bio")
        #expect(counts.leftOut == 3)
        // A second destination on the same elements: two destinations share one capture, whole.
        let both = """
            {"items": [{"id": 1, "name": "a", "address": {"city": "c"}, "tags": [], "x": [1]}]}
            """
        try Self.check(Person.self, both, alsoMatching: "$.items[*]")
    }

    struct Place: Decodable, Equatable {
        var name: String
        var country: String?
    }

    struct Checkin: Decodable, Equatable {
        struct Photo: Decodable, Equatable {
            var url: String
            var width: Int
        }

        var id: Int
        var place: Place?
        var photos: [Photo]
        var lang: String?
    }

    @Test("Members first met after the first element are read in full and learned")
    func membersMetLater() throws {
        let json = """
            {"items": [
              {"id": 1, "photos": [], "noise": [1, 2, 3]},
              {"id": 2, "place": {"name": "Café", "id": "p1", "country": "FR", "bbox": [1, 2, 3, 4]},
               "photos": [{"url": "u1", "width": 10, "height": 20, "exif": {"iso": 100}}], "lang": "fr"},
              {"id": 3, "place": {"name": "Bar", "geo": {"lat": 1}}, "photos": [{"height": 1, "width": 5, "url": "u2"},
               {"url": "u3", "width": 6, "tags": ["t"]}], "noise": {"a": [{}]}},
              {"id": 4, "photos": [{"url": "u4", "width": 7}], "lang": null, "place": null}
            ]}
            """
        let counts = try Self.check(Checkin.self, json)
        // Only the third element has members the profile knows to leave out: the second's place
        // and photos were new, so they were captured whole.
        #expect(counts.leftOut == 1)
        #expect(counts.misses == 0)
    }

    enum Shape: Decodable, Equatable {
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case label(text: String, size: Int?)

        enum CodingKeys: String, CodingKey { case type, radius, width, height, text, size }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .type) {
            case "circle": self = .circle(radius: try container.decode(Double.self, forKey: .radius))
            case "rectangle":
                self = .rectangle(
                    width: try container.decode(Double.self, forKey: .width),
                    height: try container.decode(Double.self, forKey: .height))
            default:
                self = .label(
                    text: try container.decode(String.self, forKey: .text),
                    size: try container.decodeIfPresent(Int.self, forKey: .size))
            }
        }
    }

    static let shapes = """
        {"items": [
          {"type": "circle", "radius": 1.5, "color": "red", "width": 99},
          {"type": "circle", "radius": 2, "color": "blue"},
          {"type": "rectangle", "width": 3, "height": 4, "color": {"r": 1}},
          {"type": "label", "text": "hi", "size": 12, "font": ["a", "b"]},
          {"type": "rectangle", "height": 6, "width": 5},
          {"type": "label", "text": "no size", "color": null},
          {"type": "circle", "radius": 7}
        ]}
        """

    @Test("A variant that reads other members is decoded again from its text, then learned")
    func variantsReadingOtherMembers() throws {
        let counts = try Self.check(Shape.self, Self.shapes)
        // The first rectangle and the first label: the circles never asked for their members.
        #expect(counts.misses == 2)
    }

    struct Drawing: Decodable, Equatable {
        var id: Int
        var main: Shape
        var layers: [Shape]
    }

    @Test("Variants met deep inside an element, in a member or in an array, are decoded again too")
    func nestedVariants() throws {
        let json = """
            {"items": [
              {"id": 1, "main": {"type": "circle", "radius": 1, "z": 0}, "layers": [{"type": "circle", "radius": 2}]},
              {"id": 2, "main": {"type": "circle", "radius": 3, "z": [1]}, "layers": [{"type": "rectangle",
               "width": 1, "height": 2, "z": {}}], "note": "x"},
              {"id": 3, "main": {"type": "label", "text": "t", "z": 1}, "layers": []},
              {"id": 4, "main": {"type": "rectangle", "width": 4, "height": 5}, "layers": [{"type": "label",
               "text": "u", "size": 2, "z": null}, {"type": "circle", "radius": 6, "z": true}]}
            ]}
            """
        let counts = try Self.check(Drawing.self, json)
        // `main` and the layers' elements are places of their own: the second element misses in
        // its layers (rectangle), the third in its main (label), the fourth in both at once
        // (rectangle in main, label in layers), and one decode from its text learns both.
        #expect(counts.misses == 3)
    }

    struct Lenient: Decodable, Equatable {
        var id: Int
        var special: Int?

        enum CodingKeys: String, CodingKey { case id, kind, special }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            // Only some elements are asked for `special`, and a missing one is swallowed.
            if (try? container.decode(String.self, forKey: .kind)) == "special" {
                special = (try? container.decode(Int.self, forKey: .special)) ?? -1
            }
        }
    }

    @Test("A member left out cannot be hidden by a type that swallows the error")
    func swallowedMissesAreStillDecodedAgain() throws {
        let json = """
            {"items": [{"id": 1, "kind": "plain", "special": 5}, {"id": 2, "kind": "plain", "special": 6},
                       {"id": 3, "kind": "special", "special": 7}, {"id": 4, "kind": "special", "special": 8},
                       {"id": 5, "kind": "special"}]}
            """
        let counts = try Self.check(Lenient.self, json)
        #expect(counts.misses == 1)
        let run = try Self.engine(Lenient.self, json, chunkSize: 1)
        guard case .value(let values) = run.outcome else {
            Issue.record("\(run.outcome)")
            return
        }
        #expect(values.map(\.special) == [nil, nil, 7, 8, -1])
    }

    struct Enumerating: Decodable, Equatable {
        var id: Int
        var counts: [String: Int]
        var attributes: [String]
        var raw: JSONValue?

        enum CodingKeys: String, CodingKey { case id, counts, attributes, raw }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            counts = try container.decode([String: Int].self, forKey: .counts)
            let attributes = try container.nestedContainer(keyedBy: JSONCodingKey.self, forKey: .attributes)
            self.attributes = attributes.allKeys.map(\.stringValue).sorted()
            raw = try container.decodeIfPresent(JSONValue.self, forKey: .raw)
        }
    }

    @Test("Objects whose members a type enumerates are captured whole")
    func enumeratedMembers() throws {
        let json = """
            {"items": [
              {"id": 1, "counts": {"a": 1}, "attributes": {"x": 1, "y": {"z": 2}}, "skip": [1], "raw": {"q": [1, {}]}},
              {"id": 2, "counts": {"b": 2, "c": 3}, "attributes": {}, "skip": {"deep": 1}},
              {"skip": 0, "id": 3, "counts": {}, "attributes": {"w": null, "v": [1, 2]}, "raw": [1, "two", null]}
            ]}
            """
        let counts = try Self.check(Enumerating.self, json)
        #expect(counts.leftOut == 2)
        #expect(counts.misses == 0)
    }

    /// A member read by name in one element and whole, as a `JSONValue`, in another.
    struct Either: Decodable, Equatable {
        struct Typed: Decodable, Equatable { var a: Int }

        var typed: Typed?
        var raw: JSONValue?

        enum CodingKeys: String, CodingKey { case kind, payload }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if try container.decode(String.self, forKey: .kind) == "typed" {
                typed = try container.decode(Typed.self, forKey: .payload)
            } else {
                raw = try container.decode(JSONValue.self, forKey: .payload)
            }
        }
    }

    @Test("A value read whole after its members were read by name is decoded again, whole, with every duplicate")
    func wholeValuesAfterNamedMembers() throws {
        let json = """
            {"items": [
              {"kind": "typed", "payload": {"a": 1, "b": {"deep": [1, 2.50]}}},
              {"kind": "raw", "payload": {"a": 2, "b": {"deep": [3, 4.0e1]}, "a": 5}},
              {"kind": "typed", "payload": {"b": [], "a": 6}},
              {"kind": "raw", "payload": [{"a": 7, "c": null}, 1.10]}
            ]}
            """
        let counts = try Self.check(Either.self, json)
        #expect(counts.misses == 1)
        let values = try JSONInput.string(json).decodeValues(at: "$.items[*]", as: Either.self)
        // The value whole: both members named `a`, numbers as written.
        #expect(values[1].raw?.description == #"{"a":2,"b":{"deep":[3,4.0e1]},"a":5}"#)
        #expect(values[3].raw?.description == #"[{"a":7,"c":null},1.10]"#)
    }

    @Test("A later element that fails reports the same error as a whole element would")
    func errorsInLaterElements() throws {
        let wrongType = """
            {"items": [{"id": 1, "name": "a", "address": {"city": "c"}, "tags": [], "x": 1},
                       {"id": 2, "name": "b", "address": {"city": 5, "other": [1]}, "tags": [], "x": {"y": 2}}]}
            """
        try Self.check(Person.self, wrongType)
        let missing = """
            {"items": [{"id": 1, "name": "a", "address": {"city": "c"}, "tags": [], "x": 1},
                       {"id": 2, "address": {"city": "d"}, "tags": ["t"], "x": [{"y": 2}]}]}
            """
        try Self.check(Person.self, missing)
        let afterMiss = """
            {"items": [{"type": "circle", "radius": 1, "w": 1}, {"type": "label", "size": 3, "extra": [1]}]}
            """
        let counts = try Self.check(Shape.self, afterMiss)
        #expect(counts.misses == 1)
    }

    @Test("Keys converted by a strategy are not names the capture knows: elements are captured whole")
    func keyStrategiesCaptureWhole() throws {
        struct Snake: Decodable, Equatable {
            var userName: String
            var followersCount: Int
        }
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = """
            {"items": [{"user_name": "a", "followers_count": 1, "skip": [1]},
                       {"followers_count": 2, "user_name": "b", "skip": {"x": 1}}]}
            """
        let counts = try Self.check(Snake.self, json, decoder: decoder)
        #expect(counts.leftOut == 0)
    }

    class Base: Decodable, Equatable {
        var id: Int
        enum CodingKeys: String, CodingKey { case id }
        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
        }
        static func == (lhs: Base, rhs: Base) -> Bool { lhs.isEqual(to: rhs) }
        func isEqual(to other: Base) -> Bool { id == other.id && type(of: self) == type(of: other) }
    }

    final class Derived: Base, @unchecked Sendable {
        var label: String
        var parent: Int?
        enum DerivedKeys: String, CodingKey { case label, base }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: DerivedKeys.self)
            label = try container.decode(String.self, forKey: .label)
            let base = try container.superDecoder(forKey: .base)
            parent = try base.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .id)
            try super.init(from: decoder)
        }
        override func isEqual(to other: Base) -> Bool {
            guard let other = other as? Derived else { return false }
            return super.isEqual(to: other) && label == other.label && parent == other.parent
        }
    }

    @Test("Super decoders and nested containers follow the profile too")
    func superDecodersAndNestedContainers() throws {
        let json = """
            {"items": [{"id": 1, "label": "a", "base": {"id": 10, "x": [1]}, "noise": 1},
                       {"label": "b", "id": 2, "noise": [2], "base": {"y": {}, "id": 20}},
                       {"id": 3, "label": "c"}]}
            """
        let counts = try Self.check(Derived.self, json)
        #expect(counts.leftOut == 1)

        struct Matrix: Decodable, Equatable {
            var rows: [[Int]]
            var corner: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: JSONCodingKey.self)
                rows = try container.decode([[Int]].self, forKey: JSONCodingKey(stringValue: "rows"))
                var first = try container.nestedUnkeyedContainer(forKey: JSONCodingKey(stringValue: "rows"))
                var row = try first.nestedUnkeyedContainer()
                corner = try row.decode(Int.self)
            }
        }
        let matrices = """
            {"items": [{"rows": [[1, 2], [3]], "label": {"a": 1}}, {"label": [], "rows": [[4], []]}]}
            """
        try Self.check(Matrix.self, matrices)
    }

    @Test("Elements that are arrays, and deeper paths")
    func arrayElementsAndDeeperPaths() throws {
        struct Pair: Decodable, Equatable {
            var name: String
            var value: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                name = try container.decode(String.self)
                value = try container.decode(Int.self)
            }
        }
        let pairs = #"{"items": [["a", 1, {"x": 1}], ["b", 2], ["c", 3, [4, 5]]]}"#
        try Self.check(Pair.self, pairs)
        let nested = """
            {"groups": [{"members": [{"id": 1, "name": "a", "address": {"city": "c"}, "tags": [], "z": 1}]},
                        {"members": [{"id": 2, "name": "b", "address": {"city": "d", "q": 1}, "tags": ["t"]},
                                     {"id": 3, "name": "e", "address": {"city": "f"}, "tags": [], "z": [1]}]}]}
            """
        let counts = try Self.check(Person.self, nested, path: "$.groups[*].members[*]")
        #expect(counts.leftOut == 2)
    }

    @Test("A decoded element again from its text keeps comments and duplicates as they were")
    func commentsAndDuplicates() throws {
        var options = JSONParserOptions()
        options.allowsComments = true
        let json = """
            {"items": [ // shapes
              {"type": "circle", /* r */ "radius": 1},
              {"type": /* which */ "rectangle", "width": 2, "width": 9, "height": 3 // tall
              },
              {"type": "label", "text": "a", "text": "b"}
            ]}
            """
        let counts = try Self.check(Shape.self, json, options: options)
        #expect(counts.misses == 2)
    }

    @Test("A type that asks for different names in every element stops the profile, not the decoding")
    func tooManyMissesCaptureWhole() throws {
        struct Dynamic: Decodable, Equatable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: JSONCodingKey.self)
                let name = try container.decode(String.self, forKey: JSONCodingKey(stringValue: "key"))
                value = try container.decode(Int.self, forKey: JSONCodingKey(stringValue: name))
            }
        }
        let elements = (0..<40).map { #"{"key": "k\#($0)", "k\#($0)": \#($0), "other": [\#($0)]}"# }
        let json = #"{"items": ["# + elements.joined(separator: ",") + "]}"
        let counts = try Self.check(Dynamic.self, json)
        #expect(counts.misses == CaptureProfile.missLimit + 1)
    }
}
