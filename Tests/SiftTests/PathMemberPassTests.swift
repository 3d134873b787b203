import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// The members a path does not name are passed by the tokenizer unseen (``MemberPassing``):
/// the matches (value, normalized path, location) and the error (message, offset, line, column,
/// path) must be exactly those of a parse that delivers every member, however the input is cut.
@Suite("Passing the members no path names")
struct PathMemberPassTests {
    typealias Split = TokenizerTestSupport.Split

    /// Paths whose objects are picked by name: at the top, under wildcards, in filters.
    static let paths = [
        "$.a", "$.items[*].id", "$.items[*].x", "$.tail.id", "$.items[*].a.id", "$[?@.x].id", "$.items[?@.id==1].x",
        "$.items[0]['id','x']", "$..id", "$..a.id", "$.items..x", "$..['id','x']",
    ]

    /// The lines a query's matches and error make, and how many members the tokenizer passed.
    static func outcome(_ path: String, _ bytes: [UInt8], split: Split, passing: Bool) -> (
        lines: [String], passed: Int
    ) {
        MemberPassing.$isEnabled.withValue(passing) {
            var lines: [String] = []
            var query = JSONQuery()
            do {
                query.add(try JSONPath(path).value) { lines.append("\($0.path) \($0.location) \($0.value)") }
            } catch {
                return (["bad path \(path): \(error)"], 0)
            }
            let tokenizer = JSONTokenizer(handler: query.makeMatcher())
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
            return (lines + [failure], tokenizer.diagnostics.membersPassed)
        }
    }

    /// What differs between passing and delivering, for one document, over `splits`.
    static func differences(_ bytes: [UInt8], splits: [Split], paths: [String] = paths) -> (
        failures: [String], passed: Int
    ) {
        var failures: [String] = []
        var passed = 0
        for path in paths {
            let delivering = outcome(path, bytes, split: .whole, passing: false)
            for split in splits {
                let passing = outcome(path, bytes, split: split, passing: true)
                passed += passing.passed
                if passing.lines != delivering.lines {
                    failures.append(
                        "\(path), \(split) on \(String(decoding: bytes, as: UTF8.self).debugDescription):\n"
                            + "passing \(passing.lines)\ndelivering \(delivering.lines)")
                }
            }
        }
        return (failures, passed)
    }

    @Test("Generated documents, whole and damaged: the same matches and errors in every split", arguments: 0..<6)
    func generatedDocuments(seed: UInt64) async {
        let (failures, passed) = await TokenizerTestSupport.offPool { () -> ([String], Int) in
            var generator = PathSkippingTests.Generator(random: TokenizerTestSupport.SplitMix64(seed: seed &+ 0x3E3B))
            var failures: [String] = []
            var passed = 0
            for round in 0..<12 {
                let text = Array(generator.document().utf8)
                let bytes = round % 2 == 0 ? text : generator.damage(text)
                let splits: [Split] = [.whole, .size(1), .size(7), .random(seed: UInt64(round))]
                let found = Self.differences(bytes, splits: splits)
                failures += found.failures
                passed += found.passed
            }
            return (failures, passed)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(passed > 0, "no member was passed: the check checks nothing")
    }

    /// Escaped keys, duplicates, wanted names last and first, errors right after a passed
    /// member, at a separator, in a key and past the depth limit.
    static let documents = [
        #"{"z":1,"a":2,"a":{"b":3}}"#,
        #"{"a\u0062":1, "a" : 2 , "c":[{"a":1}]}"#,
        #"{"items":[{"x":1,"id":1},{"id":2,"x":{"id":3}},{"q":"\"id\"","id":4}],"tail":{"id":5}}"#,
        #"{"items":[{"y":1,"z":2 "id":3}]}"#,
        #"{"items":[{"y":1,"z":2,}]}"#,
        #"{"items":[{"y":1,"z":[1,2,}]}"#,
        #"{"items":[{"y":1,"z\u":2}]}"#,
        #"{"items":[{"y":tru,"id":2}]}"#,
        #"{"items":[{"y":"a\x","id":2}]}"#,
        #"{"items":[{"y":1}],"tail":{"q":1,"r":2}} x"#,
        #"{"items":[{"y":1,"id":2}],"tail":{"q":1,"r":2}"#,
        #"[{"x":true,"id":1,"z":0},{"x":false,"id":2},{"id":3,"x":1}]"#,
        #"{"items" : [ { "a" : { "q" : [ ] , "id" : 7 } , "b" : { } } ] }"#,
        // For names at any depth: an escaped key that is a wanted name, containers with and
        // without one, deep and shallow, a wanted name as a string value.
        #"{"q":{"id":1},"b":[{"c":{"id":2}},{"x":[{"y":1}]}],"id":3}"#,
        #"{"q":[[[{"r":{"s":{"id":1}}}]]],"t":{"u":[1,{"v":"id"}]},"x":{"x":{"x":{"id":{"id":2}}}}}"#,
        #"[{"a":{"b":[]},"c":{"d":{"e":1}}},{"a":{"x":{"id":[{"id":0}]}}},[[[]]],{"q":{"r":[1,2,}}]"#,
    ]

    @Test("Hand-picked documents: the same matches and errors in every split")
    func handPickedDocuments() async {
        let (failures, passed) = await TokenizerTestSupport.offPool { () -> ([String], Int) in
            var failures: [String] = []
            var passed = 0
            for document in Self.documents {
                let found = Self.differences(Array(document.utf8), splits: Split.sweep())
                failures += found.failures
                passed += found.passed
            }
            return (failures, passed)
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
        #expect(passed > 0)
    }

    @Test("Names at any depth: containers that hold none are skipped, the others are entered")
    func namesAtAnyDepth() throws {
        let text = Array(
            #"{"a":{"b":[1,{"c":2}]},"d":[{"e":{"id":1}},{"f":[]}],"g":{"h":{"i":{"j":{"id":2}}}},"id":3}"#.utf8)
        let streamed = ["$.d[0].e.id 1", "$.g.h.i.j.id 2", "$.id 3"]
        for order in [JSONQuery.ResultOrder.streaming, .rfc9535] {
            var values: [String] = []
            var query = JSONQuery()
            query.resultOrder = order
            query.add(try JSONPath("$..id").value) { values.append("\($0.path) \($0.value)") }
            let tokenizer = JSONTokenizer(handler: query.makeMatcher())
            try text.withUnsafeBytes { try tokenizer.feed($0) }
            try tokenizer.finish()
            // RFC 9535 order: an object's own members before its descendants'.
            #expect(values == (order == .streaming ? streamed : [streamed[2], streamed[0], streamed[1]]))
            // `{"f":[]}` is skipped by a scan; `a` is passed as a member of the top object.
            #expect(tokenizer.diagnostics.containersPassedByScan >= 1)
            #expect(tokenizer.diagnostics.membersPassed >= 1)
        }
    }

    @Test("A member nested past the depth limit is left to yajl, which reports the limit")
    func depthLimit() throws {
        var options = JSONParserOptions()
        options.maximumDepth = 3
        let text = Array(#"{"items":[{"y":[[1]],"id":2}]}"#.utf8)
        for passing in [true, false] {
            try MemberPassing.$isEnabled.withValue(passing) {
                var query = JSONQuery(options: options)
                query.add(try JSONPath("$.items[*].id").value)
                #expect(throws: JSONParseError.self) { try query.run(.bytes(text)) }
            }
        }
    }

    @Test("JSONTestSuite: the same verdict and error with members passed or delivered")
    func conformanceCorpus() async throws {
        let files = try FileManager.default.contentsOfDirectory(
            at: TokenizerTestSupport.conformanceDirectory, includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "json" }
        #expect(files.count > 300)
        let documents = try files.map { try Array(Data(contentsOf: $0)) }
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            documents.flatMap {
                Self.differences($0, splits: [.whole, .size(3)], paths: ["$.a", "$[*].id", "$[0].a", "$[*].a.id"])
                    .failures
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(3).joined(separator: "\n\n"))")
    }

    /// Records where each object starts, as its own context says before and after the matcher
    /// (which passes members during the event) has handled it.
    struct PlaceRecorder: JSONEventHandler {
        var matcher: PathMatcher<QueryConsumer>
        var places: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
            let before = guardedPlace(event, context)
            try matcher.handle(event, context: context)
            if let before { places.append("\(before) \(guardedPlace(event, context) ?? "")") }
        }

        func guardedPlace(_ event: JSONEvent, _ context: JSONEventContext) -> String? {
            guard case .startObject = event else { return nil }
            return "\(context.offset) \(context.location) \(context.path)"
        }
    }

    @Test("An object's start event keeps its offset, location and path after its members were passed")
    func startEventKeepsItsPlace() throws {
        let text = Array(#"{"items":[{"x":1,"y":[2],"id":3},{"q":{},"id":4,"z":5}],"tail":{"r":1}}"#.utf8)
        var query = JSONQuery()
        query.add(try JSONPath("$.items[*].id").value)
        let tokenizer = JSONTokenizer(handler: PlaceRecorder(matcher: query.makeMatcher()))
        try tokenizer.parse(.bytes(text))
        let places = tokenizer.handler.places
        // The root and the two items: `tail` is passed unseen.
        #expect(places.count == 3)
        #expect(tokenizer.diagnostics.membersPassed >= 5)
        // Each record is "before after": the same text twice.
        for place in places {
            let words = place.split(separator: " ")
            #expect(Array(words.prefix(words.count / 2)) == Array(words.suffix(words.count / 2)), "\(place)")
        }
    }

    /// A feed of components made of small containers, the shape member passing is for.
    static func feed(components: Int) -> [UInt8] {
        let items = (0..<components).map { index in
            #"{"component":{"id":"c\#(index)","category":"card"},"images":{"main":{"uri":"https://i/\#(index).jpg"}},"#
                + #""metadata":{"ok":\#(index % 2 == 0),"rank":\#(index * 7919),"tag":null},"children":[{"n":1}],"#
                + #""text":{"title":"caf\u00e9 \"\#(index)\""},"id":\#(index),"flags":[],"extra":{}}"#
        }
        return Array(#"{"kind":"feed","body":[\#(items.joined(separator: ","))],"count":\#(components)}"#.utf8)
    }

    @Test("A feed of small containers: most members are passed, and the matches are the same")
    func smallContainerFeed() {
        let bytes = Self.feed(components: 500)
        // The top-level object's members are passed but `body`, which crosses most chunks.
        let least = [
            "$.body[*].id": 500, "$.body[*].text.title": 500, "$.body[?@.metadata.ok==true].id": 500, "$.count": 1,
        ]
        for (path, least) in least.sorted(by: { $0.key < $1.key }) {
            for split in [Split.whole, .size(4096), .size(61)] {
                let passing = Self.outcome(path, bytes, split: split, passing: true)
                let delivering = Self.outcome(path, bytes, split: split, passing: false)
                #expect(passing.lines == delivering.lines, "\(path), \(split)")
                #expect(passing.lines.count > 1)
                #expect(passing.passed >= least, "\(path), \(split): \(passing.passed) members passed")
                #expect(delivering.passed == 0)
            }
        }
    }
}
