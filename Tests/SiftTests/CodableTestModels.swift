import Foundation

// Models shared by the Codable suites.

enum Role: String, Codable, Equatable {
    case admin, member
}

enum Level: Int, Codable, Equatable {
    case low = 1
    case high = 2
}

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case point
}

struct Geo: Codable, Equatable {
    var lat: Double
    var lng: Double
}

struct Address: Codable, Equatable {
    var street: String
    var zip: String?
    var geo: Geo
}

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var role: Role
    var level: Level?
    var address: Address
    var tags: [String]
    var scores: [String: Int]
    var ranks: [Int: String]
    var grid: [[Int]]
    var flags: [Bool?]
    var shapes: [Shape]
    var homepage: URL?
}

struct Numbers: Codable, Equatable {
    var int8: Int8
    var uint8: UInt8
    var int16: Int16
    var uint16: UInt16
    var int32: Int32
    var uint32: UInt32
    var int64: Int64
    var uint64: UInt64
    var int: Int
    var uint: UInt
    var float: Float
    var double: Double
    var decimal: Decimal
}

/// Reads and writes `[[x, y], …]` with nested unkeyed containers, a keyed container inside an
/// unkeyed one, and `superDecoder()` / `superEncoder()` of an unkeyed container.
struct Polyline: Codable, Equatable {
    var points: [[Int]]
    var label: String
    var origin: Geo

    init(points: [[Int]], label: String, origin: Geo) {
        self.points = points
        self.label = label
        self.origin = origin
    }

    private enum LabelKey: String, CodingKey { case label }

    init(from decoder: any Decoder) throws {
        var outer = try decoder.unkeyedContainer()
        var points: [[Int]] = []
        var inner = try outer.nestedUnkeyedContainer()
        while !inner.isAtEnd {
            var pair = try inner.nestedUnkeyedContainer()
            var point: [Int] = []
            while !pair.isAtEnd { point.append(try pair.decode(Int.self)) }
            points.append(point)
        }
        self.points = points
        label = try outer.nestedContainer(keyedBy: LabelKey.self).decode(String.self, forKey: .label)
        origin = try Geo(from: try outer.superDecoder())
    }

    func encode(to encoder: any Encoder) throws {
        var outer = encoder.unkeyedContainer()
        var inner = outer.nestedUnkeyedContainer()
        for point in points {
            var pair = inner.nestedUnkeyedContainer()
            for coordinate in point { try pair.encode(coordinate) }
        }
        var labelContainer = outer.nestedContainer(keyedBy: LabelKey.self)
        try labelContainer.encode(label, forKey: .label)
        try origin.encode(to: outer.superEncoder())
    }
}

/// A base class and a subclass encoded through `superDecoder()` / `superEncoder()`.
class Animal: Codable, Equatable {
    var name: String
    var legs: Int

    init(name: String, legs: Int) {
        self.name = name
        self.legs = legs
    }

    static func == (lhs: Animal, rhs: Animal) -> Bool {
        type(of: lhs) == type(of: rhs) && lhs.isEqual(to: rhs)
    }

    func isEqual(to other: Animal) -> Bool {
        name == other.name && legs == other.legs
    }
}

final class Dog: Animal {
    var breed: String
    var goodBoy: Bool?

    private enum CodingKeys: String, CodingKey { case breed, goodBoy, parent }

    init(name: String, legs: Int, breed: String, goodBoy: Bool?) {
        self.breed = breed
        self.goodBoy = goodBoy
        super.init(name: name, legs: legs)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        goodBoy = try container.decodeIfPresent(Bool.self, forKey: .goodBoy)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
        try container.encodeIfPresent(goodBoy, forKey: .goodBoy)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: Animal) -> Bool {
        guard let other = other as? Dog else { return false }
        return super.isEqual(to: other) && breed == other.breed && goodBoy == other.goodBoy
    }
}

/// Like `Dog`, but its parent lives under a named key (`superDecoder(forKey:)`).
struct Kennel: Codable, Equatable {
    var size: Int
    var owner: Geo

    private enum CodingKeys: String, CodingKey { case size, owner }

    init(size: Int, owner: Geo) {
        self.size = size
        self.owner = owner
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        size = try container.decode(Int.self, forKey: .size)
        owner = try Geo(from: container.superDecoder(forKey: .owner))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try owner.encode(to: container.superEncoder(forKey: .owner))
    }
}

struct Event: Codable, Equatable {
    var name: String
    var at: Date
}

struct Blob: Codable, Equatable {
    var bytes: Data
}

struct SnakeModel: Codable, Equatable {
    var userName: String
    var profileURL: URL
    var isHTTPOnly: Bool
    var lookup: [String: Int]
    var byID: [Int: String]
    var _private_: Int?
}

/// A key named at run time, for the probes below.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Reads every key-related answer of a keyed container into plain values.
struct KeyProbe: Decodable, Equatable {
    var keys: [String]
    var hasA: Bool
    var hasMissing: Bool
    var aIsNil: Bool
    var bIsNil: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        hasA = container.contains(AnyKey(stringValue: "a"))
        hasMissing = container.contains(AnyKey(stringValue: "missing"))
        aIsNil = try container.decodeNil(forKey: AnyKey(stringValue: "a"))
        bIsNil = try container.decodeNil(forKey: AnyKey(stringValue: "b"))
    }
}

/// Reads the members named in `lookups` one after the other from an object: enough lookups on a
/// large object that the decoder's key index is built part-way through.
struct WideObjectProbe: Decodable, Equatable {
    static let lookups = ["k0", "k39", "k3", "missing", "k20", "k3", "k11", "k38", "k_7", "k1", "k7", "k25", "k30"]
    var values: [Int?]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        values = try Self.lookups.map { try container.decodeIfPresent(Int.self, forKey: AnyKey(stringValue: $0)) }
    }
}
