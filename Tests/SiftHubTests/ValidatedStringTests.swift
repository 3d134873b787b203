import Foundation
import Sift
import Testing

@testable import SiftHub

/// Hub strings are made without checking their UTF-8 again when the tokenizer validated it: they
/// equal the decoded text, and without validation invalid bytes still become U+FFFD.
@Suite("Hub strings from validated text")
struct ValidatedStringTests {
    @Test func stringsEqualTheirDecodedText() async throws {
        let json = #"""
            {"title":"caf\u00e9 \ud800","body":[{"id":"日本","text":{"title":"日本語 😀","subtitle":"\u65e5"},
            "metadata":{"ключ":"значение"}}]}
            """#
        var models = [try ViewModel(parsing: .string(json))]
        for chunkSize in [1, 3] { models.append(try await ViewModel(parsing: chunks(json, size: chunkSize))) }
        for model in models {
            #expect(model.navigationBarTitle == "café \u{FFFD}")
            #expect(model.bodyComponents.map(\.identifier) == ["日本"])
            #expect(model.bodyComponents.first?.title == "日本語 😀")
            #expect(model.bodyComponents.first?.subtitle == "日")
            #expect(model.bodyComponents.first?.metadata?["ключ"] == .string("значение"))
        }
    }

    @Test func unvalidatedInvalidBytesBecomeReplacementCharacters() throws {
        var options = JSONParserOptions()
        options.validatesUTF8 = false
        let invalid: [UInt8] = [0xED, 0xA0, 0x80]
        var json = Array(#"{"title":"a"#.utf8) + invalid + Array(#"","body":[{"id":"i"#.utf8) + invalid
        json += Array(#"","text":{"title":"t"#.utf8) + invalid + Array(#""},"metadata":{"k":"m"#.utf8) + invalid
        json += Array(#""}}]}"#.utf8)
        let model = try ViewModel(parsing: .bytes(json), options: options)
        let repaired = { (prefix: String) in String(decoding: Array(prefix.utf8) + invalid, as: UTF8.self) }
        #expect(model.navigationBarTitle == repaired("a"))
        #expect(model.bodyComponents.map(\.identifier) == [repaired("i")])
        #expect(model.bodyComponents.first?.title == repaired("t"))
        #expect(model.bodyComponents.first?.metadata?["k"] == .string(repaired("m")))
    }
}
