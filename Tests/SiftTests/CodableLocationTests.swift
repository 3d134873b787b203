import Foundation
import Testing

@testable import Sift

/// The engine's hook: decoding an element captured at a document path and location.
@Suite("JSONValueDecoder at a document location")
struct CodableLocationTests {
    typealias Support = CodableTestSupport

    static let path: JSONNodePath = [.key("items"), .index(3)]
    static let location = Sift.SourceLocation(offset: 120, line: 4, column: 7)

    func decodingError<T: Decodable>(
        _ type: T.Type, _ json: String, location: Sift.SourceLocation? = location
    ) throws -> (String, DecodingError.Context) {
        let value = try Support.parse(json)
        let error = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(type, from: value, at: Self.path, location: location)
        }
        // The engine's Codable destinations decode a tape of the element: same error.
        let tape = try Support.parse(tape: json)
        let tapeError = try #require(throws: DecodingError.self) {
            try JSONValueDecoder().decode(type, from: tape, at: Self.path, location: location)
        }
        let (kind, context) = Support.describe(error)
        let (tapeKind, tapeContext) = Support.describe(tapeError)
        #expect(tapeKind == kind)
        #expect(tapeContext.codingPath.map(Support.PathKey.init) == context.codingPath.map(Support.PathKey.init))
        #expect(tapeContext.debugDescription == context.debugDescription)
        #expect(String(describing: tapeContext.underlyingError) == String(describing: context.underlyingError))
        return (kind, context)
    }

    @Test("Success is the same as without a location") func success() throws {
        let value = try Support.parse(#"{"lat": 1.5, "lng": 2}"#)
        let geo = try JSONValueDecoder().decode(Geo.self, from: value, at: Self.path, location: Self.location)
        #expect(geo == Geo(lat: 1.5, lng: 2))
    }

    @Test("The coding path starts with the document path; the cause is located") func located() throws {
        let (kind, context) = try decodingError(Geo.self, #"{"lat": "north", "lng": 2}"#)
        #expect(kind == "typeMismatch")
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 3", "lat"])
        #expect(context.codingPath.map(\.intValue) == [nil, 3, nil])
        let cause = try #require(context.underlyingError as? JSONParseError)
        #expect(cause.kind == .consumerError)
        #expect(cause.location == Self.location)
        #expect(cause.path == Self.path)
        #expect(cause.underlyingError == nil)
        #expect(
            cause.description
                == "4:7: error: error while handling JSON: cannot decode Geo at lat: Expected to decode Double but found a string instead. (in $.items[3])"
        )
    }

    @Test("Errors at the element itself") func atTheElement() throws {
        let (kind, context) = try decodingError(Geo.self, "[1, 2]")
        #expect(kind == "typeMismatch")
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 3"])
        let cause = try #require(context.underlyingError as? JSONParseError)
        #expect(
            cause.message == "cannot decode Geo: Expected to decode Dictionary<String, Any> but found an array instead."
        )

        let (missingKind, missing) = try decodingError(Geo.self, #"{"lat": 1}"#)
        #expect(missingKind == "keyNotFound")
        #expect(missing.codingPath.map(\.stringValue) == ["items", "Index 3"])
    }

    @Test("An underlying error is kept inside the located one") func keepsUnderlying() throws {
        let (kind, context) = try decodingError([Int8].self, "[1, 300]")
        #expect(kind == "dataCorrupted")
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 3", "Index 1"])
        let cause = try #require(context.underlyingError as? JSONParseError)
        #expect(cause.message == "cannot decode Array<Int8> at [1]: Number 300 is not representable in Int8.")
        let conversion = try #require(cause.underlyingError as? JSONNumberConversionError)
        #expect(conversion.reason == .outOfRange)
    }

    @Test("Errors a type builds itself get the prefix; other errors pass through") func ownErrors() throws {
        struct Picky: Decodable {
            init(from decoder: any Decoder) throws {
                let already = JSONParseError(
                    kind: .invalidSyntax, message: "elsewhere",
                    location: Sift.SourceLocation(offset: 0, line: 1, column: 1))
                switch try decoder.singleValueContainer().decode(String.self) {
                case "empty-path":
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "made by hand"))
                case "located":
                    throw DecodingError.dataCorrupted(
                        .init(codingPath: decoder.codingPath, debugDescription: "x", underlyingError: already))
                default:
                    throw CancellationError()
                }
            }
        }
        let (_, handMade) = try decodingError(Picky.self, #""empty-path""#)
        #expect(handMade.codingPath.map(\.stringValue) == ["items", "Index 3"])
        #expect(handMade.underlyingError is JSONParseError)

        let (_, alreadyLocated) = try decodingError(Picky.self, #""located""#)
        #expect(alreadyLocated.codingPath.map(\.stringValue) == ["items", "Index 3"])
        #expect((alreadyLocated.underlyingError as? JSONParseError)?.message == "elsewhere")

        #expect(throws: CancellationError.self) {
            try JSONValueDecoder().decode(Picky.self, from: .string("other"), at: Self.path, location: Self.location)
        }
    }

    @Test("Without a location, only the path is added") func noLocation() throws {
        let (kind, context) = try decodingError(Geo.self, #"{"lat": null, "lng": 2}"#, location: nil)
        #expect(kind == "valueNotFound")
        #expect(context.codingPath.map(\.stringValue) == ["items", "Index 3", "lat"])
        #expect(context.underlyingError == nil)
    }
}
