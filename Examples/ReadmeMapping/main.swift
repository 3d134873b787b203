import SiftMapping

struct Person: Mappable {
    let id: Int
    let name: String
    let homepage: URL?

    static let schema = MappingSchema {
        Property("id", .int)
        Property("name", .string)
        Property("homepage", .url, optional: true)
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        name = try entity.value(for: "name")
        homepage = try entity.optionalValue(for: "homepage")
    }
}

let people = try Mapper.decodeArray(of: Person.self, from: .file("people.json"), atKeyPath: "people")
