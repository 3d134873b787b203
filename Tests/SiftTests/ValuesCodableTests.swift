import Foundation
import SiftCorpora
import Testing

@testable import Sift

@Suite("JSONValue through Codable")
struct ValuesCodableTests {
    static let samples: [String] = [
        "null", "true", "false", "0", "-17", "0.5", "1e-7", "\"text é \\u0000\"", "[]", "{}",
        #"[1, 2.5, "x", null, true, {"a": []}]"#,
        #"{"id": 9223372036854775807, "u": 18446744073709551615, "big": 123456789012345678901234567890}"#,
        #"{"nested": {"deeper": {"list": [{"k": -1.25e10}]}}}"#,
    ]

    @Test(arguments: samples)
    func encodesAsTheJSONItRepresents(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONValue(parsing: encoded) == value)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(decoded == value)
    }

    @Test func numbersStayNumbers() throws {
        let data = try JSONEncoder().encode([JSONNumber(text: "12345678901234567890123")!, 0.1, 7])
        #expect(String(decoding: data, as: UTF8.self) == "[12345678901234567890123,0.1,7]")
        let numbers = try JSONDecoder().decode(
            [JSONNumber].self, from: Data("[12345678901234567890123, 0.1, 7, 1e2]".utf8))
        #expect(numbers.map(\.text) == ["12345678901234567890123", "0.1", "7", "100"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(JSONNumber.self, from: Data(#""7""#.utf8))
        }
    }

    @Test func valuesInsideCodableModels() throws {
        struct Envelope: Codable, Equatable {
            var id: Int
            var payload: JSONValue
            var extra: JSONObject
        }
        let envelope = Envelope(id: 3, payload: ["a": [1, .null]], extra: ["b": "c"])
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
        #expect(try JSONValue(parsing: data) == ["id": 3, "payload": ["a": [1, .null]], "extra": ["b": "c"]])
    }

    /// canada.json (numbers only, 2 MB) is left out: the number cases above cover it, and
    /// JSONDecoder alone would take most of the suite's time in a debug build.
    @Test(.enabled(if: Corpora.isAvailable), arguments: ["twitter.json", "citm_catalog.json"])
    func corpusRoundTripsThroughJSONEncoderAndDecoder(_ name: String) throws {
        let bytes = try Corpora.bytes(name)
        let value = try JSONValue(parsing: bytes)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        #expect(decoded == value)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONValue(parsing: encoded) == value)
    }
}
