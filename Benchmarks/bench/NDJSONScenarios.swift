import Foundation
import Sift

/// A path over every line of newline-delimited JSON: Sift runs one `JSONQuery` with
/// `allowsMultipleValues` over the whole input (the path is relative to each value); Foundation
/// splits the lines and decodes each with `JSONDecoder` into a struct with only the path's field.
///
/// simdjson On-Demand reads the lines with `iterate_many` (a `document_stream`) and a hand-written
/// member chain. The scenario runs on the Hub components and on the small-container ones.
enum NDJSONScenarios: ScenarioFamily {
    /// The checksum kind of the per-line contenders.
    static let kind = "per-line strings"
    /// The path matched in every line.
    static let path = "$.text.title"

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { ["hub-feed.ndjson", "small-containers.ndjson"].contains($0.name) }.map { dataset in
            Scenario(
                name: "ndjson/\(dataset.name)",
                summary: "collect \(path) of every line of \(dataset.origin), in memory",
                dataset: dataset, access: .inMemory,
                contenders: [
                    TokenizerContenders.floor, sift, SimdjsonContenders.inMemory(path: path, kind: kind), jsonDecoder,
                ])
        }
    }

    /// One `JSONQuery` over all the lines.
    static let sift = Contender(name: "sift path", role: .sift, checksumKind: kind) { input in
        let bytes = [UInt8](input.data)
        var query = JSONQuery(options: JSONParserOptions(allowsMultipleValues: true))
        let titles = query.add(try JSONPath(path).string)
        let body = {
            var fingerprint = Fingerprint()
            for title in try query.run(.bytes(bytes))[titles] { fingerprint.add(title) }
            return RunResult(bytes: bytes.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }

    /// Lines split with `memchr`, each decoded by one reused `JSONDecoder`.
    static let jsonDecoder = Contender(name: "JSONDecoder lines", role: .foundation, checksumKind: kind) { input in
        let data = input.data
        let body = {
            let decoder = JSONDecoder()
            var fingerprint = Fingerprint()
            try FoundationContenders.forEachDocument(in: data, ndjson: true) { line in
                if let title = try decoder.decode(TitledComponent.self, from: line).text?.title {
                    fingerprint.add(title)
                }
            }
            return RunResult(bytes: data.count, checksum: fingerprint.checksum)
        }
        return PreparedRun(run: { _ in try body() }, verify: { try body().checksum })
    }
}

/// A Hub component with nothing but `text.title`.
struct TitledComponent: Decodable {
    struct Text: Decodable { var title: String? }
    var text: Text?
}
