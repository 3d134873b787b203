import Foundation
import NIOCore
import Sift
import SiftHTTP
import SiftHub
import SiftMapping
import Testing

/// One mapper protocol family: a mapper reads the body as chunks (`DataMapper`), and one that
/// hands out elements is also an `ElementMapper`; loaders and data sources take both the same way.
@Suite("Mapper protocols")
struct MapperProtocolTests {
    /// Counts the body's bytes: a whole-result mapper written by a user.
    struct ByteCounter: DataMapper {
        func map(_ body: HTTPBodyChunks) async throws -> Int {
            var count = 0
            for try await chunk in body { count += chunk.count }
            return count
        }
    }

    /// The names of the authors, as they arrive: an element mapper built on another one.
    struct AuthorNames: ElementMapper {
        let authors = ArrayDataMapper(of: Author.self, rootKeyPath: "authors")

        func elements(in body: HTTPBodyChunks) -> AsyncThrowingMapSequence<ArrayDataMapper<Author>.Elements, String> {
            authors.elements(in: body).map(\.name)
        }
    }

    /// Fails after reading the body: its error is a mapping error of the load.
    struct Refusing: DataMapper {
        func map(_ body: HTTPBodyChunks) async throws -> Int {
            for try await _ in body {}
            throw DataMapperError(message: "refused", path: .root)
        }
    }

    @Test func userMappersWorkWithLoadersAndDataSources() async throws {
        try await TestHTTPServer.run(routes: [
            "/authors": { _, response in try await response.respond(.ok, Fixtures.authorsJSON) }
        ]) { server async throws in
            let client = Fixtures.client(server)
            let counter = HTTPDataLoader(client: client, resourcePath: "/authors", mapper: ByteCounter())
            #expect(try await counter.load() == Fixtures.authorsJSON.utf8.count)
            let counted = ReloadableObjectDataSource(loader: counter)
            _ = try await counted.reload()
            #expect(counted.object == Fixtures.authorsJSON.utf8.count)

            let names = HTTPDataLoader(client: client, resourcePath: "/authors", mapper: AuthorNames())
            #expect(try await names.load() == Fixtures.authors.map(\.name))
            var streamed: [String] = []
            for try await name in names.elements() { streamed.append(name) }
            #expect(streamed == Fixtures.authors.map(\.name))
            let source = ReloadableArrayDataSource(loader: names)
            try await source.reload()
            #expect(source.array == Fixtures.authors.map(\.name))

            let refusing = HTTPDataLoader(client: client, resourcePath: "/authors", mapper: Refusing())
            let error = await #expect(throws: HTTPLoadError.self) { try await refusing.load() }
            #expect(error?.kind == .mapping)
            #expect(error?.underlyingError is DataMapperError)
        }
    }

    @Test(arguments: [1, 7, 4096])
    func arrayMapperElementsMatchItsSession(size: Int) async throws {
        try await TestHTTPServer.run(routes: [
            "/authors": { _, response in
                try await response.head()
                for piece in Fixtures.pieces(Fixtures.authorsJSON, size: size) {
                    try await response.write(piece)
                }
                try await response.end()
            }
        ]) { server async throws in
            let loader = HTTPDataLoader(
                client: Fixtures.client(server), resourcePath: "/authors",
                mapper: ArrayDataMapper(of: Author.self, rootKeyPath: "authors"))
            var streamed: [Author] = []
            for try await author in loader.elements() { streamed.append(author) }
            #expect(streamed == Fixtures.authors)
            #expect(try await loader.load() == Fixtures.authors)
        }
    }

    /// `text` as a stream of buffers of `size` bytes, like a response body read by other means.
    static func body(_ text: String, size: Int) -> HTTPBodyChunks {
        let pieces = Fixtures.pieces(text, size: size)
        return HTTPBodyChunks(
            AsyncStream { continuation in
                for piece in pieces { continuation.yield(piece) }
                continuation.finish()
            })
    }

    @Test(arguments: [1, 5, 4096])
    func everyMapperMapsABodyReadByOtherMeans(size: Int) async throws {
        let authors = ArrayDataMapper(of: Author.self, rootKeyPath: "authors")
        #expect(try await authors.map(Self.body(Fixtures.authorsJSON, size: size)) == Fixtures.authors)
        var streamed: [Author] = []
        for try await author in authors.elements(in: Self.body(Fixtures.authorsJSON, size: size)) {
            streamed.append(author)
        }
        #expect(streamed == Fixtures.authors)
        let post = ObjectDataMapper(Post.self, rootKeyPath: "$.post")
        #expect(try await post.map(Self.body(Fixtures.postJSON, size: size)) == Fixtures.post)
        let mapped = MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "$.authors")
        let names = try await mapped.map(Self.body(Fixtures.authorsJSON, size: size)).map(\.name)
        #expect(names == Fixtures.authors.map(\.name))
        let home = try await ViewModelDataMapper(rootKeyPath: "$.page")
            .map(Self.body(#"{"page": {"title": "Home"}}"#, size: size))
        #expect(home.navigationBarTitle == "Home")
        #expect(try await ByteCounter().map(Self.body("[1, 2]", size: size)) == 6)
    }

    @Test func siftMappingMappersRejectAPathThatNamesNoMembers() async throws {
        let error = await #expect(throws: DataMapperError.self) {
            _ = try await MappedArrayDataMapper(of: MappedAuthor.self, rootKeyPath: "$.authors[*]")
                .map(Self.body(Fixtures.authorsJSON, size: 64))
        }
        #expect(
            error?.message
                == "root key path `$.authors[*]` must name object members, such as `$.data.authors` or `$['a.b']`")
        let keyed = await #expect(throws: DataMapperError.self) {
            _ = try await KeyMappedArrayDataMapper(of: KeyedAuthor.self, rootKeyPath: "$..authors")
                .map(Self.body(Fixtures.authorsJSON, size: 64))
        }
        #expect(keyed?.message.hasPrefix("root key path `$..authors` must name object members") == true)
    }
}
