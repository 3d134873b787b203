import Foundation

// The twitter corpus (`Corpora`: twitter.json) as Codable models, read with
// `convertFromSnakeCase` and Twitter's date format.

struct TwitterFeed: Codable, Equatable {
    var statuses: [Status]
    var searchMetadata: SearchMetadata
}

struct SearchMetadata: Codable, Equatable {
    var completedIn: Double
    var maxId: UInt64
    var maxIdStr: String
    var nextResults: String?
    var query: String
    var refreshUrl: String
    var count: Int
    var sinceId: Int
    var sinceIdStr: String
}

struct Status: Codable, Equatable {
    var metadata: [String: String]
    var createdAt: Date
    var id: UInt64
    var idStr: String
    var text: String
    var source: String
    var truncated: Bool
    var inReplyToStatusId: UInt64?
    var inReplyToUserId: Int?
    var inReplyToScreenName: String?
    var user: TwitterUser
    var retweetCount: Int
    var favoriteCount: Int
    var entities: Entities
    var favorited: Bool
    var retweeted: Bool
    var possiblySensitive: Bool?
    var lang: String
    var retweetedStatus: RetweetedStatus?
}

struct RetweetedStatus: Codable, Equatable {
    var createdAt: Date
    var id: UInt64
    var text: String
    var user: TwitterUser
    var retweetCount: Int
    var entities: Entities
}

struct TwitterUser: Codable, Equatable {
    var id: Int
    var idStr: String
    var name: String
    var screenName: String
    var location: String
    var description: String
    var url: URL?
    /// Keyed by "url" / "description": a `[String: V]`, whose keys no strategy converts.
    var entities: [String: URLList]
    var protected: Bool
    var followersCount: Int
    var friendsCount: Int
    var listedCount: Int
    var createdAt: Date
    var favouritesCount: Int
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool
    var verified: Bool
    var statusesCount: Int
    var lang: String
    var profileImageUrl: URL
    var profileBannerUrl: URL?
    var profileBackgroundColor: String
    var defaultProfile: Bool
}

struct URLList: Codable, Equatable {
    var urls: [URLEntity]
}

struct Entities: Codable, Equatable {
    var hashtags: [Hashtag]
    var symbols: [Hashtag]
    var urls: [URLEntity]
    var userMentions: [Mention]
    var media: [Media]?
}

struct Hashtag: Codable, Equatable {
    var text: String
    var indices: [Int]
}

struct URLEntity: Codable, Equatable {
    var url: URL
    var expandedUrl: URL
    var displayUrl: String
    var indices: [Int]
}

struct Mention: Codable, Equatable {
    var screenName: String
    var name: String
    var id: UInt64
    var idStr: String
    var indices: [Int]
}

struct Media: Codable, Equatable {
    var id: UInt64
    var mediaUrl: URL
    var type: String
    var sizes: [String: MediaSize]
    var sourceStatusId: UInt64?
    var indices: [Int]
}

struct MediaSize: Codable, Equatable {
    var w: Int
    var h: Int
    var resize: String
}
