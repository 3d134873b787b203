import Foundation
import Sift
import SiftMapping
import Testing

struct Address: Mappable, Equatable {
    let street: String
    let city: String
    let zip: String

    static let schema = MappingSchema {
        Property("street", .string)
        Property("city", .string)
        Property("zip", .string)
    }

    init(street: String, city: String, zip: String) {
        self.street = street
        self.city = city
        self.zip = zip
    }

    init(entity: MappedEntity) throws {
        street = try entity.value(for: "street")
        city = try entity.value(for: "city")
        zip = try entity.value(for: "zip")
    }
}

struct Person: Mappable, Equatable {
    let id: Int
    let name: String
    let nickname: String?
    let birthDate: Date
    let isMember: Bool?
    let homepage: URL?
    let addresses: [Address]

    static let schema = MappingSchema {
        Property("id", .int)
        Property("name", .string)
        Property("nickname", .string, optional: true)
        Property("birthDate", .string, decoder: DateDecoder(format: "yyyy-MM-dd"))
        Property("isMember", .bool, optional: true)
        Property("homepage", .url, optional: true)
        Property("addresses", .array, mappedType: Address.self)
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        name = try entity.value(for: "name")
        nickname = try entity.optionalValue(for: "nickname")
        birthDate = try entity.value(for: "birthDate")
        isMember = try entity.optionalValue(for: "isMember")
        homepage = try entity.optionalValue(for: "homepage")
        addresses = try entity.models(for: "addresses")
    }
}

/// A recursive model: comments with replies.
struct Comment: Mappable, Equatable {
    let text: String
    let replies: [Comment]?

    static let schema = MappingSchema {
        Property("text", .string)
        Property("replies", .array, optional: true, mappedType: Comment.self)
    }

    init(entity: MappedEntity) throws {
        text = try entity.value(for: "text")
        replies = try entity.optionalModels(for: "replies")
    }
}

/// One property of each type, all required.
struct Everything: Mappable {
    let string: String
    let int: Int
    let uint: UInt
    let float: Float
    let double: Double
    let bool: Bool
    let array: [JSONValue]
    let dictionary: [String: JSONValue]
    let url: URL

    static let schema = MappingSchema {
        Property("string", .string)
        Property("int", .int)
        Property("uint", .uint)
        Property("float", .float)
        Property("double", .double)
        Property("bool", .bool)
        Property("array", .array)
        Property("dictionary", .dictionary)
        Property("url", .url)
    }

    init(entity: MappedEntity) throws {
        string = try entity.value(for: "string")
        int = try entity.value(for: "int")
        uint = try entity.value(for: "uint")
        float = try entity.value(for: "float")
        double = try entity.value(for: "double")
        bool = try entity.value(for: "bool")
        array = try entity.value(for: "array")
        dictionary = try entity.value(for: "dictionary")
        url = try entity.value(for: "url")
    }
}

/// Maps `json` as an entity of a one-property schema and returns the property's value.
func mapValue<T>(_ json: String, _ property: Property, as type: T.Type = T.self) throws -> T? {
    let entity = try Mapper.entity(from: .string(json), schema: MappingSchema([property]))
    return try entity.optionalValue(for: property.keyPath)
}

/// Maps `json` with a one-property schema and returns the aggregated failures (empty when valid).
func failures(_ json: String, _ properties: Property...) throws -> [MappingFailure] {
    do {
        _ = try Mapper.entity(from: .string(json), schema: MappingSchema(properties))
        return []
    } catch let error as MappingError {
        return error.failures
    }
}

/// Feeds `text` to an async chunk sequence in pieces of `size` bytes.
func chunks(of text: String, size: Int) -> AsyncStream<[UInt8]> {
    let bytes = Array(text.utf8)
    return AsyncStream { continuation in
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            continuation.yield(Array(bytes[start..<end]))
            start = end
        }
        continuation.finish()
    }
}

/// The JSON value of a text.
func json(_ text: String) throws -> JSONValue {
    try #require(try JSONQuery.collect(JSONPath.root.value, from: .string(text)).first)
}
