import Foundation
import NIOCore
import NIOHTTP1
import Sift
import SiftHTTP
import Testing

@Suite("Load errors: each distinct, each with what a user needs")
struct HTTPErrorTests {
    private func authorsLoader(_ server: TestHTTPServer, _ path: String = "/authors", client: JSONHTTPClient? = nil)
        -> HTTPDataLoader<ArrayDataMapper<Author>>
    {
        HTTPDataLoader(
            client: client ?? Fixtures.client(server), resourcePath: path,
            mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
    }

    @Test("404: status and the error body")
    func notFound() async throws {
        try await TestHTTPServer.run(routes: [:]) { server async throws in
            let error = await #expect(throws: HTTPLoadError.self) { try await authorsLoader(server, "/missing").load() }
            #expect(error?.kind == .status)
            #expect(error?.statusCode == 404)
            #expect(error?.bodyExcerptText == #"{"error":"no route"}"#)
            #expect(error?.url == "http://127.0.0.1:\(server.port)/missing")
            #expect(
                error?.description
                    == "HTTP error status: 404 Not Found (http://127.0.0.1:\(server.port)/missing)\n{\"error\":\"no route\"}"
            )
        }
    }

    @Test("500 with a long body: the excerpt stops at 4 KiB")
    func serverErrorExcerpt() async throws {
        let body = String(repeating: "0123456789", count: 1000)
        let route: TestHTTPServer.Route = { _, response in try await response.respond(.internalServerError, body) }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let error = await #expect(throws: HTTPLoadError.self) {
                for try await _ in authorsLoader(server).elements() {}
            }
            #expect(error?.kind == .status)
            #expect(error?.statusCode == 500)
            #expect(error?.bodyExcerpt.count == 4096)
            #expect(error?.bodyExcerptText == String(body.prefix(4096)))
        }
    }

    @Test("the server closes the connection mid-body: an error, never a partial success", arguments: [true, false])
    func truncatedBody(withContentLength: Bool) async throws {
        let json = Fixtures.authorsJSON
        let cut = json.range(of: "{\"name\": \"Barbara\"")!.lowerBound
        let route: TestHTTPServer.Route = { _, response in
            try await response.head(contentLength: withContentLength ? json.utf8.count : nil)
            try await response.write(String(json[..<cut]))
            // Returning without ending the response closes the connection.
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let error = await #expect(throws: HTTPLoadError.self) { try await authorsLoader(server).load() }
            #expect(error?.kind == .truncatedBody)

            var streamed: [Author] = []
            let streamError = await #expect(throws: HTTPLoadError.self) {
                for try await author in authorsLoader(server).elements() { streamed.append(author) }
            }
            #expect(streamError?.kind == .truncatedBody)
            #expect(streamed == Array(Fixtures.authors.prefix(2)))
        }
    }

    @Test("a body delimited by the connection closing: complete is a success, cut short is truncated")
    func closeDelimitedBody() async throws {
        let json = Fixtures.authorsJSON
        let routes: [String: TestHTTPServer.Route] = [
            "/complete": { _, response in
                try await response.head(version: .http1_0)
                try await response.write(json)
                try await response.end()
            },
            "/cut": { _, response in
                try await response.head(version: .http1_0)
                try await response.write(String(json.prefix(json.utf8.count / 2)))
                try await response.end()
            },
        ]
        try await TestHTTPServer.run(routes: routes) { server async throws in
            #expect(try await authorsLoader(server, "/complete").load() == Fixtures.authors)
            let error = await #expect(throws: HTTPLoadError.self) { try await authorsLoader(server, "/cut").load() }
            #expect(error?.kind == .truncatedBody)
            #expect(error?.parseError?.kind == .incompleteInput)
            #expect(error?.bytesReceived == json.utf8.count / 2)
        }
    }

    @Test("a complete body holding incomplete or invalid JSON is invalid JSON, with its location")
    func invalidJSON() async throws {
        let routes: [String: TestHTTPServer.Route] = [
            "/incomplete": { _, response in try await response.respond(.ok, #"{"authors": [{"id": 1"#) },
            "/invalid": { _, response in try await response.respond(.ok, "{\"authors\": [\n  {\"id\": 1,, }]}") },
        ]
        try await TestHTTPServer.run(routes: routes) { server async throws in
            let incomplete = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, "/incomplete").load()
            }
            #expect(incomplete?.kind == .invalidJSON)
            #expect(incomplete?.parseError?.kind == .incompleteInput)

            let invalid = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, "/invalid").load()
            }
            #expect(invalid?.kind == .invalidJSON)
            #expect(invalid?.parseError?.kind == .invalidSyntax)
            #expect(invalid?.parseError?.location.line == 2)
            #expect(invalid?.parseError?.location.column == 12)
            #expect(invalid?.parseError?.path.description == "$.authors[0]")
        }
    }

    @Test("well-formed JSON that does not fit the type is a mapping error")
    func mappingError() async throws {
        let routes: [String: TestHTTPServer.Route] = [
            "/authors": { _, response in
                try await response.respond(.ok, #"{"authors": [{"id": 1, "name": "Ada"}, {"id": "2"}]}"#)
            },
            "/nothing": { _, response in try await response.respond(.ok, #"{"writers": []}"#) },
        ]
        try await TestHTTPServer.run(routes: routes) { server async throws in
            let error = await #expect(throws: HTTPLoadError.self) { try await authorsLoader(server).load() }
            #expect(error?.kind == .mapping)
            let mapping = try #require(error?.underlyingError as? DataMapperError)
            #expect(mapping.path.description == "$.authors[1]")
            #expect(mapping.underlyingError is DecodingError)

            let missing = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, "/nothing").load()
            }
            #expect(missing?.kind == .mapping)
            #expect(missing?.message == "no value at root key path `authors`: the root value has no member `authors`")
        }
    }

    @Test("a server that stalls mid-body hits the idle timeout; one that never answers, the response timeout")
    func timeouts() async throws {
        let routes: [String: TestHTTPServer.Route] = [
            "/stall": { _, response in
                try await response.head(startingBodyWith: #"{"authors": [{"id": 1, "name": "Ada"},"#)
                try await Task.sleep(for: .seconds(120))
            },
            "/silent": { _, _ in try await Task.sleep(for: .seconds(120)) },
        ]
        try await TestHTTPServer.run(routes: routes) { server async throws in
            // Each limit is short against a server that stalls for two minutes (its routes end
            // with the test), the others are roomy, so a loaded machine cannot trip the wrong one.
            // AsyncHTTPClient enforces its response deadline through a task of default priority,
            // which a busy cooperative pool (a plain `swift test`) can hold back for seconds: the
            // long stall keeps the server from closing the connection first.
            let idleClient = Fixtures.client(
                server, timeouts: HTTPTimeouts(response: .seconds(20), idle: .seconds(1), total: .seconds(60)))
            var streamed: [Author] = []
            let idle = await #expect(throws: HTTPLoadError.self) {
                for try await author in authorsLoader(server, "/stall", client: idleClient).elements() {
                    streamed.append(author)
                }
            }
            #expect(idle?.kind == .timeout)
            #expect(idle?.message == "no body data for 1 second")
            #expect(streamed == [Fixtures.authors[0]])

            let responseClient = Fixtures.client(
                server, timeouts: HTTPTimeouts(response: .milliseconds(300), idle: .seconds(20), total: .seconds(60)))
            let silent = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, "/silent", client: responseClient).load()
            }
            #expect(silent?.kind == .timeout)
            #expect(silent?.message == "no response within 0.3 seconds")

            let totalClient = Fixtures.client(
                server, timeouts: HTTPTimeouts(response: .seconds(20), idle: nil, total: .milliseconds(1500)))
            let total = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, "/stall", client: totalClient).load()
            }
            #expect(total?.kind == .timeout)
            #expect(total?.message == "the exchange took longer than 1.5 seconds")
        }
    }

    @Test("a body over the size limit, announced or streamed", arguments: [true, false])
    func bodyTooLarge(withContentLength: Bool) async throws {
        let element = #"{"id": 1, "name": "Ada"},"#
        let route: TestHTTPServer.Route = { _, response in
            let text = #"{"authors": ["# + String(repeating: element, count: 400) + #"{"id": 2, "name": "Grace"}]}"#
            try await response.head(contentLength: withContentLength ? text.utf8.count : nil)
            for piece in Fixtures.pieces(text, size: 1000) { try await response.write(piece) }
            try await response.end()
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let client = Fixtures.client(server, maximumBodySize: 5000)
            let error = await #expect(throws: HTTPLoadError.self) {
                try await authorsLoader(server, client: client).load()
            }
            #expect(error?.kind == .bodyTooLarge)
            #expect(error?.bodyLimit == 5000)
            #expect((error?.bytesReceived ?? 0) <= (withContentLength ? 0 : 6000))
        }
    }

    @Test("a refused connection is a transport error")
    func transportError() async throws {
        // A port bound but not listening refuses connections, and stays ours for the test: a
        // port freed by a closed server could be taken by another test's server meanwhile.
        let socket = try ClosedPort()
        defer { socket.close() }
        let client = JSONHTTPClient(
            baseURL: URL(string: "http://127.0.0.1:\(socket.port)")!, timeouts: HTTPTimeouts(response: .seconds(1)))
        let loader = HTTPDataLoader(client: client, resourcePath: "/", mapper: ObjectDataMapper(Int.self))
        let error = await #expect(throws: HTTPLoadError.self) { try await loader.load() }
        #expect(error?.kind == .transport)
        #expect(error?.underlyingError != nil)
    }

    @Test("cancelling the consuming task stops the download: the server sees the connection close")
    func cancellation() async throws {
        let route: TestHTTPServer.Route = { _, response in
            try await response.head()
            try await response.write(#"{"authors": ["#)
            for index in 0..<2000 {
                try await response.write(#"{"id": \#(index), "name": "author \#(index)"},"#)
                try await Task.sleep(for: .milliseconds(5))
            }
            try await response.write(#"{"id": -1, "name": "last"}]}"#)
            try await response.end()
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let loader = authorsLoader(server)
            let firstArrived = TestGate()
            let task = Task {
                var count = 0
                for try await _ in loader.elements() {
                    count += 1
                    firstArrived.open()
                }
                return count
            }
            #expect(try await firstArrived.wait())
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(await server.log.wait(for: "aborted /authors"))
            #expect(!server.log.contains("served /authors"))

            // Leaving the loop early closes the connection too.
            for try await _ in loader.elements() { break }
            #expect(await server.log.wait(for: "aborted /authors", count: 2))
            #expect(!server.log.contains("served /authors"))
        }
    }
}

/// A TCP socket bound to a loopback port without listening: connections to the port are refused.
private struct ClosedPort {
    struct Failure: Error {}

    let descriptor: Int32
    let port: Int

    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(socket)
            throw Failure()
        }
        descriptor = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}
