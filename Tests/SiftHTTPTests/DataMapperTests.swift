import Foundation
import NIOCore
import Sift
import Testing

@testable import SiftHTTP

@Suite("Data mappers, fed chunk by chunk")
struct DataMapperTests {
    @Test("array elements are the same for every chunk size", arguments: [1, 2, 3, 5, 8, 13, 64, 4096])
    func arrayElementsForEveryChunkSize(size: Int) throws {
        var session = ArrayDataMapper(of: Author.self, rootKeyPath: "authors").makeElementSession()
        var elements: [Author] = []
        for piece in Fixtures.pieces(Fixtures.authorsJSON, size: size) {
            elements += try session.consume(piece)
        }
        elements += try session.finish()
        #expect(elements == Fixtures.authors)
    }

    @Test("each element is handed out by the chunk that closes it")
    func elementsCompleteWithTheirClosingChunk() throws {
        var session = ArrayDataMapper(of: Int.self).makeElementSession()
        #expect(try session.consume(ByteBuffer(string: "[1, 22")) == [1])
        #expect(try session.consume(ByteBuffer(string: ", {")) == [22])
        var objects = ArrayDataMapper(of: Author.self).makeElementSession()
        #expect(try objects.consume(ByteBuffer(string: #"[{"id":1,"name":"Ada"}, {"id":2,"#)) == [Fixtures.authors[0]])
        #expect(try objects.consume(ByteBuffer(string: #""name":"Grace"}"#)) == [Fixtures.authors[1]])
        #expect(try objects.consume(ByteBuffer(string: "]")).isEmpty)
        #expect(try objects.finish().isEmpty)
    }

    @Test("an object at a nested root key path, for every chunk size", arguments: [1, 7, 4096])
    func objectAtNestedKeyPath(size: Int) throws {
        let json =
            #"{"meta": {"post": 1}, "data": {"other": {"post": 2}, "post": {"id": 14332, "slug": "s", "title": "t"}}}"#
        var session = ObjectDataMapper(Post.self, rootKeyPath: "data.post").makeSession()
        for piece in Fixtures.pieces(json, size: size) { try session.consume(piece) }
        #expect(try session.finish() == Post(id: 14332, slug: "s", title: "t"))
    }

    @Test("strings keep their escapes through the capture")
    func escapedStrings() throws {
        struct Content: Decodable { let content: String }
        var session = ObjectDataMapper(Content.self, rootKeyPath: "post").makeSession()
        for piece in Fixtures.pieces(Fixtures.postJSON, size: 3) { try session.consume(piece) }
        #expect(try session.finish().content == "Streaming \"quoted\" \\ text\n")

        var strings = ArrayDataMapper(of: String.self).makeElementSession()
        let text = #"["a\"b", "\\", "\u0001\n", "é😀"]"#
        var result: [String] = []
        for piece in Fixtures.pieces(text, size: 1) { result += try strings.consume(piece) }
        result += try strings.finish()
        #expect(result == ["a\"b", "\\", "\u{01}\n", "é😀"])
    }

    @Test("the whole document, a top-level scalar and JSONValue transforms")
    func rootValues() throws {
        var root = ObjectDataMapper(Int.self).makeSession()
        try root.consume(ByteBuffer(string: " 4"))
        try root.consume(ByteBuffer(string: "2 "))
        #expect(try root.finish() == 42)

        var values = ArrayDataMapper(rootKeyPath: "authors") { value -> String in
            guard case .object(let author) = value, case .string(let name)? = author["name"] else {
                throw DataMapperError(message: "author without a name", path: [.key("authors")])
            }
            return name
        }.makeSession()
        try values.consume(ByteBuffer(string: Fixtures.authorsJSON))
        #expect(try values.finish() == ["Ada", "Grace", "Barbara"])
    }

    @Test("the first of duplicate members is used")
    func duplicateMembers() throws {
        var session = ArrayDataMapper(of: Int.self, rootKeyPath: "a").makeSession()
        try session.consume(ByteBuffer(string: #"{"a": [1], "a": [2]}"#))
        #expect(try session.finish() == [1])
    }

    @Test("nothing at the root key path is a mapping error that says why")
    func missingKeyPath() throws {
        var session = ArrayDataMapper(of: Int.self, rootKeyPath: "data.authors").makeSession()
        try session.consume(ByteBuffer(string: #"{"data": {"posts": []}}"#))
        let error = #expect(throws: DataMapperError.self) { try session.finish() }
        #expect(error?.message == "no value at root key path `data.authors`: `data` has no member `authors`")

        var notObject = ObjectDataMapper(Int.self, rootKeyPath: "data.count").makeSession()
        try notObject.consume(ByteBuffer(string: #"{"data": [1]}"#))
        let second = #expect(throws: DataMapperError.self) { try notObject.finish() }
        #expect(second?.message == "no value at root key path `data.count`: `data` is an array, not an object")
    }

    @Test("an array mapper finding no array reports where")
    func notAnArray() throws {
        var session = ArrayDataMapper(of: Int.self, rootKeyPath: "authors").makeElementSession()
        let error = #expect(throws: JSONParseError.self) {
            _ = try session.consume(ByteBuffer(string: #"{"authors": {"id": 1}}"#))
        }
        let mapping = try #require(error?.underlyingError as? DataMapperError)
        #expect(mapping.message == "expected an array at root key path `authors`, found an object")
        #expect(mapping.location?.column == 13)
    }

    @Test("a decoding failure names the element")
    func decodingFailure() throws {
        var session = ArrayDataMapper(of: Author.self, rootKeyPath: "authors").makeElementSession()
        let error = #expect(throws: DataMapperError.self) {
            _ = try session.consume(ByteBuffer(string: #"{"authors": [{"id": 1, "name": "Ada"}, {"id": "two"}]}"#))
        }
        #expect(error?.path.description == "$.authors[1]")
        #expect(error?.underlyingError is DecodingError)
    }

    @Test("the JSONValueDecoder's strategies and userInfo apply, also taken from a JSONDecoder")
    func decoderSettings() throws {
        struct Member: Decodable, Equatable {
            static let origin = CodingUserInfoKey(rawValue: "origin")!
            let userName: String
            let joinedAt: Date
            var origin = ""
            enum CodingKeys: String, CodingKey { case userName, joinedAt }
            init(userName: String, joinedAt: Date, origin: String) {
                (self.userName, self.joinedAt, self.origin) = (userName, joinedAt, origin)
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                userName = try container.decode(String.self, forKey: .userName)
                joinedAt = try container.decode(Date.self, forKey: .joinedAt)
                origin = decoder.userInfo[Self.origin] as? String ?? "none"
            }
        }
        let json =
            #"{"members": [{"user_name": "ada", "joined_at": 1700000000}, {"user_name": "grace", "joined_at": 0}]}"#
        let expected = [
            Member(userName: "ada", joinedAt: Date(timeIntervalSince1970: 1_700_000_000), origin: "feed"),
            Member(userName: "grace", joinedAt: Date(timeIntervalSince1970: 0), origin: "feed"),
        ]
        var configured = JSONValueDecoder()
        configured.keyDecodingStrategy = .convertFromSnakeCase
        configured.dateDecodingStrategy = .secondsSince1970
        configured.userInfo[Member.origin] = "feed"
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.dateDecodingStrategy = .secondsSince1970
        foundation.userInfo[Member.origin] = "feed"
        for (label, decoder) in [
            ("JSONValueDecoder", configured), ("matching", try #require(JSONValueDecoder(matching: foundation))),
        ] {
            var elements = ArrayDataMapper(of: Member.self, rootKeyPath: "members", decoder: decoder)
                .makeElementSession()
            var members: [Member] = []
            for piece in Fixtures.pieces(json, size: 5) { members += try elements.consume(piece) }
            members += try elements.finish()
            #expect(members == expected, "\(label)")

            var object = ObjectDataMapper([Member].self, rootKeyPath: "members", decoder: decoder).makeSession()
            for piece in Fixtures.pieces(json, size: 5) { try object.consume(piece) }
            #expect(try object.finish() == expected, "\(label)")

            var failing = ArrayDataMapper(of: Member.self, rootKeyPath: "members", decoder: decoder)
                .makeElementSession()
            let error = #expect(throws: DataMapperError.self) {
                _ = try failing.consume(ByteBuffer(string: #"{"members": [{"user_name": "ada", "joined_at": "now"}]}"#))
            }
            #expect(error?.path.description == "$.members[0]")
            guard case .typeMismatch(_, let context)? = error?.underlyingError as? DecodingError else {
                Issue.record("\(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["joinedAt"])
        }
    }
}
