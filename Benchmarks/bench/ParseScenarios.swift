/// Tokenizing whole documents held in memory: the yajl floor, Sift events to an empty consumer,
/// and Foundation parsing the same bytes (JSONSerialization into a tree; JSONDecoder into the
/// dataset's model where it has one).
enum ParseScenarios: ScenarioFamily {
    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { !$0.isStreamOnly }.map { dataset in
            var contenders = [
                TokenizerContenders.floor,
                TokenizerContenders.siftEvents,
                FoundationContenders.jsonSerialization,
            ]
            if let model = dataset.model {
                contenders.append(FoundationContenders.jsonDecoder(model))
            }
            return Scenario(
                name: "parse/\(dataset.name)",
                summary: "tokenize every event of \(dataset.origin), in memory",
                dataset: dataset, access: .inMemory, contenders: contenders)
        }
    }
}

/// Tokenizing a generated feed that arrives chunk by chunk and is never held whole: peak RSS
/// must be the same for 64 MB and 1 GB.
enum StreamScenarios: ScenarioFamily {
    /// The chunk size of every streamed scenario.
    static let chunkSize = 64 * 1024

    static func scenarios(over datasets: [Dataset], options: BenchOptions) -> [Scenario] {
        datasets.filter { $0.name == "hub-feed" || $0.isStreamOnly }.map { dataset in
            Scenario(
                name: "stream/\(dataset.name)",
                summary: "tokenize \(dataset.origin), fed in \(chunkSize / 1024) KiB chunks as they are generated"
                    + " (generation untimed)",
                dataset: dataset, access: .streamed(chunkSize: chunkSize),
                contenders: [TokenizerContenders.floor, TokenizerContenders.siftEvents])
        }
    }
}
