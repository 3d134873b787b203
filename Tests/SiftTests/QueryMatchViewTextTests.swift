import Foundation
import Testing

@testable import Sift

/// Containers a view takes as their text (`MatchCapture.text`).
///
/// The tokenizer passes them as skipped ones and keeps their bytes, and the writer copies them,
/// rewritten where it writes otherwise. What they write is checked against writing the values
/// of an independent parse.
@Suite struct QueryMatchViewTextTests {
    typealias Split = TokenizerTestSupport.Split

    /// A generated array of containers: whitespace of every kind between tokens, strings with
    /// every kind of escape (escaped surrogate pairs, lone ones, `\/`, `\u` in both cases),
    /// non-ASCII, numbers as written, nesting, empty containers.
    static func document(seed: UInt64, elements: Int = 24) -> String {
        var random = TokenizerTestSupport.SplitMix64(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        func space() -> String { random.next() % 3 == 0 ? pick([" ", "\n", "\t", "\r\n  ", "   "]) : "" }
        func string() -> String {
            let pieces = [
                "a", "xyz", "é", "東京", "😀", "/", #"\/"#, #"\""#, #"\\"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#,
                #"\u0000"#, #"\u001f"#, #"\u001F"#, #"\u0041"#, #"\u005c"#, #"\u005C"#, #"\u0022"#, #"\u002f"#,
                #"\u00e9"#, #"\u00E9"#, #"\u20ac"#, #"\uFFFF"#, #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\ud800"#,
                #"\udc00x"#, #"\ud800\u0041"#, #"\u007f"#, "\u{7F}",
            ]
            return "\"" + (0..<Int(random.next() % 6)).map { _ in pick(pieces) }.joined() + "\""
        }
        func value(depth: Int) -> String {
            switch random.next() % (depth > 4 ? 4 : 7) {
            case 0: return string()
            case 1: return pick(["0", "-0", "1.50", "2e+10", "1E-3", "12345678901234567890", "-7"])
            case 2: return pick(["true", "false", "null"])
            case 3: return "[" + space() + "]"
            case 4, 5:
                let members = (0..<Int(random.next() % 4)).map { _ in
                    space() + string() + space() + ":" + space() + value(depth: depth + 1) + space()
                }
                return "{" + members.joined(separator: ",") + (members.isEmpty ? space() : "") + "}"
            default:
                let elements = (0..<Int(random.next() % 4)).map { _ in space() + value(depth: depth + 1) + space() }
                return "[" + elements.joined(separator: ",") + (elements.isEmpty ? space() : "") + "]"
            }
        }
        let items = (0..<elements).map { index in
            // Containers mostly, and a scalar now and then.
            index % 7 == 6
                ? value(depth: 5)
                : (index % 2 == 0 ? "{" + space() + #""k":"# + value(depth: 1) + "}" : "[" + value(depth: 1) + "]")
        }
        return "[" + space() + items.joined(separator: "," + space()) + space() + "]"
    }

    /// What `write(to:)` writes for the matches of `$[*]`, one after another into one writer,
    /// with the input cut as `split`.
    static func viewed(_ text: String, options: JSONWriterOptions, split: Split) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        try writer.beginArray()
        var query = JSONQuery()
        query.add(try JSONPath("$[*]")) { match in try match.write(to: writer) }
        let tokenizer = JSONTokenizer(handler: query.makeMatcher())
        try tokenizer.feedAll(Array(text.utf8), split: split)
        try writer.endArray()
        return writer.sink.bytes
    }

    /// What writing the elements of an independent parse writes.
    static func expected(_ text: String, options: JSONWriterOptions) throws -> [UInt8] {
        let writer = JSONWriter(options: options)
        try writer.beginArray()
        for element in try JSONValue(parsing: text).arrayValue ?? [] { try writer.write(element) }
        try writer.endArray()
        return writer.sink.bytes
    }

    static let writerOptions: [JSONWriterOptions] = {
        var escaping = JSONWriterOptions.compact
        escaping.escapesSlashes = true
        var prettyEscaping = JSONWriterOptions.pretty
        prettyEscaping.escapesSlashes = true
        return [.compact, escaping, .pretty, prettyEscaping]
    }()

    @Test("generated containers are written as their parsed values are, on every split, compact and pretty")
    func generatedContainersOnEverySplit() throws {
        for seed in UInt64(1)...12 {
            let text = Self.document(seed: seed)
            for options in Self.writerOptions {
                let expected = try Self.expected(text, options: options)
                for split in [Split.whole, .size(1), .size(2), .size(7), .size(64), .random(seed: seed)] {
                    let viewed = try Self.viewed(text, options: options, split: split)
                    #expect(
                        viewed == expected,
                        "seed \(seed), \(split): \(String(decoding: viewed, as: UTF8.self).prefix(200))")
                }
            }
        }
    }

    @Test("the text is read on every level of the skip's scan")
    func everyScanLevel() throws {
        let text = Self.document(seed: 99, elements: 200)
        let expected = try Self.expected(text, options: .compact)
        for level in SkipScanLevel.available {
            let viewed = try SkipScanLevel.$forced.withValue(level) {
                try Self.viewed(text, options: .compact, split: .whole)
            }
            #expect(viewed == expected, "level \(level)")
        }
    }

    /// Records whether each container a consumer got came as its text.
    struct TapeKinds: MatchConsumer {
        var kinds: [String] = []
        var wantsTapes: Bool { true }

        mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
            kinds.append("value")
        }

        mutating func receiveTape(_ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo) {
            kinds.append(tape.isText ? "text \(String(decoding: tape.bytes, as: UTF8.self))" : "entries")
        }
    }

    static func kinds(
        _ paths: [String], kind: DestinationKind = .view, in text: String,
        options: JSONParserOptions = JSONParserOptions(), split: Split = .whole
    ) throws -> [String] {
        let builder = MatchProgram.Builder()
        for (tag, path) in paths.enumerated() { builder.addMatch(try JSONPath(path), kind: kind, tag: tag) }
        let program = MatchProgram(builder)
        let tokenizer = JSONTokenizer(options: options, handler: program.matcher(TapeKinds()))
        try tokenizer.feedAll(Array(text.utf8), split: split)
        return tokenizer.handler.consumer.kinds
    }

    @Test(
        "a view's container comes as its text, from its first bracket to its last, only when nothing else needs its events"
    )
    func whenContainersComeAsText() throws {
        let text = #"[{"a" : [1, "x"]} , [ ] ,3]"#
        for split in [Split.whole, .size(1), .size(3)] {
            #expect(
                try Self.kinds(["$[*]"], in: text, split: split) == [#"text {"a" : [1, "x"]}"#, "text [ ]", "value"])
        }
        // A path that goes inside, a descendant path, comments, unchecked UTF-8, Codable
        // destinations: entries or values.
        let twoPaths = try Self.kinds(["$[*]", "$[*].a"], in: text)
        #expect(twoPaths == ["entries", "entries", "entries", "value"])
        #expect(try Self.kinds(["$..[0]"], in: text) == ["value", "value"])
        var comments = JSONParserOptions()
        comments.allowsComments = true
        #expect(try Self.kinds(["$[*]"], in: text, options: comments) == ["entries", "entries", "value"])
        var unchecked = JSONParserOptions()
        unchecked.validatesUTF8 = false
        #expect(try Self.kinds(["$[*]"], in: text, options: unchecked) == ["entries", "entries", "value"])
        #expect(try Self.kinds(["$[*]"], kind: .decoded, in: text) == ["entries", "entries", "value"])
    }

    @Test("a container as its text gives its value, and its events to pretty output")
    func textTapesAsValues() throws {
        let text = Self.document(seed: 7)
        var query = JSONQuery()
        var values: [JSONValue] = []
        query.add(try JSONPath("$[*]")) { match in values.append(match.value) }
        try query.run(.string(text))
        #expect(values == (try JSONValue(parsing: text).arrayValue ?? []))
    }

    @Test("an error inside a container taken as its text is the tokenizer's, on every split")
    func errorsInsideTextCaptures() throws {
        let broken = [
            #"[{"a":[1,2,}]"#, #"[{"a":"\u12"}]"#, #"[{"a":tru}]"#, #"[{"a":"x"#, #"[{"a":01}]"#, #"[[1,{"b":[{]},2]]"#,
            "[{\"a\":\"\u{1}\"}]",
        ]
        for text in broken {
            let bytes = Array(text.utf8)
            for split in [Split.whole, .size(1), .size(2), .size(5)] {
                let plain = JSONTokenizer(handler: IgnoringHandler())
                let expected = TokenizerTestSupport.run(plain, bytes, split: split)
                #expect(expected != nil, "\(text)")
                var query = JSONQuery()
                var written: [String] = []
                query.add(try JSONPath("$[*]")) { match in
                    let writer = JSONWriter()
                    try match.write(to: writer)
                    written.append(writer.sink.string)
                }
                let tokenizer = JSONTokenizer(handler: query.makeMatcher())
                let error = TokenizerTestSupport.run(tokenizer, bytes, split: split)
                #expect(error?.description == expected?.description, "\(text), \(split)")
                // The broken container is the first one: nothing was written.
                #expect(written.isEmpty, "\(text), \(split)")
            }
        }
    }

    @Test("text as long as the writer's block, and slashes doubled by escaping, are written as values are")
    func textPastTheBlock() throws {
        let slashes = String(repeating: "/", count: 40_000)
        let texts = [
            #"[[""# + slashes + #""],{"a":""# + slashes + slashes + #""}]"#,
            "["
                + (0..<3).map { _ in "[" + String(repeating: #"{"k" : "v\/\u00e9" }, "#, count: 4_000) + "1]" }
                .joined(separator: ",") + "]",
        ]
        for text in texts {
            for options in Self.writerOptions {
                #expect(
                    try Self.viewed(text, options: options, split: .size(4096))
                        == (try Self.expected(text, options: options)))
            }
        }
    }

    @Test("writeCompactText writes at most its worst case, and nothing for what it leaves to events")
    func compactTextBounds() {
        func write(_ text: String, escapesSlashes: Bool) -> String? {
            let bytes = Array(text.utf8)
            let room = WriterOutput.worstCaseCompactTextLength(bytes.count, escapesSlashes: escapesSlashes)
            let out = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 1)
            defer { out.deallocate() }
            return bytes.withUnsafeBytes { input -> String? in
                // A non-empty array has a base address.
                // swift-format-ignore: NeverForceUnwrap
                guard
                    let end = WriterOutput.writeCompactText(
                        input.baseAddress!, bytes.count, to: out, escapesSlashes: escapesSlashes)
                else { return nil }
                #expect(end - out <= room)
                return String(decoding: UnsafeRawBufferPointer(start: out, count: end - out), as: UTF8.self)
            }
        }
        #expect(write(#"["////"]"#, escapesSlashes: true) == #"["\/\/\/\/"]"#)
        #expect(write(#"["\/"]"#, escapesSlashes: false) == #"["/"]"#)
        #expect(write("{ \"a\" :\t[ 1 ,true ] }", escapesSlashes: false) == #"{"a":[1,true]}"#)
        #expect(write(#"["\u00e9\u001f\u000a\ud83d\ude00"]"#, escapesSlashes: false) == "[\"é\\u001F\\n😀\"]")
        #expect(write(#"["\ud800"]"#, escapesSlashes: false) == nil)
        #expect(write(#"["\udc00"]"#, escapesSlashes: false) == nil)
        #expect(write(#"["\ud800\u0041"]"#, escapesSlashes: false) == nil)
        #expect(write("[\"\u{1}\"]", escapesSlashes: false) == nil)
        #expect(write(#"["open"#, escapesSlashes: false) == nil)
    }
}
