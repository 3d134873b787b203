import Foundation
import Sift
import Testing

@testable import bench

/// The generated documents: deterministic, valid, the requested size, and identical whatever the
/// chunk size they are streamed in.
@Suite struct GeneratorTests {
    /// A small instance of a generator, with how far past its size its last piece may reach.
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let size: Int
        let slack: Int
        var isNDJSON = false
        let make: @Sendable () -> any JSONDocumentGenerator

        var testDescription: String { name }

        func chunks(_ size: Int) -> [[UInt8]] { Self.chunks(make(), size) }
        func data() -> Data { Self.data(make()) }

        private static func chunks(_ generator: some JSONDocumentGenerator, _ size: Int) -> [[UInt8]] {
            Array(generator.chunks(of: size))
        }

        private static func data(_ generator: some JSONDocumentGenerator) -> Data {
            generator.makeData()
        }
    }

    static let samples = [
        Sample(name: "hub feed", size: 120_000, slack: 16_000) { HubFeedGenerator(size: 120_000) },
        Sample(name: "hub ndjson", size: 60_000, slack: 16_000, isNDJSON: true) {
            HubFeedGenerator(size: 60_000, layout: .ndjson)
        },
        Sample(name: "geojson", size: 150_000, slack: 300_000) { GeoJSONGenerator(size: 150_000) },
        Sample(name: "tweets", size: 80_000, slack: 16_000) { TweetsGenerator(size: 80_000) },
        Sample(name: "small containers", size: 100_000, slack: 4000) { SmallContainersGenerator(size: 100_000) },
        Sample(name: "small containers ndjson", size: 50_000, slack: 4000, isNDJSON: true) {
            SmallContainersGenerator(size: 50_000, layout: .ndjson)
        },
    ]

    @Test(arguments: samples, [1, 7, 4096, 65536])
    func chunksOfAnySizeConcatenateToTheWholeDocument(sample: Sample, chunkSize: Int) {
        let chunks = sample.chunks(chunkSize)
        #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
        #expect((chunks.last?.count ?? 0) <= chunkSize)
        #expect(Data(chunks.joined()) == sample.data())
    }

    @Test func sameSeedSameBytesOtherSeedOtherBytes() {
        #expect(HubFeedGenerator(size: 50_000).makeData() == HubFeedGenerator(size: 50_000).makeData())
        #expect(HubFeedGenerator(size: 50_000).makeData() != HubFeedGenerator(size: 50_000, seed: 7).makeData())
        #expect(TweetsGenerator(size: 50_000).makeData() != TweetsGenerator(size: 50_000, seed: 7).makeData())
        #expect(SmallContainersGenerator(size: 50_000).makeData() == SmallContainersGenerator(size: 50_000).makeData())
        #expect(
            SmallContainersGenerator(size: 50_000).makeData()
                != SmallContainersGenerator(size: 50_000, seed: 7).makeData())
    }

    @Test(arguments: samples)
    func documentsReachTheirSizeAndStopSoonAfter(sample: Sample) {
        let count = sample.data().count
        #expect(count >= sample.size && count < sample.size + sample.slack, "\(count) bytes")
    }

    /// Foundation and the Sift tokenizer both accept every document and agree on its events
    /// and its unescaped text.
    @Test(arguments: samples)
    func documentsAreValidJSONThatSiftAndFoundationReadAlike(sample: Sample) throws {
        let data = sample.data()
        var foundation = TreeTally()
        try FoundationContenders.forEachDocument(in: data, ndjson: sample.isNDJSON) { document in
            FoundationContenders.tallyTree(try JSONSerialization.jsonObject(with: document), into: &foundation)
        }
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(allowsMultipleValues: sample.isNDJSON), handler: TallyHandler())
        try tokenizer.feed(data)
        try tokenizer.finish()
        #expect(tokenizer.handler.tally.events == foundation.events)
        #expect(tokenizer.handler.tally.textBytes == foundation.textBytes)
        #expect(foundation.events > 1000)
    }

    @Test func hubFeedHasTheDefaultSchemaWithEscapesAndChildren() throws {
        let feed = try JSONDecoder().decode(HubFeed.self, from: HubFeedGenerator(size: 200_000).makeData())
        #expect(feed.id == "feed")
        #expect(feed.header?.component?.category == "header")
        #expect(feed.body.count > 50)
        #expect(feed.body.contains { ($0.children?.count ?? 0) > 0 })
        #expect(
            feed.body.allSatisfy {
                $0.component?.id.contains(":") == true && $0.target?.uri?.hasPrefix("spotify:") == true
            })
        let texts = feed.body.flatMap { [$0.text?.title, $0.text?.description].compactMap { $0 } }
        #expect(texts.contains { $0.contains("\"") })
        #expect(texts.contains { $0.contains("\n") })
        #expect(texts.contains { $0.contains("é") })
        #expect(texts.contains { $0.unicodeScalars.contains { $0.value > 0xFFFF } })
    }

    @Test func numberHeavyAndTweetDocumentsFitTheirModels() throws {
        let decoder = JSONDecoder()
        #expect(
            try DecodableModel.geoJSON.decodeCount(GeoJSONGenerator(size: 100_000).makeData(), with: decoder) > 1000)
        #expect(try DecodableModel.tweets.decodeCount(TweetsGenerator(size: 100_000).makeData(), with: decoder) > 20)
    }

    @Test func splitMix64MatchesItsReferenceSequence() {
        // First outputs for seed 0 of the reference implementation.
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        var bounded = SplitMix64(seed: 1)
        #expect((0..<1000).allSatisfy { _ in (0..<7).contains(bounded.below(7)) })
    }
}
