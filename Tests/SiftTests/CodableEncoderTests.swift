import Foundation
import Testing

@testable import Sift

/// JSONValueEncoder: round trips through JSONValueDecoder, and the same JSON as JSONEncoder.
@Suite("JSONValueEncoder")
struct CodableEncoderTests {
    typealias Support = CodableTestSupport

    static let ada = Person(
        name: "Ada", age: 36, email: nil, role: .admin, level: .high,
        address: Address(street: "1 Analytical Way", zip: "N1", geo: Geo(lat: 51.5, lng: -0.12)),
        tags: ["math", "poetry"], scores: ["a": 1, "b_c": 2], ranks: [1: "first", 10: "tenth"],
        grid: [[1, 2], [], [3]], flags: [true, nil, false],
        shapes: [.circle(radius: 1.5), .rect(width: 2, height: 3), .point],
        homepage: URL(string: "https://example.com/ada?x=1"))

    static let extremes = Numbers(
        int8: .min, uint8: .max, int16: .min, uint16: .max, int32: .min, uint32: .max, int64: .min,
        uint64: .max, int: .max, uint: .max, float: 0.1, double: 2.2250738585072014e-308,
        decimal: Decimal(string: "12345678901234567890.123456789")!)

    static let polyline = Polyline(points: [[1, 2], [3, 4]], label: "route", origin: Geo(lat: 1, lng: 2))

    /// Encodes with both encoders, checks the JSON is the same, decodes Sift's value back.
    func roundTrip<T: Codable & Equatable>(
        _ value: T, sift: JSONValueEncoder = JSONValueEncoder(), foundation: JSONEncoder = JSONEncoder(),
        decoder: JSONValueDecoder = JSONValueDecoder(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let encoded = try sift.encode(value)
        let expected = try Support.foundationJSON(value, foundation)
        #expect(Support.equivalent(encoded, expected), "\(encoded) vs \(expected)", sourceLocation: sourceLocation)
        let decoded = try decoder.decode(T.self, from: encoded)
        #expect(decoded == value, sourceLocation: sourceLocation)
    }

    @Test("Round trips equal to JSONEncoder's output") func roundTrips() throws {
        try roundTrip(Self.ada)
        try roundTrip(Self.extremes)
        try roundTrip(Self.polyline)
        try roundTrip(Kennel(size: 3, owner: Geo(lat: -1, lng: 0)))
        try roundTrip([Shape.point, .circle(radius: 0)])
        try roundTrip([String: [Int?]](uniqueKeysWithValues: [("x", [1, nil]), ("y", [])]))
        try roundTrip([1: "a", -2: "b"] as [Int: String])
        try roundTrip(Blob(bytes: Data([0, 1, 2, 255])))
        try roundTrip(Decimal(string: "-1.50")!)
        try roundTrip([URL(string: "https://example.com/a%20b")!])
        try roundTrip(Optional<Int>.none)
        try roundTrip(Int128.min)
        try roundTrip(UInt128.max)
        try roundTrip("")
    }

    @Test("Class inheritance through superEncoder()") func inheritance() throws {
        let dog = Dog(name: "Rex", legs: 4, breed: "lab", goodBoy: true)
        let encoded = try JSONValueEncoder().encode(dog)
        #expect(Support.equivalent(encoded, try Support.foundationJSON(dog)))
        let decoded: Animal = try JSONValueDecoder().decode(Dog.self, from: encoded)
        #expect(decoded == dog)
    }

    @Test("Members come in the order the type encodes them") func memberOrder() throws {
        guard case .object(let object) = try JSONValueEncoder().encode(Self.ada) else {
            Issue.record("not an object")
            return
        }
        #expect(
            object.members.map(\.key) == [
                "name", "age", "role", "level", "address", "tags", "scores", "ranks", "grid", "flags", "shapes",
                "homepage",
            ])
        guard case .object(let address) = object["address"] else {
            Issue.record("no address")
            return
        }
        #expect(address.members.map(\.key) == ["street", "zip", "geo"])
    }

    @Test("sortedKeys orders every object as JSONEncoder does") func sortedKeys() throws {
        var sift = JSONValueEncoder()
        sift.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let keys = ["b", "a10", "a2", "B", "_x", "é", "z", "A", "aB", "ab", ""]
        let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        let person = try sift.encode(Self.ada)
        #expect(
            Support.equivalent(person, try Support.foundationJSON(Self.ada, foundation), orderedKeys: true), "\(person)"
        )
        let sorted = try sift.encode(dictionary)
        #expect(
            Support.equivalent(sorted, try Support.foundationJSON(dictionary, foundation), orderedKeys: true),
            "\(sorted)")
        guard case .object(let object) = sorted else { return }
        #expect(object.members.map(\.key) == ["", "A", "B", "_x", "a10", "a2", "aB", "ab", "b", "z", "é"])
    }

    @Test("Float keeps its own shortest text; Double is JSONNumber(Double)") func floatingPoint() throws {
        let encoder = JSONValueEncoder()
        func text(_ value: some Encodable) throws -> String? {
            guard case .number(let number) = try encoder.encode(value) else { return nil }
            return number.text
        }
        #expect(try text(Float(0.1)) == "0.1")
        #expect(try text(Float(1e30)) == "1e+30")
        #expect(try text(Float.leastNonzeroMagnitude) == "1e-45")
        #expect(try text(0.1) == JSONNumber(0.1 as Double)!.text)
        #expect(try text(2.0) == JSONNumber(2.0 as Double)!.text)
        #expect(try text(1e300) == JSONNumber(1e300 as Double)!.text)
        let floats: [Float] = [0.1, 1.0 / 3, .greatestFiniteMagnitude, -.leastNormalMagnitude, 16_777_216]
        try roundTrip(floats)
        let doubles: [Double] = [0.1, 1.0 / 3, .greatestFiniteMagnitude, .leastNonzeroMagnitude, -0.0, 1e21]
        try roundTrip(doubles)
    }

    @Test("Infinities and NaN", arguments: [Double.infinity, -.infinity, .nan])
    func nonConforming(value: Double) throws {
        struct Box: Encodable {
            var values: [Double]
            var single: Float
        }
        let box = Box(values: [1, value], single: Float(value))
        let error = try #require(throws: EncodingError.self) { try JSONValueEncoder().encode(box) }
        let foundationError = try #require(throws: EncodingError.self) { try JSONEncoder().encode(box) }
        guard case .invalidValue(_, let context) = error, case .invalidValue(_, let foundationContext) = foundationError
        else {
            Issue.record("\(error)")
            return
        }
        #expect(context.codingPath.map(Support.PathKey.init) == foundationContext.codingPath.map(Support.PathKey.init))
        #expect(context.debugDescription == foundationContext.debugDescription)

        var sift = JSONValueEncoder()
        sift.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        let foundation = JSONEncoder()
        foundation.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        #expect(Support.equivalent(try sift.encode(box), try Support.foundationJSON(box, foundation)))
    }

    @Test("A value that encodes nothing") func encodesNothing() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        let error = try #require(throws: EncodingError.self) { try JSONValueEncoder().encode(Nothing()) }
        guard case .invalidValue(_, let context) = error else { return }
        #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
        #expect(try JSONValueEncoder().encode([Nothing()]) == .array([.object(JSONObject())]))
        #expect(Support.equivalent(try JSONValueEncoder().encode([Nothing()]), try Support.foundationJSON([Nothing()])))
    }

    @Test("Containers asked for again are merged; a key encoded again keeps its place") func containersAgain() throws {
        struct Twice: Encodable {
            enum Key: String, CodingKey { case a, b, c, nested }
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: Key.self)
                try first.encode(1, forKey: .a)
                try first.encode(2, forKey: .b)
                var nested = first.nestedContainer(keyedBy: Key.self, forKey: .nested)
                try nested.encode(true, forKey: .a)
                var second = encoder.container(keyedBy: Key.self)
                try second.encode(3, forKey: .a)
                try second.encode(4, forKey: .c)
                var nestedAgain = second.nestedContainer(keyedBy: Key.self, forKey: .nested)
                try nestedAgain.encode(false, forKey: .b)
            }
        }
        let value = try JSONValueEncoder().encode(Twice())
        #expect(Support.equivalent(value, try Support.foundationJSON(Twice())))
        guard case .object(let object) = value else { return }
        #expect(object.members.map(\.key) == ["a", "b", "nested", "c"])
        #expect(object["a"] == .number(JSONNumber(3)))
    }

    // MARK: Strategies

    @Test("Date strategies", arguments: CodableDecoderStrategyTests.DateCase.allCases)
    func dates(strategy: CodableDecoderStrategyTests.DateCase) throws {
        var sift = JSONValueEncoder()
        let foundation = JSONEncoder()
        switch strategy {
        case .deferredToDate:
            (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.deferredToDate, .deferredToDate)
        case .secondsSince1970:
            (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.secondsSince1970, .secondsSince1970)
        case .millisecondsSince1970:
            (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (
                .millisecondsSince1970, .millisecondsSince1970
            )
        case .iso8601: (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.iso8601, .iso8601)
        case .formatted:
            let formatter = CodableDecoderStrategyTests.DateCase.twitterFormatter
            (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (
                .formatted(formatter), .formatted(formatter)
            )
        case .custom:
            let write: @Sendable (Date, any Encoder) throws -> Void = { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("@\(Int(date.timeIntervalSince1970))")
            }
            (sift.dateEncodingStrategy, foundation.dateEncodingStrategy) = (.custom(write), .custom(write))
        }
        let event = Event(name: "launch", at: Date(timeIntervalSince1970: 1_409_444_955))
        try roundTrip(event, sift: sift, foundation: foundation, decoder: strategy.decoders.0)
        try roundTrip([event.at], sift: sift, foundation: foundation, decoder: strategy.decoders.0)
    }

    @Test("Data strategies") func dataStrategies() throws {
        let blob = Blob(bytes: Data("Sift!".utf8))
        try roundTrip(blob)

        var sift = JSONValueEncoder()
        sift.dataEncodingStrategy = .deferredToData
        let foundation = JSONEncoder()
        foundation.dataEncodingStrategy = .deferredToData
        var decoder = JSONValueDecoder()
        decoder.dataDecodingStrategy = .deferredToData
        try roundTrip(blob, sift: sift, foundation: foundation, decoder: decoder)

        let nothing: @Sendable (Data, any Encoder) throws -> Void = { _, _ in }
        sift.dataEncodingStrategy = .custom(nothing)
        foundation.dataEncodingStrategy = .custom(nothing)
        #expect(Support.equivalent(try sift.encode(blob), try Support.foundationJSON(blob, foundation)))
        #expect(try sift.encode(blob) == .object(JSONObject([.init(key: "bytes", value: .object(JSONObject()))])))
    }

    /// Encodes one member per name, with a key whose string value is that name.
    struct DynamicKeys: Encodable {
        var names: [String]
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (index, name) in names.enumerated() { try container.encode(index, forKey: Key(stringValue: name)) }
        }
    }

    @Test("convertToSnakeCase writes the keys JSONEncoder writes") func snakeCase() throws {
        var sift = JSONValueEncoder()
        sift.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let names = [
            "oneTwoThree", "myURLProperty", "URL", "aURL", "_oneTwo_", "a", "", "ABCdef", "isHTTPOnly", "x1Y2",
            "already_snake", "ÉcoleNormale", "dǅungla", "userID", "IDs", "__private",
        ]
        for name in names {
            let value = DynamicKeys(names: [name])
            let encoded = try sift.encode(value)
            let expected = try Support.foundationJSON(value, foundation)
            #expect(Support.equivalent(encoded, expected), "\(name): \(encoded) vs \(expected)")
        }

        struct Model: Codable, Equatable {
            var userName: String
            var lookup: [String: Int]
            var byId: [Int: String]
        }
        let model = Model(userName: "ada", lookup: ["camelKey": 1], byId: [7: "x"])
        var decoder = JSONValueDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        try roundTrip(model, sift: sift, foundation: foundation, decoder: decoder)
    }

    @Test("Custom key strategy") func customKeys() throws {
        let prefix: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            JSONCodingKey(stringValue: "k_" + path.last!.stringValue)
        }
        var sift = JSONValueEncoder()
        sift.keyEncodingStrategy = .custom(prefix)
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .custom(prefix)
        let value = try sift.encode(Self.ada)
        #expect(Support.equivalent(value, try Support.foundationJSON(Self.ada, foundation)), "\(value)")
    }

    @Test("userInfo reaches encode(to:)") func userInfo() throws {
        struct Versioned: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "version")!] as? Int ?? -1)
            }
        }
        var encoder = JSONValueEncoder()
        encoder.userInfo[CodingUserInfoKey(rawValue: "version")!] = 3
        #expect(try encoder.encode(Versioned()) == .number(JSONNumber(3)))
    }
}
