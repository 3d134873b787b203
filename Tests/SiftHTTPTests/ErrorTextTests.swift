import Foundation
import Sift
import Testing

@testable import SiftHTTP

/// The text of mapping errors: a `DecodingError` reads once, without Swift's doubled period or
/// a repeated message, and a load error does not repeat its mapping error's message.
@Suite("Mapping error text")
struct ErrorTextTests {
    private let missingName = #"{"a":[{"id":1}]}"#

    @Test("a DecodingError is its case, coding path and debug description, once")
    func decodingError() throws {
        let streamed = #expect(throws: DecodingError.self) {
            try JSONInput.string(missingName).decodeValues(at: "$.a[*]", as: Author.self)
        }
        let located = DataMapperError(message: "cannot decode Author at $.a[0]", path: [], underlyingError: streamed)
        #expect(
            located.description
                == #"1:7: cannot decode Author at $.a[0]: keyNotFound at a[0]: No value associated with key CodingKeys(stringValue: "name", intValue: nil) ("name")"#
        )

        let foundation = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: [Author]].self, from: Data(#"{"a":[{"id":null,"name":"x"}]}"#.utf8))
        }
        let unlocated = DataMapperError(message: "cannot decode", path: [], underlyingError: foundation)
        #expect(
            unlocated.description
                == "cannot decode: valueNotFound at a[0].id: Cannot get value of type Int -- found null value instead")
    }

    @Test("a load error's mapping line adds the place and the cause, not the message again")
    func loadErrorOnce() throws {
        let cause = DecodingError.typeMismatch(
            Int.self, .init(codingPath: [JSONCodingKeyForTests("id")], debugDescription: "Expected to decode Int."))
        let mapping = DataMapperError(message: "cannot decode Author at $.authors[1]", path: [], underlyingError: cause)
        let error = HTTPLoadError(.mapping, mapping.message, url: "http://x/authors", underlyingError: mapping)
        #expect(
            error.description == """
                mapping error: cannot decode Author at $.authors[1] (http://x/authors)
                typeMismatch at id: Expected to decode Int
                """)

        let plain = HTTPLoadError(.mapping, "not a list", url: "http://x/a", underlyingError: PlainError())
        #expect(plain.description == "mapping error: not a list (http://x/a)")
    }

    private struct PlainError: Error, CustomStringConvertible {
        var description: String { "not a list" }
    }
}

/// A coding key made of a name.
struct JSONCodingKeyForTests: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
