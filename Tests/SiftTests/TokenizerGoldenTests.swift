import Foundation
import Testing

@testable import Sift

/// Golden event traces, after yajl's own test suite: each `Resources/Tokenizer/NAME.json` has a
/// `NAME.events` file with one line per event (`event @line:column path`, plus `#value` for
/// multiple values), and every case must give exactly that trace fed whole, in chunks of 1 to 31
/// bytes and in seeded random pieces.
///
/// Names starting with `multiple_` are parsed with `allowsMultipleValues`, names starting with
/// `comments` with `allowsComments`. Run with `SIFT_UPDATE_GOLDEN=1` to rewrite the `.events`
/// files after an intended change (then review the diff).
@Suite struct TokenizerGoldenTests {
    static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Resources/Tokenizer")

    static var caseNames: [String] {
        guard let directory = Bundle.module.url(forResource: "Resources/Tokenizer", withExtension: nil),
            let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static func options(for name: String) -> JSONParserOptions {
        JSONParserOptions(allowsMultipleValues: name.hasPrefix("multiple_"), allowsComments: name.hasPrefix("comments"))
    }

    /// One trace line per event.
    struct GoldenRecorder: JSONEventHandler {
        var lines: [String] = []
        let showsValueIndex: Bool

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            var line = "\(event) @\(context.location) \(context.path)"
            if showsValueIndex { line += " #\(context.valueIndex)" }
            lines.append(line)
        }
    }

    static func trace(_ name: String, split: TokenizerTestSupport.Split) throws -> String {
        let url = try #require(Bundle.module.url(forResource: "Resources/Tokenizer/\(name)", withExtension: "json"))
        let bytes = Array(try Data(contentsOf: url))
        let options = options(for: name)
        let tokenizer = JSONTokenizer(
            options: options, handler: GoldenRecorder(showsValueIndex: options.allowsMultipleValues))
        let error = TokenizerTestSupport.run(tokenizer, bytes, split: split)
        let lines = tokenizer.handler.lines + (error.map { ["error: \($0)"] } ?? [])
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func everyCaseHasAGoldenTrace() {
        let names = Self.caseNames
        #expect(names.count >= 15)
        for name in names {
            let golden = Bundle.module.url(forResource: "Resources/Tokenizer/\(name)", withExtension: "events")
            #expect(golden != nil, "missing \(name).events")
        }
    }

    @Test(arguments: caseNames)
    func traceMatchesGoldenInEverySplit(name: String) throws {
        let whole = try Self.trace(name, split: .whole)
        if ProcessInfo.processInfo.environment["SIFT_UPDATE_GOLDEN"] != nil {
            try whole.write(
                to: Self.sourceDirectory.appendingPathComponent("\(name).events"), atomically: true, encoding: .utf8)
        }
        let goldenURL = try #require(
            Bundle.module.url(forResource: "Resources/Tokenizer/\(name)", withExtension: "events"))
        let golden = try String(contentsOf: goldenURL, encoding: .utf8)
        #expect(whole == golden)
        for split in TokenizerTestSupport.Split.sweep(randomCount: 6) {
            let trace = try Self.trace(name, split: split)
            #expect(trace == golden, "\(name) split \(split)")
            if trace != golden { break }
        }
    }

    @Test func tokenizeConvenienceGivesTheSameEvents() throws {
        let url = try #require(Bundle.module.url(forResource: "Resources/Tokenizer/nesting", withExtension: "json"))
        var events: [String] = []
        try JSONTokenizer.tokenize(.file(url.path)) { event, context in
            events.append("\(event) @\(context.location) \(context.path)")
        }
        #expect(events.joined(separator: "\n") + "\n" == (try Self.trace("nesting", split: .whole)))
    }

    @Test func nulInsideAStringIsThreeBytes() throws {
        var counts: [Int] = []
        try JSONTokenizer.tokenize(#""a\u0000b""#) { event, _ in
            if case .string(let bytes) = event { counts.append(bytes.count) }
        }
        #expect(counts == [3])
    }

    @Test func eventBytesAreTheUnescapedText() throws {
        var strings: [[UInt8]] = []
        try JSONTokenizer.tokenize(#"["\ud83d\ude00", "caf\u00e9", "a\u0000b", "\"\\\/"]"#) { event, _ in
            if case .string(let bytes) = event { strings.append(bytes.array) }
        }
        #expect(strings == [Array("😀".utf8), Array("café".utf8), [0x61, 0x00, 0x62], Array(#""\/"#.utf8)])
    }
}
