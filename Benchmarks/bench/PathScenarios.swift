import Foundation
import Sift

/// One path over a whole document: `$.body[*].text.title` on the Hub feeds and
/// `$.statuses[*].user.screen_name` on tweets.
///
/// Sift collects the strings with a `JSONQuery`; simdjson On-Demand answers the same path with a
/// function written for its shape (``SimdjsonQuery``); Foundation parses the whole tree
/// (`JSONSerialization`, then walks `[String: Any]`) or decodes a struct that declares only the
/// fields on the path (`JSONDecoder`). Every contender but the floor fingerprints the same
/// strings, in document order.
///
/// On the feed of small containers, three more queries run against simdjson alone
/// (``SmallContainerQueries``): `$.count`, the root's last member (sparse), `$.body[*].id`, and
/// `$..uri`, in RFC 9535 order and in stream order (the same order on that feed).
enum PathScenarios: ScenarioFamily {
    /// The datasets with a one-path query and the Foundation walk that finds the same strings.
    static let queries: [String: OnePathQuery] = [
        "hub-feed": .hubTitles,
        "small-containers": .hubTitles,
        "tweets": .screenNames,
        "twitter.json": .screenNames,
    ]

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.flatMap { dataset -> [Scenario] in
            guard !dataset.isStreamOnly, let query = queries[dataset.name] else { return [] }
            let titles = Scenario(
                name: "path/\(dataset.name)",
                summary: "collect the strings at \(query.path) in \(dataset.origin), in memory",
                dataset: dataset, access: .inMemory,
                contenders: [
                    TokenizerContenders.floor, query.sift,
                    SimdjsonContenders.inMemory(path: query.path, kind: OnePathQuery.kind), query.jsonSerialization,
                    query.jsonDecoder,
                ])
            guard dataset.name == "small-containers" else { return [titles] }
            return [titles] + SmallContainerQueries.pathScenarios(over: dataset)
        }
    }
}

/// One string path, done by Sift and by Foundation's two ways.
struct OnePathQuery: Sendable {
    /// The checksum kind of contenders that fingerprint the path's strings.
    static let kind = "path strings"

    /// The RFC 9535 path.
    let path: String
    /// The strings at ``path`` in a `JSONSerialization` tree, in document order.
    let walk: @Sendable (Any) -> [String]
    /// The strings at ``path`` decoded by `JSONDecoder` into a struct with only those fields.
    let decode: @Sendable (JSONDecoder, Data) throws -> [String]

    /// `$.body[*].text.title` of a Hub feed.
    static let hubTitles = OnePathQuery(
        path: "$.body[*].text.title",
        walk: { root in
            let body = (root as? [String: Any])?["body"] as? [Any] ?? []
            return body.compactMap { (($0 as? [String: Any])?["text"] as? [String: Any])?["title"] as? String }
        },
        decode: { decoder, data in
            try decoder.decode(TitlesOnly.self, from: data).body.compactMap { $0.text?.title }
        })

    /// `$.statuses[*].user.screen_name` of a tweet search.
    static let screenNames = OnePathQuery(
        path: "$.statuses[*].user.screen_name",
        walk: { root in
            let statuses = (root as? [String: Any])?["statuses"] as? [Any] ?? []
            return statuses.compactMap {
                (($0 as? [String: Any])?["user"] as? [String: Any])?["screen_name"] as? String
            }
        },
        decode: { decoder, data in
            try decoder.decode(ScreenNamesOnly.self, from: data).statuses.compactMap { $0.user?.screen_name }
        })

    /// `JSONQuery` collecting `JSONPath(path).string`.
    var sift: Contender { Self.sift(name: "sift path", path: path, kind: Self.kind) }

    /// `JSONQuery` collecting the strings at `path` (`JSONPath(path).string`), fingerprinted in
    /// document order: the sift contender of every one-path scenario (paths, filters).
    static func sift(
        name: String, path: String, kind: String?, order: JSONQuery.ResultOrder = .rfc9535
    ) -> Contender {
        Contender(name: name, role: .sift, checksumKind: kind) { input in
            let bytes = [UInt8](input.data)
            var query = JSONQuery()
            query.resultOrder = order
            let handle = query.add(try JSONPath(path).string)
            let body = {
                var fingerprint = Fingerprint()
                for string in try query.run(.bytes(bytes))[handle] { fingerprint.add(string) }
                return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// `JSONQuery` collecting the integers at `path` (`JSONPath(path).integer`), fingerprinted in
    /// document order.
    static func siftIntegers(name: String, path: String, kind: String?) -> Contender {
        Contender(name: name, role: .sift, checksumKind: kind) { input in
            let bytes = [UInt8](input.data)
            var query = JSONQuery()
            let handle = query.add(try JSONPath(path).integer)
            let body = {
                var fingerprint = Fingerprint()
                for integer in try query.run(.bytes(bytes))[handle] { fingerprint.add(integer) }
                return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// `JSONSerialization.jsonObject` and a walk of the tree.
    var jsonSerialization: Contender {
        let walk = walk
        return Contender(name: "JSONSerialization", role: .foundation, checksumKind: Self.kind) { input in
            let data = input.data
            let body = {
                var fingerprint = Fingerprint()
                for string in walk(try JSONSerialization.jsonObject(with: data)) { fingerprint.add(string) }
                return RunResult(bytes: data.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// `JSONDecoder` into a struct that declares only the path's fields.
    var jsonDecoder: Contender {
        let decode = decode
        return Contender(name: "JSONDecoder", role: .foundation, checksumKind: Self.kind) { input in
            let data = input.data
            let body = {
                var fingerprint = Fingerprint()
                for string in try decode(JSONDecoder(), data) { fingerprint.add(string) }
                return RunResult(bytes: data.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }
}

/// A Hub feed with nothing but `body[*].text.title`.
struct TitlesOnly: Decodable {
    struct Component: Decodable {
        struct Text: Decodable { var title: String? }
        var text: Text?
    }

    var body: [Component]
}

/// A tweet search with nothing but `statuses[*].user.screen_name`.
struct ScreenNamesOnly: Decodable {
    struct Status: Decodable {
        struct User: Decodable { var screen_name: String }
        var user: User?
    }

    var statuses: [Status]
}
