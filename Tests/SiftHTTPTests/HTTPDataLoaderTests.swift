import Foundation
import NIOCore
import NIOHTTP1
import Sift
import SiftHTTP
import Testing

@Suite("Loading JSON from a real HTTP server")
struct HTTPDataLoaderTests {
    @Test("an object at a root key path")
    func object() async throws {
        try await TestHTTPServer.run(routes: [
            "/post": { _, response in try await response.respond(.ok, Fixtures.postJSON) }
        ]) { server async throws in
            let loader = HTTPDataLoader(
                client: Fixtures.client(server), resourcePath: "/post",
                mapper: ObjectDataMapper(Post.self, rootKeyPath: "post"))
            #expect(try await loader.load() == Fixtures.post)
        }
    }

    @Test("an array at a root key path, loaded whole and streamed")
    func array() async throws {
        try await TestHTTPServer.run(routes: [
            "/authors": { _, response in try await response.respond(.ok, Fixtures.authorsJSON) }
        ]) { server async throws in
            let loader = HTTPDataLoader(
                client: Fixtures.client(server), resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
            #expect(try await loader.load() == Fixtures.authors)
            var streamed: [Author] = []
            for try await author in loader.elements() { streamed.append(author) }
            #expect(streamed == Fixtures.authors)
        }
    }

    @Test("the raw body stream: its bytes in order, and the announced length once the head has arrived")
    func rawBody() async throws {
        try await TestHTTPServer.run(routes: [
            "/sized": { _, response in try await response.respond(.ok, Fixtures.authorsJSON) },
            "/chunked": { _, response in
                try await response.head()
                try await response.write("[1,")
                try await response.write("2]")
                try await response.end()
            },
            "/encoded": { _, response in
                // A length that counts encoded bytes is not the length of the body handed out.
                try await response.head(contentLength: 5, headers: [("Content-Encoding", "br")])
                try await response.write("[1,2]")
                try await response.end()
            },
        ]) { server async throws in
            let client = Fixtures.client(server)
            for (path, body, length) in [
                ("/sized", Fixtures.authorsJSON, Fixtures.authorsJSON.utf8.count), ("/chunked", "[1,2]", nil),
                ("/encoded", "[1,2]", nil),
            ] {
                var iterator = client.body(at: path).makeAsyncIterator()
                #expect(iterator.expectedLength == nil)
                var bytes: [UInt8] = []
                while let chunk = try await iterator.next() {
                    #expect(iterator.expectedLength == length, "\(path)")
                    bytes += chunk.readableBytesView
                }
                #expect(String(decoding: bytes, as: UTF8.self) == body, "\(path)")
            }
        }
    }

    @Test("the request carries method, query, headers and body")
    func requestParts() async throws {
        let echo: TestHTTPServer.Route = { request, response in
            let json = try JSONSerialization.data(withJSONObject: [
                "method": request.method.rawValue, "uri": request.uri,
                "accept": request.headers.first(name: "accept") ?? "",
                "client": request.headers.first(name: "x-client") ?? "",
                "loader": request.headers.first(name: "x-loader") ?? "",
                "body": String(decoding: request.body, as: UTF8.self),
            ])
            try await response.respond(.ok, String(decoding: json, as: UTF8.self))
        }
        try await TestHTTPServer.run(routes: ["/api/search": echo]) { server async throws in
            var client = Fixtures.client(server)
            client.baseURL = server.baseURL.appendingPathComponent("api")
            client.headers.add(name: "X-Client", value: "sift")
            let loader = HTTPDataLoader(
                client: client, resourcePath: "/search?q=a%20b", method: .POST,
                query: [URLQueryItem(name: "page", value: "2")], headers: ["X-Loader": "yes"],
                body: Array(#"{"query":"swift"}"#.utf8),
                mapper: ObjectDataMapper(rootKeyPath: nil) { $0 })
            let echoed = try await loader.load()
            let expected: [(String, String)] = [
                ("method", "POST"), ("uri", "/api/search?q=a%20b&page=2"), ("accept", "application/json"),
                ("client", "sift"), ("loader", "yes"), ("body", #"{"query":"swift"}"#),
            ]
            #expect(echoed == .object(JSONObject(expected.map { JSONObject.Member(key: $0.0, value: .string($0.1)) })))
        }
    }

    @Test("a chunked body sent slowly in small pieces", arguments: [1, 5, 64])
    func slowChunkedBody(pieceSize: Int) async throws {
        let slow: TestHTTPServer.Route = { _, response in
            try await response.head()
            for (index, piece) in Fixtures.pieces(Fixtures.authorsJSON, size: pieceSize).enumerated() {
                try await response.write(piece)
                if index % 16 == 0 { try await Task.sleep(for: .milliseconds(1)) }
            }
            try await response.end()
        }
        try await TestHTTPServer.run(routes: ["/authors": slow]) { server async throws in
            let loader = HTTPDataLoader(
                client: Fixtures.client(server), resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
            var streamed: [Author] = []
            for try await author in loader.elements() { streamed.append(author) }
            #expect(streamed == Fixtures.authors)
        }
    }

    @Test("the first element arrives before the server has sent the last byte")
    func firstElementBeforeLastByte() async throws {
        try await Fixtures.expectFirstElementBeforeLastByte(Array(Fixtures.authors.prefix(2))) { client in
            HTTPDataLoader(
                client: client, resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors")
            ).elements()
        }
    }
}
