import Foundation
import Sift

/// A filter query over the Hub feed against the same path without the filter:
/// `$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id` beside `$.body[*].id`.
///
/// The filter's operands come after the selected `id` in each component, so every id is held
/// until its component's metadata decides it. Foundation parses the tree with
/// `JSONSerialization` and filters the components itself; it and the filter query fingerprint
/// the same ids, in document order.
enum FilterScenarios: ScenarioFamily {
    /// The checksum kind of the contenders that find the filtered ids.
    static let kind = "filtered ids"
    static let filterPath = "$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id"
    static let plainPath = "$.body[*].id"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { $0.name == "hub-feed" && !$0.isStreamOnly }.map { dataset in
            Scenario(
                name: "filter/\(dataset.name)",
                summary: "the ids at \(filterPath) in \(dataset.origin), against \(plainPath), in memory",
                dataset: dataset, access: .inMemory,
                contenders: [
                    TokenizerContenders.floor, sift(name: "sift filter", path: filterPath, kind: kind),
                    sift(name: "sift no filter", path: plainPath, kind: nil), jsonSerialization,
                ])
        }
    }

    /// `JSONQuery` collecting `JSONPath(path).string`.
    static func sift(name: String, path: String, kind: String?) -> Contender {
        Contender(name: name, role: .sift, checksumKind: kind) { input in
            let bytes = [UInt8](input.data)
            var query = JSONQuery()
            let handle = query.add(try JSONPath(path).string)
            let body = {
                var fingerprint = Fingerprint()
                for string in try query.run(.bytes(bytes))[handle] { fingerprint.add(string) }
                return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
            }
            return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
        }
    }

    /// `JSONSerialization.jsonObject`, then the filter applied to each component.
    static let jsonSerialization = Contender(name: "JSONSerialization", role: .foundation, checksumKind: kind) {
        input in
        let data = input.data
        let body = {
            var fingerprint = Fingerprint()
            let root = try JSONSerialization.jsonObject(with: data)
            for case let component as [String: Any] in (root as? [String: Any])?["body"] as? [Any] ?? [] {
                let metadata = component["metadata"] as? [String: Any]
                // The feed's flags are booleans and its scores numbers.
                guard metadata?["flag"] as? Bool == true, let score = metadata?["score"] as? NSNumber,
                    score.doubleValue > 0.5, let id = component["id"] as? String
                else { continue }
                fingerprint.add(id)
            }
            return RunResult(bytes: data.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}
