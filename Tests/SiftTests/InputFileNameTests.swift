import Foundation
import Testing

@testable import Sift

/// A string is JSON text, never a file name: text that looks like one says so in its error, and
/// files are read by path or by file URL.
@Suite struct InputFileNameTests {
    static let hint = "looks like a file name, but a string is JSON text"

    @Test(arguments: ["home.json", "feed.json", "null.json", "/var/data/feed.json", "data/home", " home.jsonl "])
    func textLookingLikeAFileNameSaysSo(text: String) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONTokenizer.validate(.string(text)) }
        #expect(error.kind == .invalidSyntax)
        let name = text.trimmingCharacters(in: .whitespaces)
        #expect(error.message.hasSuffix(#"use JSONInput.file("\#(name)") to read the file"#))
        #expect(error.message.contains(Self.hint))
    }

    @Test func literalGetsTheHintThroughEveryEntryPoint() async throws {
        let literal: JSONInput = "home.json"
        let syncError = try #require(throws: JSONParseError.self) {
            try JSONQuery.collect(JSONPath.root.value, from: literal)
        }
        #expect(syncError.message.contains(Self.hint))
        let asyncError = await #expect(throws: JSONParseError.self) {
            for try await _ in literal.values(at: JSONPath.root.value) {}
        }
        #expect(asyncError?.message == syncError.message)
        #expect(asyncError?.description == syncError.description)
    }

    @Test(arguments: ["{\"a\":", "1.5e", "[1,2", "{bad}", "tru", "hello", "a b.json\nc"])
    func otherInvalidTextKeepsItsMessage(text: String) throws {
        let error = try #require(throws: JSONParseError.self) { try JSONTokenizer.validate(.string(text)) }
        #expect(!error.message.contains(Self.hint))
    }

    @Test func jsonIsTheExplicitLiteral() throws {
        #expect(try JSONQuery.collect(JSONPath.root.goTo("a").integer, from: .json(#"{"a":1}"#)) == [1])
        #expect(JSONInput.json("[]").name == nil)
    }

    @Test func fileURLIsReadLikeItsPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-url-\(UUID().uuidString).json")
        try Data(#"{"items":[1,2,3]}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try JSONQuery.collect(try JSONPath("$.items[*]").integer, from: .file(url)) == [1, 2, 3])
        #expect(JSONInput.file(url).name == url.path)
    }

    @Test func urlThatIsNotAFileNamesItself() throws {
        let url = try #require(URL(string: "https://example.com/feed.json"))
        let error = try #require(throws: JSONParseError.self) { try JSONTokenizer.validate(.file(url)) }
        #expect(error.kind == .inputError)
        #expect(error.message.contains("https://example.com/feed.json"))
    }
}
