import Foundation
import Sift

/// A filter query over the Hub feed against the same path without the filter:
/// `$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id` beside `$.body[*].id`.
///
/// The filter's operands come after the selected `id` in each component, so every id is held
/// until its component's metadata decides it. Foundation parses the tree with
/// `JSONSerialization` and filters the components itself; it and the filter query fingerprint
/// the same ids, in document order.
///
/// Two more shapes keep the engine honest beyond that query: on the Hub feed, a filter whose
/// operand comes first (`$.body[?@.id != 'none'].text.title`, decided before its match, so
/// nothing is held) beside `$.body[*].text.title`; and on tweets, an operand two names deep
/// after the selected value (`$.statuses[?@.user.followers_count > 1000].id_str`) beside
/// `$.statuses[*].id_str`. On the feed of small containers, `$.body[?@.metadata.ok==true].id`
/// (the operand after the selected id, as on the Hub feed) runs beside simdjson On-Demand.
enum FilterScenarios: ScenarioFamily {
    /// The checksum kind of the contenders that find the filtered ids.
    static let kind = "filtered ids"
    /// The checksum kind of the contenders that find the filtered tweet ids.
    static let tweetsKind = "filtered tweet ids"
    static let filterPath = "$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id"
    static let plainPath = "$.body[*].id"

    static let operandFirstPath = "$.body[?@.id != 'none'].text.title"
    static let plainTitlesPath = "$.body[*].text.title"
    static let tweetsFilterPath = "$.statuses[?@.user.followers_count > 1000].id_str"
    static let tweetsPlainPath = "$.statuses[*].id_str"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { !$0.isStreamOnly }.compactMap { dataset in
            switch dataset.name {
            case "hub-feed":
                Scenario(
                    name: "filter/\(dataset.name)",
                    summary: "the ids at \(filterPath) in \(dataset.origin), against \(plainPath), in memory",
                    dataset: dataset, access: .inMemory,
                    contenders: [
                        TokenizerContenders.floor, OnePathQuery.sift(name: "sift filter", path: filterPath, kind: kind),
                        OnePathQuery.sift(name: "sift no filter", path: plainPath, kind: nil), jsonSerialization,
                        OnePathQuery.sift(name: "sift operand first", path: operandFirstPath, kind: "titles"),
                        OnePathQuery.sift(name: "sift titles", path: plainTitlesPath, kind: "titles"),
                    ])
            case "small-containers":
                Scenario(
                    name: "filter/\(dataset.name)",
                    summary:
                        "the ids at \(SmallContainerQueries.filterPath) in \(dataset.origin), against \(plainPath)",
                    dataset: dataset, access: .inMemory,
                    contenders: [
                        TokenizerContenders.floor,
                        OnePathQuery.sift(name: "sift filter", path: SmallContainerQueries.filterPath, kind: kind),
                        OnePathQuery.sift(name: "sift no filter", path: plainPath, kind: nil),
                        SimdjsonContenders.inMemory(path: SmallContainerQueries.filterPath, kind: kind),
                        smallContainersJSONSerialization,
                    ])
            case "tweets":
                Scenario(
                    name: "filter/\(dataset.name)",
                    summary: "the ids at \(tweetsFilterPath) in \(dataset.origin), against \(tweetsPlainPath)",
                    dataset: dataset, access: .inMemory,
                    contenders: [
                        TokenizerContenders.floor,
                        OnePathQuery.sift(name: "sift filter", path: tweetsFilterPath, kind: tweetsKind),
                        OnePathQuery.sift(name: "sift no filter", path: tweetsPlainPath, kind: nil),
                        tweetsJSONSerialization,
                    ])
            default: nil
            }
        }
    }

    /// `JSONSerialization.jsonObject`, then the filter applied to each component.
    static let jsonSerialization = filteringJSONSerialization(array: "body", checksumKind: kind) { component in
        let metadata = component["metadata"] as? [String: Any]
        // The feed's flags are booleans and its scores numbers.
        guard metadata?["flag"] as? Bool == true, let score = metadata?["score"] as? NSNumber, score.doubleValue > 0.5
        else { return nil }
        return component["id"] as? String
    }

    /// `JSONSerialization.jsonObject`, then `metadata.ok == true` applied to each component.
    static let smallContainersJSONSerialization = filteringJSONSerialization(array: "body", checksumKind: kind) {
        component in
        // The feed's `ok` members are all booleans.
        guard (component["metadata"] as? [String: Any])?["ok"] as? Bool == true else { return nil }
        return component["id"] as? String
    }

    /// `JSONSerialization.jsonObject`, then the tweets' filter applied to each status.
    static let tweetsJSONSerialization = filteringJSONSerialization(array: "statuses", checksumKind: tweetsKind) {
        status in
        let user = status["user"] as? [String: Any]
        guard let followers = user?["followers_count"] as? NSNumber, followers.doubleValue > 1000 else { return nil }
        return status["id_str"] as? String
    }

    /// Foundation's side of a filter scenario: the tree from `JSONSerialization.jsonObject`, then
    /// `selected` applied to each object of the root's `array`, fingerprinting the strings it
    /// returns in document order.
    static func filteringJSONSerialization(
        array: String, checksumKind: String, selected: @escaping @Sendable ([String: Any]) -> String?
    ) -> Contender {
        Contender(name: "JSONSerialization", role: .foundation, checksumKind: checksumKind) { input in
            let data = input.data
            let body = {
                var fingerprint = Fingerprint()
                let root = try JSONSerialization.jsonObject(with: data)
                for case let element as [String: Any] in (root as? [String: Any])?[array] as? [Any] ?? [] {
                    if let id = selected(element) { fingerprint.add(id) }
                }
                return RunResult(bytes: data.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }
}
