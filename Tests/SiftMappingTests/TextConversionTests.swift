import Foundation
import Sift
import SiftMapping
import Testing

/// Strings and URLs of mapped scalars: made from the tokenizer's bytes without checking UTF-8
/// again when the tokenizer validates it, they are the same as when it does not, whole and fed
/// in chunks down to one byte.
@Suite("Mapped text")
struct TextConversionTests {
    struct Entry: Mappable, Equatable {
        let title: String
        let link: URL
        let label: String?

        static let schema = MappingSchema {
            Property("title", .string)
            Property("link", .url)
            Property("label", .string, optional: true)
        }

        init(title: String, link: URL, label: String?) {
            self.title = title
            self.link = link
            self.label = label
        }

        init(entity: MappedEntity) throws {
            title = try entity.value(for: "title")
            link = try entity.value(for: "link")
            label = try entity.optionalValue(for: "label")
        }
    }

    static let json = #"""
        [{"title": "café ☕ 日本語", "link": "https://example.com/caf%C3%A9?q=1", "label": "plain"},
         {"title": "\u00e9\ud83d\ude00 \"quoted\"\n", "link": "/relative/path", "label": null},
         {"title": "", "link": "https://a.b/c", "label": "𝄞 clef"}]
        """#

    static let expected = [
        Entry(title: "café ☕ 日本語", link: URL(string: "https://example.com/caf%C3%A9?q=1")!, label: "plain"),
        Entry(title: "é😀 \"quoted\"\n", link: URL(string: "/relative/path")!, label: nil),
        Entry(title: "", link: URL(string: "https://a.b/c")!, label: "𝄞 clef"),
    ]

    @Test("the same strings and URLs with UTF-8 validated or not", arguments: [true, false])
    func validatedOrNot(validates: Bool) throws {
        var options = JSONParserOptions()
        options.validatesUTF8 = validates
        let bytes = Array(Self.json.utf8)
        #expect(try Mapper.decodeArray(of: Entry.self, from: .bytes(bytes), options: options) == Self.expected)
        var streamed: [Entry] = []
        try Mapper.forEachElement(of: Entry.self, from: .bytes(bytes), options: options) { streamed.append($0) }
        #expect(streamed == Self.expected)
    }

    @Test("the same in chunks down to one byte", arguments: [1, 2, 3, 7, 64])
    func chunked(size: Int) async throws {
        for validates in [true, false] {
            var options = JSONParserOptions()
            options.validatesUTF8 = validates
            let entries = try await Mapper.decodeArray(
                of: Entry.self, from: chunks(of: Self.json, size: size), options: options)
            #expect(entries == Self.expected, "validatesUTF8 \(validates)")
        }
    }

    @Test("invalid UTF-8 is refused when validated, repaired when not")
    func invalidBytes() throws {
        var bytes = Array(#"[{"title": "a"#.utf8)
        bytes.append(0xFF)
        bytes += Array(#"b", "link": "/x"}]"#.utf8)
        #expect(throws: JSONParseError.self) { try Mapper.decodeArray(of: Entry.self, from: .bytes(bytes)) }
        var options = JSONParserOptions()
        options.validatesUTF8 = false
        let entries = try Mapper.decodeArray(of: Entry.self, from: .bytes(bytes), options: options)
        #expect(entries.map(\.title) == ["a\u{FFFD}b"])
    }
}
