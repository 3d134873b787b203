import Foundation
import NIOCore
import NIOHTTP1
import Sift
import SiftHTTP
import SiftHub
import SiftMapping
import Testing

/// A schema-mapped author.
struct MappedAuthor: Mappable, Equatable, Sendable {
    let id: Int
    let name: String

    static let schema = MappingSchema {
        Property("id", .int)
        Property("name", .string)
    }

    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    init(entity: MappedEntity) throws {
        id = try entity.value(for: "id")
        name = try entity.value(for: "name")
    }
}

/// A key-mapped author.
struct KeyedAuthor: KeyMapped, Equatable, Sendable {
    var id = 0
    var name = ""

    static let keyMap: [String: KeyMapping<KeyedAuthor>] = ["id": KeyMapping(\.id), "author_name": KeyMapping(\.name)]
}

@Suite("Schema-mapped, key-mapped and Hub mappers over a real HTTP server")
struct MappingDataMapperTests {
    static let mappedAuthors = Fixtures.authors.map { MappedAuthor(id: $0.id, name: $0.name) }
    static let keyedJSON =
        #"{"data": {"users": [{"id": 1, "author_name": "Ada"}, {"id": 2, "author_name": "Grace", "x": 0}]}}"#
    static let keyedAuthors = [KeyedAuthor(id: 1, name: "Ada"), KeyedAuthor(id: 2, name: "Grace")]

    static func load<Mapper: Sendable, Output: Sendable>(
        _ body: String, _ status: HTTPResponseStatus = .ok, mapper: Mapper,
        _ run: @escaping @Sendable (HTTPDataLoader<Mapper>) async throws -> Output
    ) async throws -> Output {
        try await TestHTTPServer.run(routes: ["/r": { _, response in try await response.respond(status, body) }]) {
            server in
            try await run(HTTPDataLoader(client: Fixtures.client(server), resourcePath: "/r", mapper: mapper))
        }
    }

    /// The load error thrown by `body`, which must be one.
    static func loadError(_ body: () async throws -> Void) async -> HTTPLoadError? {
        do {
            try await body()
        } catch {
            return error as? HTTPLoadError
        }
        return nil
    }

    @Test("a schema-mapped object at a root key path")
    func mappedObject() async throws {
        let json =
            #"{"status": "ok", "data": {"author": {"name": "Ada", "id": 1, "extra": [1, {"a": 2}]}}, "next": null}"#
        let author = try await Self.load(
            json, mapper: ObjectDataMapper(mapping: MappedAuthor.self, rootKeyPath: "data.author")
        ) {
            try await $0.load()
        }
        #expect(author == MappedAuthor(id: 1, name: "Ada"))
    }

    @Test("a schema-mapped array, loaded whole and streamed")
    func mappedArray() async throws {
        let mapper = MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "authors")
        let (loaded, streamed) = try await Self.load(Fixtures.authorsJSON, mapper: mapper) { loader in
            var streamed: [MappedAuthor] = []
            for try await author in loader.elements() { streamed.append(author) }
            return (try await loader.load(), streamed)
        }
        #expect(loaded == Self.mappedAuthors)
        #expect(streamed == Self.mappedAuthors)
    }

    @Test("a key-mapped object and a key-mapped array")
    func keyMapped() async throws {
        let object = try await Self.load(
            #"{"user": {"id": 7, "author_name": "Ada"}}"#,
            mapper: ObjectDataMapper(keyMapped: KeyedAuthor.self, rootKeyPath: "user")
        ) { try await $0.load() }
        #expect(object == KeyedAuthor(id: 7, name: "Ada"))
        let mapper = KeyMappedArrayDataMapper(of: KeyedAuthor.self, rootKeyPath: "data.users")
        let (loaded, streamed) = try await Self.load(Self.keyedJSON, mapper: mapper) { loader in
            var streamed: [KeyedAuthor] = []
            for try await author in loader.elements() { streamed.append(author) }
            return (try await loader.load(), streamed)
        }
        #expect(loaded == Self.keyedAuthors)
        #expect(streamed == Self.keyedAuthors)
    }

    @Test("the first schema-mapped element arrives before the server has sent the last byte")
    func mappedElementsStream() async throws {
        let expected = [MappedAuthor(id: 1, name: "Ada"), MappedAuthor(id: 2, name: "Grace")]
        try await Fixtures.expectFirstElementBeforeLastByte(expected) { client in
            HTTPDataLoader(
                client: client, resourcePath: "/authors",
                mapper: MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "authors")
            ).elements()
        }
    }

    @Test("the failures of every invalid element come out together, after the valid elements")
    func aggregatedArrayFailure() async throws {
        let json =
            #"{"authors": [{"id": 1, "name": "Ada"}, {"id": "two", "name": "Grace"}, {"id": 3}, {"id": 4, "name": "Barbara"}]}"#
        let mapper = MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "authors")
        let (valid, error) = try await Self.load(json, mapper: mapper) { loader in
            var valid: [MappedAuthor] = []
            let error = await Self.loadError {
                for try await author in loader.elements() { valid.append(author) }
            }
            return (valid, error)
        }
        #expect(valid.map(\.id) == [1, 4])
        let failure = try #require(error)
        #expect(failure.kind == .mapping)
        let mapping = try #require(failure.underlyingError as? MappingError)
        #expect(mapping.failures.map(\.path.description) == ["$.authors[1].id", "$.authors[2].name"])

        let loadError = await Self.loadError { _ = try await Self.load(json, mapper: mapper) { try await $0.load() } }
        #expect((loadError?.underlyingError as? MappingError)?.failures.count == 2)
    }

    @Test("an invalid schema-mapped or key-mapped object reports every failure with document paths")
    func aggregatedObjectFailure() async throws {
        let json = #"{"data": {"author": {"id": "one", "name": 2, "author_name": 3}}}"#
        let mapped = await Self.loadError {
            _ = try await Self.load(
                json, mapper: ObjectDataMapper(mapping: MappedAuthor.self, rootKeyPath: "data.author")
            ) {
                try await $0.load()
            }
        }
        #expect(mapped?.kind == .mapping)
        let failures = try #require((mapped?.underlyingError as? MappingError)?.failures)
        #expect(Set(failures.map(\.path.description)) == ["$.data.author.id", "$.data.author.name"])

        let keyed = await Self.loadError {
            _ = try await Self.load(
                json, mapper: ObjectDataMapper(keyMapped: KeyedAuthor.self, rootKeyPath: "data.author")
            ) {
                try await $0.load()
            }
        }
        #expect(keyed?.kind == .mapping)
        #expect((keyed?.underlyingError as? MappingError)?.failures.count == 2)
    }

    @Test("a Hub view model streams from the body; components arrive one by one")
    func hubViewModel() async throws {
        let json = #"""
            {"title": "Home",
             "body": [{"id": "a", "component": {"id": "default:row", "category": "row"}, "text": {"title": "First"}},
                      {"id": "b", "component": {"id": "default:row", "category": "row"}, "text": {"title": "Second"}}]}
            """#
        let viewModel = try await Self.load(json, mapper: ViewModelDataMapper()) { try await $0.load() }
        #expect(viewModel.navigationBarTitle == "Home")
        #expect(viewModel.bodyComponents.map(\.identifier) == ["a", "b"])
        #expect(viewModel.bodyComponents.map(\.title) == ["First", "Second"])

        let nested = try await Self.load(#"{"page": \#(json)}"#, mapper: ViewModelDataMapper(rootKeyPath: "page")) {
            try await $0.load()
        }
        #expect(nested == viewModel)

        let array = #"[{"id": "a", "text": {"title": "First"}}, {"id": "b", "text": {"title": "Second"}}]"#
        let titles = try await Self.load(array, mapper: ComponentsDataMapper()) { loader in
            var titles: [String?] = []
            for try await component in loader.elements() { titles.append(component.title) }
            return titles
        }
        #expect(titles == ["First", "Second"])
    }

    @Test("streaming mappers classify failures: status, invalid JSON, truncated body, a wrong root")
    func streamingFailures() async throws {
        let status = await Self.loadError {
            _ = try await Self.load("{}", .notFound, mapper: ViewModelDataMapper()) { try await $0.load() }
        }
        #expect(status?.kind == .status && status?.statusCode == 404)
        let invalid = await Self.loadError {
            _ = try await Self.load(
                #"{"authors": [{"id": 1,, }]}"#,
                mapper: MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "authors")
            ) {
                try await $0.load()
            }
        }
        #expect(invalid?.kind == .invalidJSON)
        #expect(invalid?.parseError?.location.column == 23)
        let wrongRoot = await Self.loadError {
            _ = try await Self.load("42", mapper: ViewModelDataMapper()) { try await $0.load() }
        }
        #expect(wrongRoot?.kind == .mapping)
        let cut: TestHTTPServer.Route = { _, response in
            try await response.head(startingBodyWith: #"{"body": [{"id": "a"}, {"id": "#)
        }
        let truncated = await Self.loadError {
            try await TestHTTPServer.run(routes: ["/cut": cut]) { server in
                _ = try await HTTPDataLoader(
                    client: Fixtures.client(server), resourcePath: "/cut", mapper: ViewModelDataMapper()
                ).load()
            }
        }
        #expect(truncated?.kind == .truncatedBody)
    }

    @Test("reloadable data sources take streaming mappers; a failed reload keeps the previous data")
    func dataSources() async throws {
        let invalid = #"{"authors": [{"id": 9, "name": "Zed"}, {"id": "x"}]}"#
        let home = #"{"title": "Home", "body": [{"id": "a"}]}"#
        let calls = ServerLog()
        let route: TestHTTPServer.Route = { _, response in
            calls.record("call")
            try await response.respond(.ok, calls.count(of: "call") == 1 ? Fixtures.authorsJSON : invalid)
        }
        let routes: [String: TestHTTPServer.Route] = [
            "/authors": route, "/home": { _, response in try await response.respond(.ok, home) },
        ]
        try await TestHTTPServer.run(routes: routes) { server async throws in
            let client = Fixtures.client(server)
            let authors = ReloadableArrayDataSource(
                loader: HTTPDataLoader(
                    client: client, resourcePath: "/authors",
                    mapper: MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "authors")))
            for try await _ in authors.reloadElements() {}
            #expect(authors.array == Self.mappedAuthors)
            let failure = await Self.loadError { for try await _ in authors.reloadElements() {} }
            #expect(failure?.kind == .mapping)
            #expect(authors.array == Self.mappedAuthors)
            #expect(authors.lastError?.kind == .mapping)

            let page = ReloadableObjectDataSource(
                loader: HTTPDataLoader(client: client, resourcePath: "/home", mapper: ViewModelDataMapper()))
            #expect(try await page.reload().navigationBarTitle == "Home")
            #expect(page.object?.bodyComponents.map(\.identifier) == ["a"])
        }
    }
}
