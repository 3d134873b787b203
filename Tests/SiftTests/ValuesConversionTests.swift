import Foundation
import Sift
import Testing

/// The one table of scalar conversions (``JSONScalarConvertible``) and the kind names.
@Suite struct ValuesConversionTests {
    /// Converts `text` (one JSON scalar) from its event and from its value; both must agree.
    private func convert<T: JSONScalarConvertible & Equatable>(_ text: String, as type: T.Type) throws -> T? {
        let value = try JSONValue(parsing: text)
        var fromEvent: T?
        var eventError: JSONConversionError?
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, _ in
                guard JSONValueKind(of: event) != nil else { return }
                fromEvent = T(jsonScalar: event)
                if fromEvent == nil { eventError = T.conversionError(for: event) }
            })
        try tokenizer.feed(Array(text.utf8))
        try tokenizer.finish()
        let fromValue = T(jsonScalar: value)
        #expect(fromEvent == fromValue, "\(text) as \(T.self): event and value disagree")
        if fromValue == nil {
            #expect(eventError == T.conversionError(for: value), "\(text) as \(T.self): errors disagree")
        }
        return fromValue
    }

    @Test func integersConvertExactlyAndNeverWrapOrRound() throws {
        #expect(try convert("12", as: Int.self) == 12)
        #expect(try convert("2e3", as: Int16.self) == 2000)
        #expect(try convert("1.0", as: Int.self) == 1)
        #expect(try convert("1.5", as: Int.self) == nil)
        #expect(try convert("300", as: Int8.self) == nil)
        #expect(try convert("-1", as: UInt.self) == nil)
        #expect(try convert("18446744073709551615", as: UInt64.self) == .max)
        #expect(try convert("\"12\"", as: Int.self) == nil)
        #expect(try convert("true", as: Int.self) == nil)
    }

    @Test func otherScalars() throws {
        #expect(try convert("\"a\"", as: String.self) == "a")
        #expect(try convert("1", as: String.self) == nil)
        #expect(try convert("false", as: Bool.self) == false)
        #expect(try convert("0", as: Bool.self) == nil)
        #expect(try convert("0.1", as: Double.self) == 0.1)
        #expect(try convert("1e400", as: Double.self) == nil)
        #expect(try convert("1e300", as: Float.self) == nil)
        #expect(try convert("2.5", as: Float.self) == 2.5)
        #expect(try convert("\"https://example.com/a\"", as: URL.self) == URL(string: "https://example.com/a"))
        #expect(try convert("\"/relative/path\"", as: URL.self) == URL(string: "/relative/path"))
        #expect(try convert("\"é\"", as: URL.self) == nil)
        #expect(try convert("null", as: URL.self) == nil)
    }

    @Test func errorsSayWhatWasExpectedAndFound() throws {
        func error<T: JSONScalarConvertible>(_ text: String, _ type: T.Type) throws -> JSONConversionError {
            T.conversionError(for: try JSONValue(parsing: text))
        }
        #expect(
            try error("1.5", Int.self).description
                == "expected an integer (Int), found the number 1.5, which is not an integer")
        #expect(try error("300", Int8.self).description.hasSuffix("the number 300, which does not fit in Int8"))
        #expect(try error("300", Int8.self).reason == .outOfRange)
        #expect(try error("-1", UInt8.self).expected == "an unsigned integer (UInt8)")
        #expect(try error("1e400", Double.self).found == "the number 1e400, which is too large for Double")
        #expect(try error("\"é\"", URL.self).reason == .invalidURL)
        #expect(try error("\"é\"", URL.self).found == "\"é\"")
        #expect(try error("[1]", String.self).description == "expected a string, found an array")
        #expect(try error("{}", Bool.self).description == "expected a boolean, found an object")
        #expect(try error("\"abc\"", Double.self).description == "expected a number, found the string \"abc\"")
        #expect(throws: JSONConversionError.self) { try Int.converting(JSONValue.bool(true)) }
        #expect(try Int.converting(JSONValue.number(JSONNumber(7))) == 7)
    }

    @Test func kindNames() throws {
        let names = JSONValueKind.allCases.map(\.description)
        #expect(names == ["an object", "an array", "a string", "a number", "a boolean", "null"])
        #expect(JSONValueKind(of: JSONEvent.endObject) == nil)
        #expect(JSONValueKind(of: try JSONValue(parsing: "[]")) == .array)
    }

    @Test func summariesQuoteAndShortenStrings() {
        #expect(JSONValue.string("a\"b\n").summary == #"the string "a\"b\n""#)
        let long = String(repeating: "x", count: 50)
        #expect(JSONValue.string(long).summary == "the string \"" + String(repeating: "x", count: 40) + "…\"")
        #expect(JSONValue.number(JSONNumber(12)).summary == "the number 12")
        #expect(JSONValue.null.summary == "null")
    }

    @Test func dictionaryKeepsTheLastOfDuplicateKeys() throws {
        guard case .object(let object) = try JSONValue(parsing: #"{"a": 1, "a": 2, "b": 3}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(object.dictionary == ["a": 2, "b": 3])
    }
}
