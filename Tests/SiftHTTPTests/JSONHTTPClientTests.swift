import Foundation
import SiftHTTP
import Testing

@Suite("Resource URLs")
struct JSONHTTPClientTests {
    @Test(
        "the base URL's path, then the resource path and its query, then the query items",
        arguments: [
            ("http://example.com", "/authors", "http://example.com/authors"),
            ("http://example.com/", "authors", "http://example.com/authors"),
            ("http://example.com/api/v1/", "/authors/", "http://example.com/api/v1/authors/"),
            ("http://example.com/api", "", "http://example.com/api"),
            ("http://example.com", "", "http://example.com/"),
            (
                "http://example.com/wp-json-api", "/get_post/?slug=xbtoolkit-is-so-sweet",
                "http://example.com/wp-json-api/get_post/?slug=xbtoolkit-is-so-sweet"
            ),
            ("http://example.com/?key=1", "/search?q=a%20b", "http://example.com/search?key=1&q=a%20b"),
        ])
    func resourceURL(base: String, resourcePath: String, expected: String) throws {
        let client = JSONHTTPClient(baseURL: try #require(URL(string: base)))
        #expect(client.url(forResourcePath: resourcePath)?.absoluteString == expected)
    }

    @Test("query items are encoded, including & and = in values")
    func queryItems() throws {
        let client = JSONHTTPClient(baseURL: try #require(URL(string: "http://example.com")))
        let url = client.url(
            forResourcePath: "/search",
            query: [URLQueryItem(name: "q", value: "swift & json = fun"), URLQueryItem(name: "page", value: "2")])
        let components = try #require(url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })
        #expect(
            components.queryItems == [
                URLQueryItem(name: "q", value: "swift & json = fun"), URLQueryItem(name: "page", value: "2"),
            ])
    }

    @Test("a resource path with spaces is encoded")
    func unencodedPath() throws {
        let client = JSONHTTPClient(baseURL: try #require(URL(string: "http://example.com")))
        #expect(client.url(forResourcePath: "/a b/c")?.absoluteString == "http://example.com/a%20b/c")
    }
}
