import Foundation
import SiftHTTP
import Testing

// The README's example, verbatim but for the server's address (an ephemeral port here).

@Suite("README example")
struct ReadmeExampleTests {
    @Test("a client, a loader for /authors at root key path authors, elements as they arrive")
    func readmeExample() async throws {
        let route: TestHTTPServer.Route = { _, response in try await response.respond(.ok, Fixtures.authorsJSON) }
        let printed = try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            var output: [String] = []
            func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
            let baseURL = server.baseURL  // URL(string: "https://myfancyblog.com")!

            // --- README example begins ---
            struct Author: Decodable, Sendable {
                let id: Int
                let name: String
            }

            let client = JSONHTTPClient(baseURL: baseURL)
            let loader = HTTPDataLoader(
                client: client, resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
            let authors = ReloadableArrayDataSource(loader: loader)

            for try await author in authors.reloadElements() {
                print("received", author.name)  // while the rest is still downloading
            }
            print(authors.count, "authors")
            // --- README example ends ---

            return output
        }
        #expect(printed == ["received Ada", "received Grace", "received Barbara", "3 authors"])
    }
}
