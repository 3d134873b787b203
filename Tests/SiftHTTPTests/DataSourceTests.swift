import Foundation
import NIOCore
import SiftHTTP
import Synchronization
import Testing

/// Answers the requests of one route in turn: the n-th request gets the n-th response text, or
/// a 500 error where the script says nil.
final class ResponseScript: Sendable {
    private let responses: [String?]
    private let served = Mutex(0)

    init(_ responses: [String?]) { self.responses = responses }

    var route: TestHTTPServer.Route {
        { _, response in
            let index = self.served.withLock { count in
                defer { count += 1 }
                return count
            }
            if index < self.responses.count, let text = self.responses[index] {
                try await response.respond(.ok, text)
            } else {
                try await response.respond(.internalServerError, #"{"error":"try again"}"#)
            }
        }
    }
}

@Suite("Data sources")
struct DataSourceTests {
    private static let firstAuthors = #"{"authors": [{"id": 1, "name": "Ada"}]}"#

    @Test("plain object and array data sources")
    func plainDataSources() {
        let object = ObjectDataSource(object: Fixtures.post)
        #expect(object.object.slug == "xbtoolkit-is-nice")
        let array = ArrayDataSource(array: Fixtures.authors)
        #expect(array.count == 3)
        #expect(array[1].name == "Grace")
        #expect(array.map(\.id) == [1, 2, 3])
        let literal: ArrayDataSource = [1, 2]
        #expect(Array(literal) == [1, 2])
    }

    @Test("an array reload that succeeds after a failure")
    func arrayReloadAfterFailure() async throws {
        let script = ResponseScript([nil, Fixtures.authorsJSON])
        try await TestHTTPServer.run(routes: ["/authors": script.route]) { server async throws in
            let source = ReloadableArrayDataSource(
                loader: HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/authors",
                    mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors")))
            let error = await #expect(throws: HTTPLoadError.self) { try await source.reload() }
            #expect(error?.statusCode == 500)
            #expect(source.lastError?.kind == .status)
            #expect(source.isEmpty)

            try await source.reload()
            #expect(source.array == Fixtures.authors)
            #expect(source.count == 3)
            #expect(source[2].name == "Barbara")
            #expect(Array(source).map(\.id) == [1, 2, 3])
            #expect(source.lastError == nil)
            #expect(!source.isLoading)
        }
    }

    @Test("an array reload that fails after a success keeps the previous elements")
    func arrayReloadFailureKeepsData() async throws {
        let json = Fixtures.authorsJSON
        let truncated = String(json[..<json.range(of: #"{"id": 2"#)!.lowerBound])
        let script = ResponseScript([Self.firstAuthors, truncated])
        try await TestHTTPServer.run(routes: ["/authors": script.route]) { server async throws in
            let source = ReloadableArrayDataSource(
                loader: HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/authors",
                    mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors")))
            try await source.reload()
            #expect(source.array == [Fixtures.authors[0]])

            var seen: [Author] = []
            let error = await #expect(throws: HTTPLoadError.self) {
                for try await author in source.reloadElements() {
                    seen.append(author)
                    #expect(source.incomingArray == seen)
                    #expect(source.array == [Fixtures.authors[0]])
                }
            }
            #expect(error?.kind == .invalidJSON)
            #expect(seen == [Fixtures.authors[0]])
            #expect(source.array == [Fixtures.authors[0]])
            #expect(source.incomingArray.isEmpty)
            #expect(source.lastError?.kind == .invalidJSON)
        }
    }

    @Test("elements stream in while the array keeps the previous load, then replace it")
    func arrayReloadStreamsElements() async throws {
        let gate = TestGate()
        let route: TestHTTPServer.Route = { request, response in
            try await response.head()
            try await response.write(#"{"authors": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"},"#)
            _ = try await gate.wait()
            try await response.write(#"{"id": 3, "name": "Barbara"}]}"#)
            try await response.end()
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let source = ReloadableArrayDataSource(
                loader: HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/authors",
                    mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors")))
            var received = 0
            for try await author in source.reloadElements() {
                received += 1
                #expect(source.isLoading)
                #expect(source.incomingArray.last == author)
                #expect(source.isEmpty)
                if received == 2 { gate.open() }
            }
            #expect(received == 3)
            #expect(source.array == Fixtures.authors)
            #expect(!source.isLoading)
        }
    }

    @Test("leaving a reload early abandons it and keeps the previous elements")
    func abandonedReload() async throws {
        let script = ResponseScript([Self.firstAuthors, Fixtures.authorsJSON])
        try await TestHTTPServer.run(routes: ["/authors": script.route]) { server async throws in
            let source = ReloadableArrayDataSource(
                loader: HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/authors",
                    mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors")))
            try await source.reload()
            for try await _ in source.reloadElements() { break }
            #expect(source.array == [Fixtures.authors[0]])
            #expect(!source.isLoading)
            #expect(source.incomingArray.isEmpty)
        }
    }

    @Test("object reloads: success after failure, then failure after success")
    func objectReloads() async throws {
        let changed = Fixtures.postJSON.replacingOccurrences(of: "XBToolkit is nice", with: "Sift is nicer")
        let script = ResponseScript([nil, Fixtures.postJSON, #"{"post": 12"#, changed])
        try await TestHTTPServer.run(routes: ["/post": script.route]) { server async throws in
            let source = ReloadableObjectDataSource(
                loader: HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/post",
                    mapper: ObjectDataMapper(Post.self, rootKeyPath: "post")))
            #expect(source.object == nil)
            await #expect(throws: HTTPLoadError.self) { try await source.reload() }
            #expect(source.object == nil)
            #expect(source.lastError?.statusCode == 500)

            #expect(try await source.reload() == Fixtures.post)
            #expect(source.object == Fixtures.post)
            #expect(source.lastError == nil)

            let error = await #expect(throws: HTTPLoadError.self) { try await source.reload() }
            #expect(error?.kind == .invalidJSON)
            #expect(source.object == Fixtures.post)
            #expect(source.lastError?.kind == .invalidJSON)

            try await source.reload()
            #expect(source.object?.title == "Sift is nicer")
            #expect(source.lastError == nil)
        }
    }
}

@Suite("Main-actor consumers")
@MainActor
struct MainActorConsumerTests {
    /// Iterates on the main actor as a UI would, pausing longer than the idle timeout after the
    /// first element before letting the server go on.
    private static func showSlowly(_ source: ReloadableArrayDataSource<Author>, gate: TestGate) async throws -> [String]
    {
        MainActor.assertIsolated()
        var names: [String] = []
        for try await author in source.reloadElements() {
            names.append(author.name)
            if names.count == 1 {
                try await Task.sleep(for: .seconds(4))
                gate.open()
            }
        }
        return names
    }

    @Test("a slow main-actor consumer: the idle timeout counts only waits on the server")
    func slowMainActorConsumer() async throws {
        let gate = TestGate()
        let route: TestHTTPServer.Route = { _, response in
            try await response.head(startingBodyWith: #"{"authors": [{"id": 1, "name": "Ada"},"#)
            _ = try await gate.wait()
            try await response.write(#"{"id": 2, "name": "Grace"}, {"id": 3, "name": "Barbara"}]}"#)
            try await response.end()
        }
        try await TestHTTPServer.run(routes: ["/authors": route]) { server async throws in
            let client = Fixtures.client(server, timeouts: HTTPTimeouts(response: .seconds(10), idle: .seconds(3)))
            let loader = HTTPDataLoader(
                client: client, resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
            let source = ReloadableArrayDataSource(loader: loader)
            #expect(try await Self.showSlowly(source, gate: gate) == ["Ada", "Grace", "Barbara"])
            #expect(source.count == 3)
        }
    }
}
