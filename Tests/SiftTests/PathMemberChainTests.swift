import Foundation
import Testing

@testable import Sift

/// Objects read along a chain of member names (``JSONEventContext/takeOnlyMembers(alongChain:)``):
/// the matches (value, normalized path, location), the error, and where a stop leaves the input
/// must be exactly those of a parse that delivers every member, however the input is cut.
@Suite("Reading objects along a chain of member names")
struct PathMemberChainTests {
    typealias Split = TokenizerTestSupport.Split

    /// Paths whose matcher asks for chains, of one level or more.
    static let paths = [
        "$.items[*].a.id", "$.items[*].a.b.id", "$[*].a.id", "$.a.b", "$.items[*].a['id','x']", "$.items[*].t.title",
        "$[?@.x].a.id", "$.items[*]['a','t']['id','title']", "$.items[*]['a','z'].b.id",
        // Filters whose operands go through objects: the chain enters them as the operands' way.
        "$.items[?@.a.id==1].t.title", "$[?@.a.b.id || @.x.q].x", "$.items[?@.t.title=='x' && @.a.id<2]['a','t'].id",
        // Elements that ask for the chain, for another chain, or for nothing, in turn: a read that
        // goes on into the next element must stop there.
        "$.items[::2].a.id", "$.items[1].a.id", "$[1:3].a.id", "$.items[-1].t.title", "$.items[0,2]['a','t'].id",
        // Several paths (` + `): elements whose chains differ, or where one element takes more.
        "$.items[0].a.id + $.items[*].t.title", "$.items[1].a.id + $.items[*].a.b.id", "$[1].a + $[*].a.id",
        "$[2:].x + $[*].a.id",
        // One level: scalars taken, and objects where the chain ends.
        "$.items[*].x", "$[*].a", "$[*]['x','a']", "$.items[*].t",
    ]

    /// Taken strings with escapes and surrogates, escaped keys where a name is taken and where
    /// not, duplicates, scalars, arrays and empty objects where the chain expects an object,
    /// objects where it ends, and errors inside and right after a chain's members.
    static let documents = [
        #"{"items":[{"a":{"id":1}},{"a":{"id":"x\"y\u00e9\ud83d\ude00\ud800"}},{"z":[1,{"a":2}],"a":{"q":{"id":0},"id":[3]}}]}"#,
        #"{"items":[{"a":{"id":1},"a":{"id":2,"id":3}},{"a":5,"a":{},"a":{"b":{"id":true}}},{"a\u0000":{"id":4},"a":{"i\u0064":5}}]}"#,
        #"{"items":[{"a":{"b":{"id":null,"x":{"id":7}}}},{"a":[{"id":8}]},{"a":{"b":[]}},{"a":{"b":{"id":{"id":9}}}}]}"#,
        #"[{"a":{"id":1}},{"x":1,"a":{"id":2}},{"a":{"id":3},"x":0},[],{"a":{"id":-0.5e+3}}]"#,
        #"{"a":{"b":"c"},"a":{"b":{"c":1}},"a":{"b":false}}"#,
        #"{"items":[{"t":{"title":"caf\u00e9 \"q\"","sub":""}},{"t":{"title":"tab\tbed"}},{"t":{"title":"x"}}]}"#,
        #"{"items":[{"a":{"id":1,}},{"a":{"id":2}}]}"#,
        #"{"items":[{"a":{"id":1 "x":2}}]}"#,
        #"{"items":[{"a":{"id":tru}}]}"#,
        #"{"items":[{"a":{"id":"a\x"}}]}"#,
        #"{"items":[{"a":{"id":01}}]}"#,
        #"{"items":[{"a":{"id":1}},{"a":{"id":2}}],"tail":1"#,
        #"{"items":[{"a":{"id":1}},{"a":{"id":2}}]} x"#,
        #"{"items" : [ { "a" : { "q" : [ ] , "id" : 7 } , "b" : { } } , { "a" : { } } ] }"#,
        // Runs of elements, read on from one into the next: empty ones, other values between
        // them, and every way the bytes between two elements can be wrong.
        #"{"items":[{"a":{"id":1}},{},{"a":{"id":2}} , {"t":{"title":"x"},"a":{"id":3}},{"a":{"id":4}},{"a":{"id":5}}]}"#,
        #"[{"a":{"id":1}},{"a":{"id":2}},{"x":{"a":{"id":3}}},{"a":{"id":4}},5,{"a":{"id":6}},[{"a":{"id":7}}],{}]"#,
        #"{"items":[{"a":{"id":1}}{"a":{"id":2}}]}"#,
        #"{"items":[{"a":{"id":1}},,{"a":{"id":2}}]}"#,
        #"{"items":[{"a":{"id":1}},{"a":{"id":2}},]}"#,
        #"{"items":[{"a":{"id":1}},{"a":{"id":2}},{"a":{"id":3},}]}"#,
        #"{"items":[{"a":{"id":1}},{"a":{"id":2}},{"a":{"id":3}}"#,
        #"[{"a":{"id":1}}, {"a":{"id":2}},\#n{"a":{"id":3}}\#t,{"a":{"id":"4"}}]"#,
    ]

    /// The lines a query's matches and error make, how many events came from chains, and
    /// where the tokenizer stopped when the handler stops after `stopAfter` matches.
    static func outcome(
        _ path: String, _ bytes: [UInt8], split: Split, passing: Bool, stopAfter: Int? = nil,
        order: JSONQuery.ResultOrder = .rfc9535, options: JSONParserOptions = JSONParserOptions()
    ) -> (lines: [String], chainEvents: Int) {
        MemberPassing.$isEnabled.withValue(passing) {
            let lines = LineBox()
            var query = JSONQuery(options: options)
            // Unions keep their selectors' order in RFC 9535 order, which no chain reads.
            query.resultOrder = order
            do {
                for part in path.split(separator: " + ") {
                    query.add(try JSONPath(String(part)).value) {
                        lines.lines.append("\($0.path) \($0.location) \($0.value)")
                    }
                }
            } catch {
                return (["bad path \(path): \(error)"], 0)
            }
            let tokenizer = JSONTokenizer(
                options: options,
                handler: StoppingHandler(matcher: query.makeMatcher(), lines: lines, stopAfter: stopAfter ?? .max))
            var failure = "accepted"
            for range in split.ranges(count: bytes.count) {
                do {
                    try bytes[range].withUnsafeBytes { try tokenizer.feed($0) }
                } catch {
                    failure = "\(error)"
                }
            }
            do {
                try tokenizer.finish()
            } catch {
                failure = "\(error)"
            }
            if tokenizer.isStopped { failure = "stopped at \(tokenizer.bytesConsumed)" }
            return (lines.lines + [failure], tokenizer.diagnostics.chainEvents)
        }
    }

    final class LineBox {
        var lines: [String] = []
    }

    /// A matcher that stops the parse once its query has made `stopAfter` matches.
    struct StoppingHandler: JSONEventHandler {
        var matcher: PathMatcher<QueryConsumer>
        let lines: LineBox
        let stopAfter: Int

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
            try matcher.handle(event, context: context)
            if lines.lines.count >= stopAfter { context.stopParsing() }
        }
    }

    static func differences(
        _ bytes: [UInt8], splits: [Split], paths: [String] = paths, options: JSONParserOptions = JSONParserOptions()
    ) -> (failures: [String], chainEvents: Int) {
        var failures: [String] = []
        var chainEvents = 0
        for path in paths {
            for stopAfter in [nil, 1, 2] {
                let order: JSONQuery.ResultOrder = path.contains("','") ? .streaming : .rfc9535
                let delivering = outcome(
                    path, bytes, split: .whole, passing: false, stopAfter: stopAfter, order: order, options: options)
                for split in splits {
                    let chained = outcome(
                        path, bytes, split: split, passing: true, stopAfter: stopAfter, order: order, options: options)
                    chainEvents += chained.chainEvents
                    if chained.lines != delivering.lines {
                        failures.append(
                            "\(path), \(split), stop after \(stopAfter ?? 0) on "
                                + "\(String(decoding: bytes, as: UTF8.self).debugDescription):\n"
                                + "chained \(chained.lines)\ndelivering \(delivering.lines)")
                    }
                }
            }
        }
        return (failures, chainEvents)
    }

    @Test("Hand-picked documents: the same matches, errors and stops in every split")
    func handPickedDocuments() async {
        let (failures, chainEvents) = await TokenizerTestSupport.offPool { () -> ([String], Int) in
            var failures: [String] = []
            var chainEvents = 0
            for document in Self.documents {
                let found = Self.differences(Array(document.utf8), splits: Split.sweep())
                failures += found.failures
                chainEvents += found.chainEvents
            }
            return (failures, chainEvents)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(chainEvents > 0, "no chain was read: the check checks nothing")
    }

    /// Inputs of several top-level values: objects read on into the next one, whatever lies
    /// between them (nothing, spaces, line breaks, another kind of value, an error).
    static let valueSequences = [
        "{\"a\":{\"id\":1}}\n{\"a\":{\"id\":2}}\n{\"t\":{\"title\":\"x\"},\"a\":{\"id\":3}}\n",
        "{\"a\":{\"id\":1}}{\"a\":{\"id\":2}} \t {\"a\":{\"id\":3}}\r\n{}\n[{\"a\":{\"id\":4}}]\n5\n{\"a\":{\"id\":6}}",
        "{\"a\":{\"id\":1}}\n{\"a\":{\"id\":2}},\n{\"a\":{\"id\":3}}\n",
        "{\"a\":{\"id\":1}}\n{\"a\":{\"id\":2}\n{\"a\":{\"id\":3}}\n",
        "{\"a\":{\"id\":1}}\n{\"a\":{\"id\":\"\\u0032\"}}\n{\"a\":{\"id\":3}",
    ]

    @Test("Several top-level values: the same matches, errors and stops in every split")
    func topLevelValues() async {
        let (failures, chainEvents) = await TokenizerTestSupport.offPool { () -> ([String], Int) in
            var options = JSONParserOptions()
            options.allowsMultipleValues = true
            var failures: [String] = []
            var chainEvents = 0
            for document in Self.valueSequences {
                let found = Self.differences(
                    Array(document.utf8), splits: Split.sweep(),
                    paths: ["$.a.id", "$.t.title", "$['a','t']['id','title']", "$.a", "$[0].a.id", "$.a.id + $.t"],
                    options: options)
                failures += found.failures
                chainEvents += found.chainEvents
            }
            return (failures, chainEvents)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(chainEvents > 0, "no chain was read: the check checks nothing")
        var options = JSONParserOptions()
        options.allowsMultipleValues = true
        let lines = Array(String(repeating: "{\"x\":0,\"a\":{\"id\":1}}\n", count: 50).utf8)
        let read = Self.tokenizerDiagnostics("$.a.id", lines, options: options)
        // All but the values where a full token list ends a read.
        #expect(read.chainElements >= 45, "\(read.chainElements) values read on into")
    }

    @Test("Generated documents, whole and damaged: the same matches and errors in every split", arguments: 0..<4)
    func generatedDocuments(seed: UInt64) async {
        let (failures, chainEvents) = await TokenizerTestSupport.offPool { () -> ([String], Int) in
            var generator = PathSkippingTests.Generator(random: TokenizerTestSupport.SplitMix64(seed: seed &+ 0xC4A1))
            var failures: [String] = []
            var chainEvents = 0
            for round in 0..<10 {
                let text = Array(generator.document().utf8)
                let bytes = round % 2 == 0 ? text : generator.damage(text)
                let found = Self.differences(bytes, splits: [.whole, .size(1), .size(7), .random(seed: UInt64(round))])
                failures += found.failures
                chainEvents += found.chainEvents
            }
            return (failures, chainEvents)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        _ = chainEvents
    }

    @Test(
        "A feed of small containers is read along the chain, with the same matches",
        arguments: ["$.body[*].text.title", "$.body[*]['text','metadata']['title','ok']"])
    func smallContainerFeed(path: String) {
        let bytes = PathMemberPassTests.feed(components: 300)
        // Each element's `text` key, its object's start and end, the title's key and value; and
        // the same for `metadata` and `ok`.
        let perElement = path.contains("ok") ? 10 : 5
        for (split, least) in [(Split.whole, 300 * perElement), (.size(4096), 300 * perElement / 2), (.size(61), 0)] {
            let chained = Self.outcome(path, bytes, split: split, passing: true, order: .streaming)
            let delivering = Self.outcome(path, bytes, split: split, passing: false, order: .streaming)
            #expect(chained.lines == delivering.lines, "\(split)")
            #expect(chained.lines.count == (path.contains("ok") ? 601 : 301))
            #expect(chained.chainEvents >= least, "\(split): \(chained.chainEvents) events from chains")
        }
        // Read on from one element into the next: in one chunk, most elements start in a read.
        let whole = Self.tokenizerDiagnostics(path, bytes)
        #expect(whole.chainElements >= 250, "\(whole.chainElements) elements read on into")
    }

    /// The tokenizer's counters after running `path` over `bytes` in one chunk.
    static func tokenizerDiagnostics(
        _ path: String, _ bytes: [UInt8], options: JSONParserOptions = JSONParserOptions()
    ) -> EngineDiagnostics {
        var query = JSONQuery(options: options)
        query.resultOrder = .streaming
        // swift-format-ignore: NeverUseForceTry
        // The paths of these tests are valid.
        query.add(try! JSONPath(path).value)
        let tokenizer = JSONTokenizer(options: options, handler: query.makeMatcher())
        try? bytes.withUnsafeBytes { try tokenizer.feed($0) }
        try? tokenizer.finish()
        return tokenizer.diagnostics
    }

    @Test(
        "A filter's operands are read along the chain, with the same matches",
        arguments: ["$.body[?@.metadata.ok==true].id", "$.body[?@.metadata.rank>50].text.title"])
    func filterOperands(path: String) {
        let bytes = PathMemberPassTests.feed(components: 300)
        for (split, least) in [(Split.whole, 300 * 5), (.size(4096), 300 * 5 / 2), (.size(61), 0)] {
            let chained = Self.outcome(path, bytes, split: split, passing: true)
            let delivering = Self.outcome(path, bytes, split: split, passing: false)
            #expect(chained.lines == delivering.lines, "\(split)")
            #expect(chained.lines.count > 1, "the filter selects something")
            // Per element at least the operand's way in: its first key, its object's start and end,
            // the operand's key and value.
            #expect(chained.chainEvents >= least, "\(split): \(chained.chainEvents) events from chains")
        }
    }

    @Test("A chain nested past the depth limit is left to yajl, which reports the limit")
    func depthLimit() throws {
        var options = JSONParserOptions()
        options.maximumDepth = 3
        let text = Array(#"{"items":[{"a":{"id":1}}]}"#.utf8)
        for passing in [true, false] {
            try MemberPassing.$isEnabled.withValue(passing) {
                var query = JSONQuery(options: options)
                query.add(try JSONPath("$.items[*].a.id").value)
                #expect(throws: JSONParseError.self) { try query.run(.bytes(text)) }
            }
        }
    }
}
