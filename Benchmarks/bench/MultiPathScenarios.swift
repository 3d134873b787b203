import Foundation
import Sift

/// Ten paths at once over the Hub feed, in one pass: ids, titles, subtitles, image URLs, target
/// URIs, metadata numbers (integers) and scores (doubles), children's titles, component ids and
/// flags (booleans).
///
/// Sift adds the ten typed paths to one `JSONQuery`; Foundation parses the tree with
/// `JSONSerialization` and walks it for the same ten. Both fingerprint each path's values in document
/// order.
enum MultiPathScenarios: ScenarioFamily {
    /// The checksum kind of the ten-path contenders.
    static let kind = "ten paths"

    /// The ten paths, relative to each `body[*]` component.
    static let paths = [
        "$.body[*].id", "$.body[*].text.title", "$.body[*].text.subtitle", "$.body[*].images.main.uri",
        "$.body[*].target.uri", "$.body[*].metadata.numbers[*]", "$.body[*].metadata.score",
        "$.body[*].children[*].text.title", "$.body[*].component.id", "$.body[*].metadata.flag",
    ]

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { $0.name == "hub-feed" && !$0.isStreamOnly }.map { dataset in
            Scenario(
                name: "paths10/\(dataset.name)",
                summary: "ten paths at once (strings, URLs, integers, doubles, booleans) over \(dataset.origin)",
                dataset: dataset, access: .inMemory,
                contenders: [TokenizerContenders.floor, sift, jsonSerialization])
        }
    }

    /// One `JSONQuery` with the ten typed paths, collected.
    static let sift = Contender(name: "sift 10 paths", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        var query = JSONQuery()
        let ids = query.add(try JSONPath(paths[0]).string)
        let titles = query.add(try JSONPath(paths[1]).string)
        let subtitles = query.add(try JSONPath(paths[2]).string)
        let images = query.add(try JSONPath(paths[3]).url)
        let targets = query.add(try JSONPath(paths[4]).string)
        let numbers = query.add(try JSONPath(paths[5]).integer)
        let scores = query.add(try JSONPath(paths[6]).double)
        let childTitles = query.add(try JSONPath(paths[7]).string)
        let componentIDs = query.add(try JSONPath(paths[8]).string)
        let flags = query.add(try JSONPath(paths[9]).bool)
        let body = {
            let results = try query.run(.bytes(bytes))
            var total = Fingerprint()
            total.add(fingerprint(results[ids]))
            total.add(fingerprint(results[titles]))
            total.add(fingerprint(results[subtitles]))
            total.add(fingerprint(results[images].map(\.absoluteString)))
            total.add(fingerprint(results[targets]))
            total.add(fingerprint(results[numbers]))
            total.add(fingerprint(results[scores]))
            total.add(fingerprint(results[childTitles]))
            total.add(fingerprint(results[componentIDs]))
            total.add(fingerprint(results[flags]))
            return RunResult(bytes: bytes.count, checksum: total.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// `JSONSerialization.jsonObject` and one walk of the tree collecting the ten paths.
    static let jsonSerialization = Contender(name: "JSONSerialization", role: .foundation, checksumKind: kind) {
        input in
        let data = input.data
        let body = {
            let root = try JSONSerialization.jsonObject(with: data)
            var walk = FoundationWalk()
            for case let component as [String: Any] in (root as? [String: Any])?["body"] as? [Any] ?? [] {
                walk.visit(component)
            }
            return RunResult(bytes: data.count, checksum: walk.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    static func fingerprint(_ strings: [String]) -> Fingerprint {
        var fingerprint = Fingerprint()
        for string in strings { fingerprint.add(string) }
        return fingerprint
    }

    static func fingerprint(_ integers: [Int]) -> Fingerprint {
        var fingerprint = Fingerprint()
        for integer in integers { fingerprint.add(integer) }
        return fingerprint
    }

    static func fingerprint(_ doubles: [Double]) -> Fingerprint {
        var fingerprint = Fingerprint()
        for double in doubles { fingerprint.add(double) }
        return fingerprint
    }

    static func fingerprint(_ bools: [Bool]) -> Fingerprint {
        var fingerprint = Fingerprint()
        for bool in bools { fingerprint.add(bool) }
        return fingerprint
    }
}

/// The ten paths of ``MultiPathScenarios`` found in a `JSONSerialization` tree, one fingerprint
/// per path.
struct FoundationWalk {
    private var ids = Fingerprint(), titles = Fingerprint(), subtitles = Fingerprint(), images = Fingerprint()
    private var targets = Fingerprint(), numbers = Fingerprint(), scores = Fingerprint()
    private var childTitles = Fingerprint(), componentIDs = Fingerprint(), flags = Fingerprint()

    /// All ten, folded in the order of ``MultiPathScenarios/paths``.
    var checksum: UInt64 {
        var total = Fingerprint()
        for part in [ids, titles, subtitles, images, targets, numbers, scores, childTitles, componentIDs, flags] {
            total.add(part)
        }
        return total.checksum
    }

    mutating func visit(_ component: [String: Any]) {
        if let id = component["id"] as? String { ids.add(id) }
        let text = component["text"] as? [String: Any]
        if let title = text?["title"] as? String { titles.add(title) }
        if let subtitle = text?["subtitle"] as? String { subtitles.add(subtitle) }
        let main = (component["images"] as? [String: Any])?["main"] as? [String: Any]
        if let uri = main?["uri"] as? String, let url = URL(string: uri) { images.add(url.absoluteString) }
        if let uri = (component["target"] as? [String: Any])?["uri"] as? String { targets.add(uri) }
        let metadata = component["metadata"] as? [String: Any]
        for case let number as NSNumber in metadata?["numbers"] as? [Any] ?? [] { numbers.add(number.intValue) }
        if let score = metadata?["score"] as? NSNumber { scores.add(score.doubleValue) }
        for case let child as [String: Any] in component["children"] as? [Any] ?? [] {
            if let title = (child["text"] as? [String: Any])?["title"] as? String { childTitles.add(title) }
        }
        if let id = (component["component"] as? [String: Any])?["id"] as? String { componentIDs.add(id) }
        if let flag = metadata?["flag"] as? Bool { flags.add(flag) }
    }
}
