import Foundation
import SiftMapping

/// A mapped model of the models check: required, optional and nested properties.
struct FuzzRecord: Mappable, Equatable, CustomStringConvertible {
    let id: Int
    let name: String
    let link: URL?
    let score: Double?
    let children: [FuzzRecord]?

    static let schema = MappingSchema {
        Property("id", .int)
        Property("name", .string)
        Property("link", .url, optional: true)
        Property("score", .double, optional: true)
        Property("children", .array, optional: true, mappedType: FuzzRecord.self)
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        name = try entity.value(for: "name")
        link = try entity.optionalValue(for: "link")
        score = try entity.optionalValue(for: "score")
        children = try entity.optionalModels(for: "children")
    }

    var description: String {
        "record(\(id), \(name.debugDescription), \(link?.absoluteString ?? "-"), \(score.map { "\($0)" } ?? "-"), \(children ?? []))"
    }
}

/// A Codable model of the models check: what `values(at:)` captures only part of.
struct FuzzItem: Decodable, Equatable, Sendable {
    enum Kind: String, Decodable, Sendable {
        case small, large
    }

    struct Nested: Decodable, Equatable, Sendable {
        let a: [Int]?
        let b: String?
    }

    let id: Int
    let name: String?
    let kind: Kind?
    let tags: [String]?
    let nested: Nested?
    let extra: [String: Bool]?
}
