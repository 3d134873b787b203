import Foundation
import SiftHTTP
import SiftMapping

// What the README's block takes from the blocks before it: the client of the HTTP example and the
// Person model of the mapping example.

/// The client of the README's first HTTP example.
let client = JSONHTTPClient(baseURL: URL(string: "https://myfancyblog.com")!)

/// The README's mapping model.
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
