import Foundation
import NIOCore
import SiftHTTP
import Testing

struct Author: Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

struct Post: Codable, Sendable, Equatable {
    let id: Int
    let slug: String
    let title: String
}

enum Fixtures {
    static let authors = [Author(id: 1, name: "Ada"), Author(id: 2, name: "Grace"), Author(id: 3, name: "Barbara")]

    static let authorsJSON = #"""
        {"status": "ok", "count": 3,
         "authors": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace", "tags": ["navy", {"x": [1, 2]}]},
                     {"name": "Barbara", "id": 3}],
         "next": null}
        """#

    static let postJSON = #"""
        {"status": "ok",
         "post": {"id": 14332, "type": "post", "slug": "xbtoolkit-is-nice", "title": "XBToolkit is nice",
                  "content": "Stre\u0061ming \"quoted\" \\ text\n"}}
        """#

    static let post = Post(id: 14332, slug: "xbtoolkit-is-nice", title: "XBToolkit is nice")

    /// A client for the test server with short timeouts, so a broken test ends quickly.
    static func client(
        _ server: TestHTTPServer,
        timeouts: HTTPTimeouts = HTTPTimeouts(response: .seconds(30), idle: .seconds(30), total: .seconds(120)),
        maximumBodySize: Int? = nil
    ) -> JSONHTTPClient {
        JSONHTTPClient(baseURL: server.baseURL, timeouts: timeouts, maximumBodySize: maximumBodySize)
    }

    /// Splits text into pieces of `size` bytes.
    static func pieces(_ text: String, size: Int) -> [ByteBuffer] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map {
            ByteBuffer(bytes: bytes[$0..<min($0 + size, bytes.count)])
        }
    }
}

extension Fixtures {
    /// Serves the two authors `{"id": 1, "name": "Ada"}` and `{"id": 2, "name": "Grace"}` at
    /// `/authors`, holding the second one back until the first has come out of the element stream
    /// `elements` makes: checks that elements stream while the body is still downloading.
    static func expectFirstElementBeforeLastByte<Element: Equatable & Sendable>(
        _ expected: [Element], elements: @escaping @Sendable (JSONHTTPClient) -> HTTPElementStream<Element>
    ) async throws {
        let gate = TestGate()
        let route: TestHTTPServer.Route = { _, response in
            try await response.head(startingBodyWith: #"{"authors": [{"id": 1, "name": "Ada"},"#)
            let opened = try await gate.wait()
            try await response.write(#" {"id": 2, "name": "Grace"}]}"#)
            try await response.end()
            // Recorded only after the last byte went out.
            response.log.record(opened ? "last byte sent" : "last byte sent after gate timeout")
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            var iterator = elements(client(server)).makeAsyncIterator()
            #expect(try await iterator.next() == expected[0])
            #expect(!server.log.all.contains { $0.hasPrefix("last byte sent") })
            #expect(!server.log.contains("served /authors"))
            gate.open()
            #expect(try await iterator.next() == expected[1])
            #expect(try await iterator.next() == nil)
            #expect(await server.log.wait(for: "last byte sent"))
            #expect(await server.log.wait(for: "served /authors"))
        }
    }
}
