import Foundation
import Sift
import Testing

@Suite("JSONValueDecoder from JSON text")
struct CodableDataDecodingTests {
    struct Repo: Decodable, Equatable {
        var name: String
        var stars: Int
        var tags: [String]
        var homepage: URL?
    }

    static let text = #"{"name":"sift","stars":42,"tags":["json","stream"],"homepage":"https://example.com/sift"}"#

    @Test func decodesLikeJSONDecoder() throws {
        let data = Data(Self.text.utf8)
        let expected = try JSONDecoder().decode(Repo.self, from: data)
        #expect(try JSONValueDecoder().decode(Repo.self, from: data) == expected)
        #expect(try JSONValueDecoder().decode([Int].self, from: Data("[1,2,3]".utf8)) == [1, 2, 3])
        #expect(try JSONValueDecoder().decode(String.self, from: Data(#""top""#.utf8)) == "top")
    }

    @Test(arguments: [#"{"name":"sift","#, "", #"{"name":"sift","stars":1,"tags":[]} {}"#])
    func invalidJSONIsDataCorruptedWithTheParseError(text: String) throws {
        do {
            _ = try JSONValueDecoder().decode(Repo.self, from: Data(text.utf8))
            Issue.record("decoded invalid JSON")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "The given data was not valid JSON.")
            #expect(context.underlyingError is JSONParseError)
        }
    }

    @Test func aMismatchIsTheDecodingErrorOfTheMember() throws {
        do {
            _ = try JSONValueDecoder().decode(Repo.self, from: Data(#"{"name":"sift","stars":"many","tags":[]}"#.utf8))
            Issue.record("decoded a string as an Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["stars"])
        }
    }
}
