import Foundation
import NIOCore
import Sift
import SiftHub
import SiftMapping
import Testing

@testable import SiftHTTP

/// NIO `ByteBuffer`s and their asynchronous sequences (AsyncHTTPClient's body) as inputs of every
/// Sift API, through SiftHTTP's adapters.
@Suite("ByteBuffer inputs")
struct ByteBufferInputTests {
    /// The pieces of `text` as a `Sendable` stream of buffers, like a response body.
    static func body(_ text: String, size: Int) -> AsyncStream<ByteBuffer> {
        let pieces = Fixtures.pieces(text, size: size)
        return AsyncStream { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
    }

    @Test func bufferIsJSONInput() throws {
        var buffer = ByteBuffer(string: "garbage")
        buffer.moveReaderIndex(forwardBy: 7)
        buffer.writeString(Fixtures.authorsJSON)
        let names = try JSONQuery.collect(try JSONPath("$.authors[*].name").string, from: .byteBuffer(buffer))
        #expect(names == Fixtures.authors.map(\.name))
        #expect(buffer.readableBytes == Fixtures.authorsJSON.utf8.count)
    }

    @Test(arguments: [1, 3, 64, 100_000])
    func bufferSequenceFeedsEveryAsyncAPI(size: Int) async throws {
        var query = JSONQuery()
        let names = query.add(try JSONPath("$.authors[*].name").string)
        let results = try await query.run(chunks: Self.body(Fixtures.authorsJSON, size: size).byteChunks)
        #expect(results[names] == Fixtures.authors.map(\.name))

        var ids: [Int] = []
        for try await id in Self.body(Fixtures.authorsJSON, size: size).byteChunks.jsonValues(
            at: try JSONPath("$.authors[*].id").integer)
        {
            ids.append(id)
        }
        #expect(ids == Fixtures.authors.map(\.id))

        let home = try await ViewModel(parsing: Self.body(#"{"title": "Home", "body": []}"#, size: size).byteChunks)
        #expect(home.navigationBarTitle == "Home")
    }
}
