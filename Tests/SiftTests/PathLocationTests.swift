import Foundation
import Testing

@testable import Sift

/// Where matches are: a container matched from an in-memory input is located only when someone
/// asks (during the event that delivers it); the answer must be the one the same bytes give when
/// they arrive in pieces, where every container is located as it opens.
@Suite("Match locations on demand")
struct PathLocationTests {
    /// Every match of `paths` with its path and location, in delivery order: reading each scalar's
    /// place first moves the line cursor past the start of the containers around it.
    static func places(_ paths: [String], _ input: JSONInput) throws -> [String] {
        var places: [String] = []
        var query = JSONQuery()
        for path in paths {
            query.add(try JSONPath(path).value) { match in
                places.append("\(match.path.normalized) \(match.location)")
            }
        }
        try query.run(input)
        return places
    }

    static let documents: [String] = [
        "{\"items\": [\n  {\"id\": 1, \"tags\": [\"a\", \"b\"],\n   \"deep\": {\"x\": [1, {\"y\": 2}]}},\n  {\"id\": 2}\n]}\n",
        "{\"items\":[{\"id\":1,\"tags\":[\"a\"],\"deep\":{\"x\":[1,{\"y\":2}]}},{\"id\":2,\"tags\":[]}]}",
        "{\r\n \"items\": [\r\n  {\"id\": 1,\r\n   \"tags\": [\"a\"]},\r\n  {\"id\": 2, \"deep\": {\"x\": []}}\r\n ]\r\n}",
        "\n\n[\n{\"items\": [{\"id\": \"é\\n\", \"deep\": {\"x\": [[], [{}]]}}]}\n]",
    ]

    @Test("Containers located on demand are where they are located as they open", arguments: documents.indices)
    func onDemandEqualsEager(index: Int) async throws {
        let text = Self.documents[index]
        let paths = ["$..items[*]", "$..id", "$..deep", "$..x[*]", "$..tags[*]", "$..y"]
        let whole = try Self.places(paths, .string(text))
        #expect(!whole.isEmpty)
        for size in [1, 2, 7, 64] {
            var query = JSONQuery()
            var pieces: [String] = []
            for path in paths {
                query.add(try JSONPath(path).value) { match in
                    pieces.append("\(match.path.normalized) \(match.location)")
                }
            }
            try await query.run(chunks: TokenizerTestSupport.chunks(of: Array(text.utf8), size: size))
            #expect(pieces == whole, "pieces of \(size)")
        }
    }
}
