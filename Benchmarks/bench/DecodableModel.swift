import Foundation

/// The `Decodable` model a dataset fits, for the JSONDecoder contender (and, later, for the
/// Codable and Hub model scenarios, which do the same work the streaming way).
enum DecodableModel {
    /// A whole Hub view model: `HubFeed`.
    case hubFeed
    /// One Hub component (a line of the NDJSON feed).
    case hubComponent
    /// A GeoJSON `FeatureCollection` of polygons.
    case geoJSON
    /// A tweet search response.
    case tweets

    /// Decodes one document and returns a count that depends on all of it (components,
    /// coordinate pairs, statuses).
    func decodeCount(_ data: Data, with decoder: JSONDecoder) throws -> Int {
        switch self {
        case .hubFeed:
            let feed = try decoder.decode(HubFeed.self, from: data)
            return feed.body.reduce(feed.header == nil ? 0 : 1) { $0 + $1.componentCount }
        case .hubComponent:
            return try decoder.decode(HubComponent.self, from: data).componentCount
        case .geoJSON:
            let collection = try decoder.decode(FeatureCollection.self, from: data)
            return collection.features.reduce(0) { total, feature in
                feature.geometry.coordinates.reduce(total) { $0 + $1.count }
            }
        case .tweets:
            return try decoder.decode(TweetSearch.self, from: data).statuses.count
        }
    }
}

/// A Hub view model in the default schema.
struct HubFeed: Decodable {
    var id: String?
    var title: String?
    var header: HubComponent?
    var body: [HubComponent]
    var overlays: [HubComponent]?
}

/// A Hub component model in the default schema, with the feed generator's metadata, logging and
/// custom keys typed.
struct HubComponent: Decodable {
    struct Kind: Decodable {
        var id: String
        var category: String?
    }

    struct Text: Decodable {
        var title: String?
        var subtitle: String?
        var accessory: String?
        var description: String?
    }

    struct Image: Decodable {
        var uri: String?
        var placeholder: String?
        var local: String?
    }

    struct Images: Decodable {
        var main: Image?
        var background: Image?
        var icon: String?
    }

    struct Target: Decodable {
        var uri: String?
        var actions: [String]?
    }

    struct Metadata: Decodable {
        var numbers: [Int]?
        var flag: Bool?
        var score: Double?
        var position: Int?
    }

    struct Logging: Decodable {
        var index: Int?
        var source: String?
        var requestID: String?

        enum CodingKeys: String, CodingKey {
            case index = "ui:index"
            case source = "ui:source"
            case requestID = "request_id"
        }
    }

    struct Custom: Decodable {
        var accent: String?
        var ratio: Double?
        var badge: String?
    }

    var id: String?
    var group: String?
    var component: Kind?
    var text: Text?
    var images: Images?
    var target: Target?
    var metadata: Metadata?
    var logging: Logging?
    var custom: Custom?
    var children: [HubComponent]?

    /// This component and all of its descendants.
    var componentCount: Int {
        (children ?? []).reduce(1) { $0 + $1.componentCount }
    }
}

/// A GeoJSON feature collection of polygons (canada.json's shape).
struct FeatureCollection: Decodable {
    struct Feature: Decodable {
        var type: String
        var properties: [String: String]?
        var geometry: Geometry
    }

    struct Geometry: Decodable {
        var type: String
        var coordinates: [[[Double]]]
    }

    var type: String
    var features: [Feature]
}

/// The fields of a tweet search response that an app would read (twitter.json's shape).
struct TweetSearch: Decodable, Sendable {
    struct Status: Decodable, Sendable {
        var id: Int
        var id_str: String
        var created_at: String
        var text: String
        var user: User
        var entities: Entities
        var retweet_count: Int
        var favorite_count: Int
        var lang: String?
    }

    struct User: Decodable, Sendable {
        var id: Int
        var screen_name: String
        var name: String
        var description: String?
        var followers_count: Int
    }

    struct Entities: Decodable, Sendable {
        struct Hashtag: Decodable, Sendable {
            var text: String
            var indices: [Int]
        }

        struct Mention: Decodable, Sendable {
            var screen_name: String
            var id: Int
        }

        var hashtags: [Hashtag]
        var user_mentions: [Mention]
    }

    var statuses: [Status]
}
