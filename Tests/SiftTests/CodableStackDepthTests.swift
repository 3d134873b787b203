import Foundation
import Sift
import Testing

/// A recursive `Decodable` nested as deep as the default depth limit allows decodes on a small
/// thread stack, from bytes and from a `JSONValue`.
///
/// Codable recurses: each level of the type is a call of its `init(from:)` inside the decoder's
/// own frames. Released, a level takes about 780 bytes, so the default limit's 512 levels fit
/// the 512 KB of a secondary thread on Apple platforms (Swift concurrency's threads there);
/// the debug build takes about four times as much, so there the stack is 2 MB.
@Suite struct CodableStackDepthTests {
    final class Chain: Decodable, Sendable {
        let next: Chain?

        var length: Int {
            var count = 1
            var link = next
            while let current = link {
                count += 1
                link = current.next
            }
            return count
        }
    }

    struct Tree: Decodable, Sendable {
        let children: [Tree]
    }

    #if DEBUG
        static let stackSize = 2 << 20
    #else
        static let stackSize = 512 << 10
    #endif

    static let depth = JSONParserOptions().maximumDepth

    /// `body`'s result, run on a thread of ``stackSize`` bytes of stack.
    private func onSmallStack<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let outcome: Result<T, any Error> = await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: Result { try body() }) }
            thread.stackSize = Self.stackSize
            thread.start()
        }
        return try outcome.get()
    }

    @Test func optionalMembersAtTheDefaultLimit() async throws {
        let text =
            String(repeating: #"{"next":"#, count: Self.depth - 1) + #"{"next":null}"#
            + String(repeating: "}", count: Self.depth - 1)
        let fromBytes = try await onSmallStack {
            try JSONValueDecoder().decode(Chain.self, from: Data(text.utf8)).length
        }
        #expect(fromBytes == Self.depth)
        let value = try JSONValue(parsing: text)
        let fromValue = try await onSmallStack { try JSONValueDecoder().decode(Chain.self, from: value).length }
        #expect(fromValue == Self.depth)
    }

    @Test func arraysOfObjectsAtTheDefaultLimit() async throws {
        let levels = Self.depth / 2
        let text =
            String(repeating: #"{"children":["#, count: levels - 1) + #"{"children":[]}"#
            + String(repeating: "]}", count: levels - 1)
        @Sendable func height(_ tree: Tree) -> Int {
            var height = 1
            var level = tree.children
            while let first = level.first {
                height += 1
                level = first.children
            }
            return height
        }
        let fromBytes = try await onSmallStack {
            try height(JSONValueDecoder().decode(Tree.self, from: Data(text.utf8)))
        }
        #expect(fromBytes == levels)
        let value = try JSONValue(parsing: text)
        let fromValue = try await onSmallStack { try height(JSONValueDecoder().decode(Tree.self, from: value)) }
        #expect(fromValue == levels)
    }

    /// A `JSONValue` is built without recursion: at `JSONValue.maximumDepth`, with the limit
    /// raised, from bytes, from a value and as a member of a struct read at a path.
    @Test func jsonValuesAtTheirOwnLimit() async throws {
        let levels = JSONValue.maximumDepth / 2
        let text = String(repeating: #"{"a":["#, count: levels) + "1" + String(repeating: "]}", count: levels)
        var options = JSONParserOptions()
        options.maximumDepth = JSONValue.maximumDepth + 3
        let expected = try JSONValue(parsing: text, options: options)
        let fromBytes = try await onSmallStack { [options] in
            try JSONValueDecoder().decode(JSONValue.self, from: Data(text.utf8), options: options)
        }
        #expect(fromBytes == expected)
        let fromValue = try await onSmallStack { try JSONValueDecoder().decode(JSONValue.self, from: expected) }
        #expect(fromValue == expected)
        struct Holder: Decodable, Sendable {
            let id: Int
            let body: JSONValue
        }
        // The element holding it is a level deeper, and a captured element is a JSONValue too.
        let body = String(repeating: #"{"a":["#, count: levels - 1) + "1" + String(repeating: "]}", count: levels - 1)
        let document = #"{"items":[{"id":1,"body":"# + body + "}]}"
        let held = try await onSmallStack { [options] in
            try JSONInput.string(document).decodeValues(at: "$.items[*]", as: Holder.self, options: options)
        }
        #expect(held.map(\.id) == [1])
        #expect(held.first?.body == (try JSONValue(parsing: body, options: options)))
    }

    @Test func oneLevelMoreIsALocatedError() throws {
        let text =
            String(repeating: #"{"next":"#, count: Self.depth + 1) + "null"
            + String(repeating: "}", count: Self.depth + 1)
        do {
            _ = try JSONValueDecoder().decode(Chain.self, from: Data(text.utf8))
            Issue.record("decoded beyond the depth limit")
        } catch DecodingError.dataCorrupted(let context) {
            let parseError = try #require(context.underlyingError as? JSONParseError)
            #expect(parseError.location.offset == 8 * Self.depth)
        }
    }
}
