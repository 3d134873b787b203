import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// The shared corpora (twitter, citm_catalog, canada, and the Amazon NDJSON with multiple
/// values) give the same events, with the same token offsets, however they are split: whole, in
/// chunks of 1 to 31 bytes and in seeded random pieces.
///
/// The expected traces are kept as digests in `Resources/corpora.digests` rather than as megabytes of
/// text.
@Suite(.enabled(if: Corpora.isAvailable, "no corpora"))
struct TokenizerCorpusTests {
    static let names = Corpora.names

    static let corpora: [String: [UInt8]] = {
        var result: [String: [UInt8]] = [:]
        for name in names {
            if let url = Corpora.url(name), let data = try? Data(contentsOf: url) {
                result[name] = Array(data)
            }
        }
        return result
    }()

    /// The golden digests by corpus file name: name → (events, digest).
    static let golden: [String: (events: Int, digest: String)] = {
        guard let url = Bundle.module.url(forResource: "Resources/corpora", withExtension: "digests"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [:] }
        var result: [String: (Int, String)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 3, let events = Int(fields[1]) {
                result[String(fields[0])] = (events, String(fields[2]))
            }
        }
        return result
    }()

    static var cases: [(String, TokenizerTestSupport.Split)] {
        names.flatMap { name in TokenizerTestSupport.Split.sweep(randomCount: 4).map { (name, $0) } }
    }

    struct Outcome: Sendable, Equatable {
        var events: Int
        var digest: String
        var error: String?
    }

    /// The digest of one corpus in one split (pure: no issue recorded, so it can run off the pool).
    static func outcome(_ name: String, split: TokenizerTestSupport.Split) -> Outcome? {
        guard let bytes = corpora[name] else { return nil }
        let options = JSONParserOptions(allowsMultipleValues: name.hasSuffix(".ndjson"))
        let tokenizer = JSONTokenizer(options: options, handler: TokenizerTestSupport.DigestRecorder())
        let error = TokenizerTestSupport.run(tokenizer, bytes, split: split)
        return Outcome(
            events: tokenizer.handler.events, digest: String(tokenizer.handler.digest, radix: 16),
            error: error?.description)
    }

    static func digest(_ name: String, split: TokenizerTestSupport.Split) async throws -> (events: Int, digest: String)
    {
        let result = try #require(await TokenizerTestSupport.offPool { outcome(name, split: split) })
        #expect(result.error == nil, "\(name) \(split): \(result.error ?? "")")
        return (result.events, result.digest)
    }

    @Test func goldenDigestsAreUpToDate() async throws {
        var lines = [
            "# Event digests of the shared corpora (TokenizerTestSupport.DigestRecorder: FNV-1a 64 over each",
            "# event's kind, bytes and start offset). Columns: file, events, digest.",
            "# Regenerate with SIFT_UPDATE_GOLDEN=1 after an intended change.",
        ]
        for name in Self.names {
            let whole = try await Self.digest(name, split: .whole)
            lines.append("\(name) \(whole.events) \(whole.digest)")
            let golden = try #require(Self.golden[name], "no digest for \(name)")
            #expect(whole.events == golden.events && whole.digest == golden.digest, "\(name)")
        }
        if ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] != nil {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
                "Resources/corpora.digests")
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test(arguments: cases)
    func everySplitGivesTheGoldenEvents(name: String, split: TokenizerTestSupport.Split) async throws {
        let golden = try #require(Self.golden[name])
        let result = try await Self.digest(name, split: split)
        #expect(result.events == golden.events, "\(name) \(split)")
        #expect(result.digest == golden.digest, "\(name) \(split)")
    }

    @Test func truncatedCorporaAreIncompleteAtTheSamePlaceInEverySplit() async throws {
        // Cut each corpus inside its data: the error (kind, location, path, excerpt) must not
        // depend on the split either.
        for name in Self.names {
            let bytes = try #require(Self.corpora[name])
            let cut = Array(bytes[..<(bytes.count * 2 / 3)])
            let options = JSONParserOptions(allowsMultipleValues: name.hasSuffix(".ndjson"))
            let splits: [TokenizerTestSupport.Split] = [.whole, .size(7), .size(31), .random(seed: 9)]
            let errors = await TokenizerTestSupport.offPool {
                splits.map { TokenizerTestSupport.trace(cut, options: options, split: $0).last ?? "" }
            }
            for (split, error) in zip(splits, errors) {
                #expect(error.hasPrefix("error: "), "\(name) \(split)")
                #expect(error.contains("incomplete JSON"), "\(name) \(split): \(error)")
                #expect(error == errors[0], "\(name) \(split)")
            }
        }
    }
}
