import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// The twitter corpus decoded by JSONValueDecoder, whole and element by element as the streaming
/// engine will, against JSONDecoder on the same bytes.
@Suite("Codable on the twitter corpus", .enabled(if: Corpora.isAvailable))
struct CodableTwitterTests {
    typealias Support = CodableTestSupport

    static func bytes() throws -> [UInt8] {
        try Corpora.bytes("twitter.json")
    }

    static var decoders: (JSONValueDecoder, JSONDecoder) {
        let formatter = CodableDecoderStrategyTests.DateCase.twitterFormatter
        var sift = JSONValueDecoder()
        sift.keyDecodingStrategy = .convertFromSnakeCase
        sift.dateDecodingStrategy = .formatted(formatter)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        foundation.dateDecodingStrategy = .formatted(formatter)
        return (sift, foundation)
    }

    static func isStatus(_ path: JSONNodePath) -> Bool {
        path.components.count == 2 && path.components[0] == .key("statuses")
    }

    @Test("The whole feed equals JSONDecoder's") func wholeFeed() throws {
        let bytes = try Self.bytes()
        let (sift, foundation) = Self.decoders
        let value = try Support.parse(bytes: bytes)
        let feed = try sift.decode(TwitterFeed.self, from: value)
        let expected = try foundation.decode(TwitterFeed.self, from: Data(bytes))
        #expect(feed == expected)
        #expect(feed.statuses.count == 100)
        #expect(feed.statuses.count { $0.retweetedStatus != nil } == 73)
        #expect(feed.statuses[0].id == 505_874_924_095_815_681)
        #expect(feed.statuses[0].createdAt == Date(timeIntervalSince1970: 1_409_444_955))
        #expect(feed.statuses.contains { !$0.entities.hashtags.isEmpty })
    }

    @Test("Each status decoded alone at its path equals JSONDecoder's") func elementByElement() throws {
        let bytes = try Self.bytes()
        let (sift, foundation) = Self.decoders
        let (value, locations) = try Support.parse(
            bytes: bytes, chunkSize: 1000, recordingLocationsWhere: Self.isStatus)
        guard case .object(let root) = value, case .array(let elements) = root["statuses"] else {
            Issue.record("no statuses array")
            return
        }
        var statuses: [Status] = []
        for (index, element) in elements.enumerated() {
            let path: JSONNodePath = [.key("statuses"), .index(index)]
            statuses.append(try sift.decode(Status.self, from: element, at: path, location: locations[path]))
        }
        let expected = try foundation.decode(TwitterFeed.self, from: Data(bytes)).statuses
        #expect(statuses == expected)
    }

    @Test("An error inside one status has JSONDecoder's coding path and the status's location")
    func locatedError() throws {
        let original = try Self.bytes()
        let target: JSONNodePath = [.key("statuses"), .index(3), .key("user"), .key("followers_count")]
        let (value, found) = try Support.parse(bytes: original) { $0 == target }
        let targetLocation = try #require(found[target])
        guard case .object(let root) = value, case .array(let elements) = root["statuses"],
            case .object(let user) = elements[3].objectMember("user"), case .number(let count) = user["followers_count"]
        else {
            Issue.record("unexpected corpus shape")
            return
        }
        // Replace the number 1324 (or whatever it is) by a string.
        var bytes = original
        bytes.replaceSubrange(
            targetLocation.offset..<(targetLocation.offset + count.text.utf8.count), with: Array(#""many""#.utf8))

        let (sift, foundation) = Self.decoders
        let foundationError = try #require(throws: DecodingError.self) {
            try foundation.decode(TwitterFeed.self, from: Data(bytes))
        }
        let (corrupted, locations) = try Support.parse(bytes: bytes, recordingLocationsWhere: Self.isStatus)
        guard case .object(let corruptedRoot) = corrupted,
            case .array(let corruptedElements) = corruptedRoot["statuses"]
        else {
            Issue.record("no statuses array")
            return
        }
        let statusPath: JSONNodePath = [.key("statuses"), .index(3)]
        let statusLocation = try #require(locations[statusPath])
        let error = try #require(throws: DecodingError.self) {
            try sift.decode(Status.self, from: corruptedElements[3], at: statusPath, location: statusLocation)
        }
        let (kind, context) = Support.describe(error)
        let (foundationKind, foundationContext) = Support.describe(foundationError)
        #expect(kind == "typeMismatch")
        #expect(kind == foundationKind)
        #expect(context.codingPath.map(Support.PathKey.init) == foundationContext.codingPath.map(Support.PathKey.init))
        #expect(context.codingPath.map(\.stringValue) == ["statuses", "Index 3", "user", "followersCount"])

        let located = try #require(context.underlyingError as? JSONParseError)
        #expect(located.kind == .consumerError)
        #expect(located.location == statusLocation)
        #expect(located.path == statusPath)
        #expect(
            located.message
                == "cannot decode Status at user.followersCount: Expected to decode Int but found a string instead.")

        // The path engine (which decodes a tape of the status) reports the same error.
        let engineError = try #require(throws: DecodingError.self) {
            _ = try JSONQuery.collect(
                try JSONPath("$.statuses[*]").decoded(Status.self, decoder: sift), from: .bytes(bytes))
        }
        let (engineKind, engineContext) = Support.describe(engineError)
        #expect(engineKind == kind)
        #expect(engineContext.codingPath.map(Support.PathKey.init) == context.codingPath.map(Support.PathKey.init))
        #expect(engineContext.debugDescription == context.debugDescription)
        let engineLocated = try #require(engineContext.underlyingError as? JSONParseError)
        #expect(engineLocated.description == located.description)
    }

    @Test("Statuses decoded by the path engine equal JSONDecoder's, whatever the chunks", arguments: [0, 1, 997])
    func throughThePathEngine(chunkSize: Int) throws {
        let bytes = try Self.bytes()
        let (sift, foundation) = Self.decoders
        var query = JSONQuery()
        let handle = query.add(try JSONPath("$.statuses[*]").decoded(Status.self, decoder: sift))
        let tokenizer = JSONTokenizer(handler: query.makeMatcher())
        try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
        let statuses = JSONQueryResults(slots: tokenizer.handler.receiver.slots)[handle]
        let expected = try foundation.decode(TwitterFeed.self, from: Data(bytes)).statuses
        #expect(statuses == expected)
    }
}

extension JSONValue {
    /// The value of the member `key` of an object (test convenience).
    fileprivate func objectMember(_ key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }
}
