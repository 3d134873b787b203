import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// What no path enters is skipped with no bookkeeping: passed by the checking scan (in an input
/// held whole, or in a stream when it ends in the current chunk), or lexed by yajl without
/// callbacks where the scan leaves it to yajl (in an input held whole).
///
/// The bookkeeping is rebuilt from the bytes when the parse stops inside a skipped part. Errors
/// and matches must be exactly those of the same bytes arriving one byte at a time, where no
/// container ends in the chunk that opens it and every token is followed: message, offset, line,
/// column and path.
@Suite("Skipping what no path enters")
struct PathSkippingTests {
    typealias Random = TokenizerTestSupport.SplitMix64

    /// Random JSON text: nested objects and arrays, escaped strings, numbers, literals; some
    /// line breaks.
    struct Generator {
        var random: Random

        mutating func value(depth: Int) -> String {
            let pick = Int.random(in: 0..<(depth > 5 ? 5 : 8), using: &random)
            switch pick {
            case 0: return "\(Int.random(in: -999...999, using: &random))"
            case 1:
                let exponent = ["e", "E+", "e-"][Int.random(in: 0..<3, using: &random)]
                let mantissa = Int.random(in: -99...99, using: &random)
                return "\(mantissa).5\(exponent)\(Int.random(in: 0...3, using: &random))"
            case 2: return ["true", "false", "null"][Int.random(in: 0..<3, using: &random)]
            case 3:
                let escape = [#"\/"#, #"\b\f\r\t"#, #"\uD83D\uDE00"#, #"\uABcd"#][Int.random(in: 0..<4, using: &random)]
                // Now and then long enough for the scan's 64-byte blocks, with runs of backslashes
                // across their edges.
                let long =
                    Int.random(in: 0..<3, using: &random) == 0
                    ? String(repeating: #"\\ab\""#, count: Int.random(in: 8..<30, using: &random)) : ""
                return #""s\"\\\u00e9 é \#(escape) \#(long)\#(Int.random(in: 0..<9, using: &random))""#
            case 4: return #""\#(["x", "id", "", "a b"][Int.random(in: 0..<4, using: &random)])""#
            case 5, 6:
                let count = Int.random(in: 0..<4, using: &random)
                let members = (0..<count).map { _ in
                    let key = ["id", "x", "items", "k\\n", "ü", "a"][Int.random(in: 0..<6, using: &random)]
                    return #""\#(key)":\#(Bool.random(using: &random) ? "\n " : "")\#(value(depth: depth + 1))"#
                }
                return "{" + members.joined(separator: ", ") + "}"
            default:
                let count = Int.random(in: 0..<4, using: &random)
                return "[" + (0..<count).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
            }
        }

        mutating func document() -> String {
            let items = (0..<Int.random(in: 1..<5, using: &random)).map { _ in value(depth: 1) }
            return #"{"items": [\#(items.joined(separator: ",\n  "))], "tail": \#(value(depth: 1))}"#
        }

        /// `text` damaged once at a random place.
        mutating func damage(_ text: [UInt8]) -> [UInt8] {
            var bytes = text
            guard !bytes.isEmpty else { return [0x7D] }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: bytes.remove(at: position)
            case 1:
                bytes.insert([0x2C, 0x3A, 0x7D, 0x5D, 0x22, 0x78][Int.random(in: 0..<6, using: &random)], at: position)
            case 2: bytes.insert(0x0C, at: position)
            case 3: bytes.insert(0xFF, at: position)
            case 4: bytes.removeSubrange(position...)
            case 5:
                // What the scan of a skipped container must refuse: a raw control character, a
                // bad escape, malformed numbers and literals, a stray bracket or separator.
                let pieces = ContainerEndTests.Generator.damage
                bytes.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &random)], at: position)
            case 6: bytes[position] = [0x5B, 0x5D, 0x7D][Int.random(in: 0..<3, using: &random)]
            default: bytes[position] = 0x7B
            }
            return bytes
        }
    }

    static let queries = [["$.items[0].id"], ["$.zz"], ["$.tail", "$.items[*].x"], ["$..id"]]

    /// Every match with its path and location, or the error, for `bytes` given whole or in pieces
    /// of `size` bytes.
    static func outcome(
        _ paths: [String], _ bytes: [UInt8], pieces size: Int?, options: JSONParserOptions
    ) async -> String {
        var found: [String] = []
        var query = JSONQuery(options: options)
        do {
            for path in paths {
                query.add(try JSONPath(path).value) { match in
                    found.append("\(match.path.normalized) \(match.location) \(match.value)")
                }
            }
            if let size {
                try await query.run(chunks: TokenizerTestSupport.chunks(of: bytes, size: size))
            } else {
                try query.run(.bytes(bytes))
            }
            return found.joined(separator: "\n")
        } catch {
            return "\(found.count) found, then: \(error)"
        }
    }

    @Test("Damaged documents give the same errors skipped fast as followed token by token", arguments: 0..<40)
    func damagedDocuments(seed: UInt64) async {
        var generator = Generator(random: Random(seed: seed &+ 77))
        var options = JSONParserOptions()
        options.maximumDepth = seed % 4 == 0 ? 5 : 512
        for _ in 0..<6 {
            let text = Array(generator.document().utf8)
            for bytes in [text, generator.damage(text), generator.damage(generator.damage(text))] {
                for paths in Self.queries {
                    let single = await Self.outcome(paths, bytes, pieces: 1, options: options)
                    // Whole at every level of the scan, in pieces at one (a different one for
                    // each seed).
                    let levels = SkipScanLevel.available
                    let runs: [(Int?, Int32)] = levels.map { (nil, $0) } + [(7, levels[Int(seed) % levels.count])]
                    for (size, level) in runs {
                        let outcome = await SkipScanLevel.$forced.withValue(level) {
                            await Self.outcome(paths, bytes, pieces: size, options: options)
                        }
                        #expect(
                            outcome == single,
                            """
                            seed \(seed), \(paths), pieces \(size ?? 0), level \(level): \
                            \(String(decoding: bytes, as: UTF8.self))
                            """)
                    }
                }
            }
        }
    }

    /// The events a handler sees when it skips every container two levels down, or the error.
    struct SkippingHandler: JSONEventHandler {
        var depth = 3
        var seen: [String] = []
        var skipped = 0

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            seen.append("\(event) \(context.path)")
            switch event {
            case .startObject, .startArray:
                if context.depth == depth {
                    skipped += 1
                    context.skipContents()
                }
            default: break
            }
        }
    }

    static func skippingOutcome(
        _ bytes: [UInt8], pieces size: Int?, skippingAt depth: Int = 3
    ) -> (seen: String, skipped: Int, passedByScan: Int) {
        let tokenizer = JSONTokenizer(handler: SkippingHandler(depth: depth))
        var error = ""
        if let size {
            // Every piece is fed, also after an error, which completes its excerpt.
            for start in stride(from: 0, to: bytes.count, by: size) {
                do {
                    try bytes[start..<min(start + size, bytes.count)].withUnsafeBytes { try tokenizer.feed($0) }
                } catch let thrown {
                    error = "\(thrown)"
                }
            }
        }
        do {
            if size == nil { try tokenizer.parse(.bytes(bytes)) } else { try tokenizer.finish() }
        } catch let thrown {
            error = "\(thrown)"
        }
        let handler = tokenizer.handler
        return (
            handler.seen.joined(separator: "\n") + "\n" + error, handler.skipped,
            tokenizer.diagnostics.containersPassedByScan
        )
    }

    @Test(
        "Skipped containers are passed by the scan, with the events and errors of a parse in pieces", arguments: 0..<12)
    func passedByScan(seed: UInt64) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var generator = Generator(random: Random(seed: seed &+ 0x5CA7))
            var failures: [String] = []
            var skipped = 0
            var passedInPieces = 0
            for round in 0..<40 {
                let text = Array(generator.document().utf8)
                let bytes = round % 2 == 0 ? text : generator.damage(text)
                let single = Self.skippingOutcome(bytes, pieces: 1)
                let level = SkipScanLevel.available[round % SkipScanLevel.available.count]
                let (whole, pieces) = SkipScanLevel.$forced.withValue(level) {
                    (Self.skippingOutcome(bytes, pieces: nil), Self.skippingOutcome(bytes, pieces: 24))
                }
                for outcome in [whole, pieces] where outcome.seen != single.seen {
                    failures.append(
                        "level \(level), \(String(decoding: bytes, as: UTF8.self)):\n\(outcome.seen)\n---\n\(single.seen)"
                    )
                }
                if single.passedByScan != 0 { failures.append("the scan passed a container in 1-byte pieces") }
                passedInPieces += pieces.passedByScan
                if round % 2 == 0 {
                    // A valid document: every skipped container was passed by the scan.
                    skipped += whole.skipped
                    if whole.passedByScan != whole.skipped {
                        failures.append("\(whole.passedByScan) of \(whole.skipped) passed by the scan")
                    }
                }
            }
            if skipped == 0 { failures.append("no container was skipped") }
            if passedInPieces == 0 { failures.append("no container ended in the chunk that opened it") }
            return failures
        }
        #expect(failures.isEmpty, "seed \(seed): \(failures.prefix(3).joined(separator: "\n====\n"))")
    }

    /// The events and error of ``SkippingHandler`` over `bytes` in memory, or cut by `split`.
    static func skippingOutcome(
        _ bytes: [UInt8], split: TokenizerTestSupport.Split?, skippingAt depth: Int
    ) -> String {
        let tokenizer = JSONTokenizer(handler: SkippingHandler(depth: depth))
        var error = ""
        if let split {
            if let failure = TokenizerTestSupport.run(tokenizer, bytes, split: split) { error = "\(failure)" }
        } else {
            do {
                try tokenizer.parse(.bytes(bytes))
            } catch let thrown {
                error = "\(thrown)"
            }
        }
        return tokenizer.handler.seen.joined(separator: "\n") + "\n" + error
    }

    @Test(
        "The corpora and their first two thirds, skipped two and three levels down: the same at every level and split",
        .enabled(if: Corpora.isAvailable))
    func corpora() async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var failures: [String] = []
            let splits: [TokenizerTestSupport.Split?] = [nil, .size(65_536), .size(4_093), .random(seed: 5)]
            for name in Corpora.names where !name.hasSuffix(".ndjson") {
                guard let url = Corpora.url(name), let data = try? Data(contentsOf: url) else { continue }
                let full = Array(data)
                for bytes in [full, Array(full[..<(full.count * 2 / 3)])] {
                    for depth in [2, 3] {
                        let reference = SkipScanLevel.$forced.withValue(SkipScanLevel.available[0]) {
                            Self.skippingOutcome(bytes, split: .size(4_093), skippingAt: depth)
                        }
                        for level in SkipScanLevel.available {
                            for split in splits {
                                let outcome = SkipScanLevel.$forced.withValue(level) {
                                    Self.skippingOutcome(bytes, split: split, skippingAt: depth)
                                }
                                if outcome != reference {
                                    failures.append(
                                        "\(name) (\(bytes.count) bytes), depth \(depth), level \(level), \(split?.description ?? "in memory")"
                                    )
                                }
                            }
                        }
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("In a stream, the containers inside a skipped one that runs past its chunk are passed one by one")
    func nestedContainersInAStream() {
        let elements = (0..<200).map { #"{"id": \#($0), "tags": ["a", {"b": null}], "text": "x\n\u00e9 ü"}"# }
        let bytes = Array(#"{"skip": [\#(elements.joined(separator: ",\n "))], "keep": [1]}"#.utf8)
        let single = Self.skippingOutcome(bytes, pieces: 1, skippingAt: 2)
        let whole = Self.skippingOutcome(bytes, pieces: nil, skippingAt: 2)
        let pieces = Self.skippingOutcome(bytes, pieces: 512, skippingAt: 2)
        #expect(whole.seen == single.seen)
        #expect(pieces.seen == single.seen)
        #expect(single.passedByScan == 0)
        // Whole: the skipped array and `keep`, each at once. In pieces: the array runs past its
        // chunk, but nearly every element lies inside one and is passed on its own.
        #expect(whole.passedByScan == 2)
        #expect(pieces.passedByScan > 150, "\(pieces.passedByScan) passed")
    }

    @Test("Comments in skipped parts, and an input that ends inside one")
    func commentsAndTruncation() async {
        var options = JSONParserOptions()
        options.allowsComments = true
        let text = #"{"a": {"b": [1, /* ] */ 2, "c\"//"], // }"# + "\n" + #""d": {"e": "}"}}, "f": 3}"#
        for end in stride(from: text.utf8.count, to: 0, by: -3) {
            let bytes = Array(text.utf8.prefix(end))
            for paths in [["$.f"], ["$.zz"], ["$.a.d"]] {
                let whole = await Self.outcome(paths, bytes, pieces: nil, options: options)
                let pieces = await Self.outcome(paths, bytes, pieces: 5, options: options)
                #expect(whole == pieces, "\(paths) on \(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }
}
