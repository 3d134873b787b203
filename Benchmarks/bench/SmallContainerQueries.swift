/// The queries of the feed of many small containers (``SmallContainersGenerator``), run
/// by the path, filter, NDJSON and `cli` groups, each beside simdjson On-Demand.
enum SmallContainerQueries {
    /// `$.count`: the root's last member, after everything else (a sparse query).
    static let countPath = "$.count"
    static let idsPath = "$.body[*].id"
    static let titlesPath = "$.body[*].text.title"
    static let filterPath = "$.body[?@.metadata.ok==true].id"
    static let descendantPath = "$..uri"
    /// Every component whole: each written out as a line of compact JSON (what `jq -c '.body[]'`
    /// does), the query that writes the most.
    static let recordsPath = "$.body[*]"
    /// The path on each line of the NDJSON form.
    static let linesPath = "$.text.title"

    /// The document's paths, for `--list`.
    static let paths = [countPath, idsPath, titlesPath, filterPath, descendantPath]

    /// The checksum kind of the contenders that find the same values.
    static let kind = "small-container values"

    /// The path scenarios beside `path/small-containers` (the titles): `$.count`, the ids and
    /// `$..uri` (Sift in RFC 9535 order and in stream order, the same order on this feed).
    static func pathScenarios(over dataset: Dataset) -> [Scenario] {
        let floor = TokenizerContenders.floor
        func scenario(_ query: String, _ path: String, _ contenders: [Contender]) -> Scenario {
            Scenario(
                name: "path/\(query)/\(dataset.name)",
                summary: "collect the values at \(path) in \(dataset.origin), in memory", dataset: dataset,
                access: .inMemory,
                contenders: [floor] + contenders + [SimdjsonContenders.inMemory(path: path, kind: kind)])
        }
        return [
            scenario("count", countPath, [OnePathQuery.siftIntegers(name: "sift path", path: countPath, kind: kind)]),
            scenario("ids", idsPath, [OnePathQuery.sift(name: "sift path", path: idsPath, kind: kind)]),
            scenario(
                "..uri", descendantPath,
                [
                    OnePathQuery.sift(name: "sift path", path: descendantPath, kind: kind),
                    OnePathQuery.sift(name: "sift stream order", path: descendantPath, kind: kind, order: .streaming),
                ]),
        ]
    }
}
