import Foundation
import SiftHTTP

struct Author: Decodable, Sendable {
    let id: Int
    let name: String
}

let client = JSONHTTPClient(baseURL: URL(string: "https://myfancyblog.com")!)
let loader = HTTPDataLoader(
    client: client, resourcePath: "/authors",
    mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
let authors = ReloadableArrayDataSource(loader: loader)

for try await author in authors.reloadElements() {
    print("received", author.name)  // while the rest is still downloading
}
print(authors.count, "authors")
