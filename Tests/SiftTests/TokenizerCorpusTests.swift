import Foundation
import Testing

@testable import Sift

/// The shared corpora (twitter, citm_catalog, canada, and the Amazon NDJSON with multiple
/// values) give the same events, with the same token offsets, however they are split: whole, in
/// chunks of 1 to 31 bytes and in seeded random pieces. The expected traces are kept as digests
/// in `Resources/corpora.digests` rather than as megabytes of text.
@Suite(.enabled(if: TokenizerTestSupport.corporaDirectory != nil, "shared/corpora is not beside the package"))
struct TokenizerCorpusTests {
    static let directory = TokenizerTestSupport.corporaDirectory
    static let names = ["twitter.json", "citm_catalog.json", "canada.json", "amazon_cellphones.ndjson"]

    static let corpora: [String: [UInt8]] = {
        var result: [String: [UInt8]] = [:]
        for name in names {
            if let directory, let data = try? Data(contentsOf: directory.appendingPathComponent(name)) {
                result[name] = Array(data)
            }
        }
        return result
    }()

    /// name → (events, digest)
    static let golden: [String: (events: Int, digest: String)] = {
        guard let url = Bundle.module.url(forResource: "Resources/corpora", withExtension: "digests"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [:] }
        var result: [String: (Int, String)] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            if fields.count == 3, let events = Int(fields[1]) { result[String(fields[0])] = (events, String(fields[2])) }
        }
        return result
    }()

    static var cases: [(String, TokenizerTestSupport.Split)] {
        names.flatMap { name in TokenizerTestSupport.Split.sweep(randomCount: 4).map { (name, $0) } }
    }

    static func digest(_ name: String, split: TokenizerTestSupport.Split) throws -> (events: Int, digest: String) {
        let bytes = try #require(corpora[name])
        let options = JSONParserOptions(allowsMultipleValues: name.hasSuffix(".ndjson"))
        let tokenizer = JSONTokenizer(options: options, handler: TokenizerTestSupport.DigestRecorder())
        let error = TokenizerTestSupport.run(tokenizer, bytes, split: split)
        #expect(error == nil, "\(name) \(split): \(error.map(String.init(describing:)) ?? "")")
        return (tokenizer.handler.events, String(tokenizer.handler.digest, radix: 16))
    }

    @Test func goldenDigestsAreUpToDate() throws {
        var lines = ["# Event digests of the shared corpora (TokenizerTestSupport.DigestRecorder: FNV-1a 64 over each",
                     "# event's kind, bytes and start offset). Columns: file, events, digest.",
                     "# Regenerate with SIFT_UPDATE_GOLDEN=1 after an intended change."]
        for name in Self.names {
            let whole = try Self.digest(name, split: .whole)
            lines.append("\(name) \(whole.events) \(whole.digest)")
            let golden = try #require(Self.golden[name], "no digest for \(name)")
            #expect(whole.events == golden.events && whole.digest == golden.digest, "\(name)")
        }
        if ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] != nil {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/corpora.digests")
            try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test(arguments: cases)
    func everySplitGivesTheGoldenEvents(name: String, split: TokenizerTestSupport.Split) throws {
        let golden = try #require(Self.golden[name])
        let result = try Self.digest(name, split: split)
        #expect(result.events == golden.events, "\(name) \(split)")
        #expect(result.digest == golden.digest, "\(name) \(split)")
    }

    @Test func truncatedCorporaAreIncompleteAtTheSamePlaceInEverySplit() throws {
        // Cut each corpus inside its data: the error (kind, location, path, excerpt) must not
        // depend on the split either.
        for name in Self.names {
            let bytes = try #require(Self.corpora[name])
            let cut = Array(bytes[..<(bytes.count * 2 / 3)])
            let options = JSONParserOptions(allowsMultipleValues: name.hasSuffix(".ndjson"))
            var first: String?
            for split in [TokenizerTestSupport.Split.whole, .size(7), .size(31), .random(seed: 9)] {
                let trace = TokenizerTestSupport.trace(cut, options: options, split: split)
                let error = try #require(trace.last)
                #expect(error.hasPrefix("error: "), "\(name) \(split)")
                #expect(error.contains("incomplete JSON"), "\(name) \(split): \(error)")
                if let first { #expect(error == first, "\(name) \(split)") } else { first = error }
            }
        }
    }
}
