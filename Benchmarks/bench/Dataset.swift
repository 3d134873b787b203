import Foundation
import SiftCorpora

/// The bytes a scenario works on: a generated document, a shared corpus file, or a user's file.
///
/// A dataset can be read whole (``load()``) or as a sequence of chunks (``chunks(of:)``); a
/// generated dataset streams without ever being held in memory.
struct Dataset {
    /// How the bytes are laid out.
    enum Format: String {
        /// One JSON document.
        case json
        /// Newline-delimited JSON: one value per line.
        case ndjson
    }

    /// A short unique name, used in scenario names: `hub-feed`, `twitter.json`.
    let name: String
    /// Where the bytes come from, for the report.
    let origin: String
    let format: Format
    /// JSONPath queries that make sense on this data, for path scenarios.
    let queryPaths: [String]
    /// The JSONDecoder model this data fits, if any.
    let model: DecodableModel?
    /// Whether the dataset is too big to hold: only streamed scenarios use it.
    let isStreamOnly: Bool
    private let loadWhole: () throws -> Data
    private let makeChunks: (Int) throws -> AnySequence<[UInt8]>

    /// The whole dataset in memory.
    func load() throws -> Data {
        try loadWhole()
    }

    /// The dataset as chunks of `size` bytes, produced one at a time.
    func chunks(of size: Int) throws -> AnySequence<[UInt8]> {
        try makeChunks(size)
    }

    /// A dataset produced by a generator, identical on every call.
    init(
        generated name: String, origin: String, format: Format = .json, queryPaths: [String] = [],
        model: DecodableModel? = nil, isStreamOnly: Bool = false, generator: some JSONDocumentGenerator
    ) {
        self.name = name
        self.origin = origin
        self.format = format
        self.queryPaths = queryPaths
        self.model = model
        self.isStreamOnly = isStreamOnly
        loadWhole = { generator.makeData() }
        makeChunks = { size in AnySequence(generator.chunks(of: size)) }
    }

    /// A dataset read from a file.
    init(file url: URL, format: Format, queryPaths: [String] = [], model: DecodableModel? = nil) {
        name = url.lastPathComponent
        origin = url.path
        self.format = format
        self.queryPaths = queryPaths
        self.model = model
        isStreamOnly = false
        loadWhole = { try Data(contentsOf: url) }
        makeChunks = { size in AnySequence(try FileChunks(url: url, chunkSize: size)) }
    }
}

/// The chunks of a file, read as they are consumed.
struct FileChunks: Sequence {
    let url: URL
    let chunkSize: Int

    init(url: URL, chunkSize: Int) throws {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw BenchError("cannot read \(url.path)")
        }
        self.url = url
        self.chunkSize = chunkSize
    }

    func makeIterator() -> AnyIterator<[UInt8]> {
        let handle = try? FileHandle(forReadingFrom: url)
        return AnyIterator {
            guard let data = try? handle?.read(upToCount: chunkSize), !data.isEmpty else {
                try? handle?.close()
                return nil
            }
            return [UInt8](data)
        }
    }
}

/// Every dataset of a run: generated ones first, then the corpora that are present (`Corpora`), then
/// the user's files.
enum DatasetCatalog {
    static func datasets(for options: BenchOptions) throws -> [Dataset] {
        let megabyte = 1_000_000
        let quick = options.isQuick
        var datasets = [
            Dataset(
                generated: "hub-feed", origin: "generated Hub feed", queryPaths: ["$.body[*].text.title"],
                model: .hubFeed, generator: HubFeedGenerator(size: (quick ? 4 : 64) * megabyte)),
            Dataset(
                generated: "hub-feed.ndjson", origin: "generated Hub components, one per line", format: .ndjson,
                queryPaths: ["$.text.title"], model: .hubComponent,
                generator: HubFeedGenerator(size: (quick ? 2 : 16) * megabyte, layout: .ndjson)),
            Dataset(
                generated: "geojson", origin: "generated GeoJSON polygons (canada.json-like)",
                queryPaths: ["$.features[*].geometry.coordinates"], model: .geoJSON,
                generator: GeoJSONGenerator(size: (quick ? 2 : 16) * megabyte)),
            Dataset(
                generated: "tweets", origin: "generated tweet search (twitter.json-like)",
                queryPaths: ["$.statuses[*].user.screen_name"], model: .tweets,
                generator: TweetsGenerator(size: (quick ? 2 : 16) * megabyte)),
            Dataset(
                generated: "small-containers", origin: "generated Hub-shaped feed of many small containers",
                queryPaths: SmallContainerQueries.paths,
                generator: SmallContainersGenerator(size: (quick ? 2 : 64) * megabyte)),
            Dataset(
                generated: "small-containers.ndjson", origin: "generated small-container components, one per line",
                format: .ndjson, queryPaths: [SmallContainerQueries.linesPath],
                generator: SmallContainersGenerator(size: (quick ? 2 : 16) * megabyte, layout: .ndjson)),
            Dataset(
                generated: quick ? "hub-feed-32mb" : "hub-feed-1gb",
                origin: "generated \(quick ? "32 MB" : "1 GB") Hub feed (never held in memory)",
                queryPaths: ["$.body[*].text.title"], isStreamOnly: true,
                generator: HubFeedGenerator(size: (quick ? 32 : 1000) * megabyte)),
        ]
        if let corpora = Corpora.directory {
            let known: [(String, Dataset.Format, [String], DecodableModel?)] = [
                ("twitter.json", .json, ["$.statuses[*].user.screen_name"], .tweets),
                ("citm_catalog.json", .json, ["$.events.*.name"], nil),
                ("canada.json", .json, ["$.features[*].geometry.coordinates"], .geoJSON),
                ("amazon_cellphones.ndjson", .ndjson, ["$[0]"], nil),
            ]
            for (file, format, paths, model) in known {
                let url = corpora.appendingPathComponent(file)
                if FileManager.default.fileExists(atPath: url.path) {
                    datasets.append(Dataset(file: url, format: format, queryPaths: paths, model: model))
                }
            }
        }
        for file in options.files {
            let url = URL(fileURLWithPath: file.path)
            guard FileManager.default.isReadableFile(atPath: url.path) else {
                throw BenchError("cannot read --file \(file.path)")
            }
            let format: Dataset.Format = url.pathExtension.lowercased() == "ndjson" ? .ndjson : .json
            datasets.append(Dataset(file: url, format: format, queryPaths: file.paths))
        }
        return datasets
    }
}

/// An error that stops a run or a contender, with a message for a person.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
