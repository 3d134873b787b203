import Foundation
import Synchronization
import Testing

@testable import Sift

/// ``JSONArrayOutputs`` and ``JSONInput/arrayMatches(at:parallelism:options:)``: the matches of
/// an array's elements cut into blocks and matched side by side are one tokenizer's over the
/// whole document, with the same normalized paths, on every block size and with 1 to 8 blocks
/// at once; the first error is one tokenizer's, after the matches before it.
@Suite("JSONArrayOutputs")
struct JSONArrayOutputsTests {
    /// Elements with brackets, quotes, escapes and commas inside strings, nested arrays, every
    /// kind of scalar, and whitespace of every kind between them.
    static let elements = [
        #"{"text":{"title":"a ] } [ { \" , \\"},"n":[[1,[2]],{"x":"]"}]}"#,
        #" {"text" : {"title" : "b\u005d\"" } }"#, "\n\t7", #""]\"[""#, "null", "[]", "{}",
        #"{"text":{"title":["c",{"t":"}"}]},"other":{"text":{"title":"no"}}}"#, "-1.5e3", "true",
        #"{"id":"é東京🔥","text":{"title":"d"}}"#,
    ]

    /// A document whose array at `prefix` holds `elements`, between other members.
    static func document(
        _ elements: [String], before: String = #""count":2,"#, after: String = #","end":[1,{"a":"]"}]"#
    )
        -> String
    {
        #"{"kind":"feed","# + before + #""body":["# + elements.joined(separator: ",") + "]" + after + "}"
    }

    /// The matches of `path` over `bytes` by one tokenizer, and its error, if any.
    static func sequential(_ path: String, _ text: String) throws -> ([JSONArrayMatch], JSONParseError?) {
        var query = JSONQuery()
        var found: [JSONArrayMatch] = []
        query.add(try JSONPath(path), places: [.path, .location]) { match in
            found.append(
                JSONArrayMatch(
                    value: match.value, path: try #require(match.path), location: try #require(match.location)))
        }
        do {
            _ = try query.run(.string(text))
            return (found, nil)
        } catch let error as JSONParseError {
            return (found, error)
        }
    }

    /// The matches of `path` over `text` in blocks of `blockSize`, `parallelism` at once.
    static func parallel(
        _ path: String, _ text: String, parallelism: Int, blockSize: Int, input: JSONInput? = nil
    ) async throws -> ([JSONArrayMatch], JSONParseError?) {
        let outputs = JSONArrayOutputs(
            input ?? .string(text), path: try JSONPath(path), parallelism: parallelism, blockSize: blockSize
        ) { block in
            ArrayMatchCollector(block: block, options: JSONParserOptions())
        }
        var found: [JSONArrayMatch] = []
        do {
            for try await batch in outputs { found += batch }
            return (found, nil)
        } catch let error as JSONParseError {
            return (found, error)
        }
    }

    /// Expects the parallel matches and error of `path` over `text` to be one tokenizer's, for
    /// every block size up to `text`'s and 1 to 8 blocks at once.
    static func expectSame(_ path: String, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        async throws
    {
        let (expected, error) = try sequential(path, text)
        for blockSize in [1, 2, 3, 5, 8, 13, 40, 100, text.utf8.count] {
            let parallelism = blockSize % 8 + 1
            let (found, failure) = try await parallel(path, text, parallelism: parallelism, blockSize: blockSize)
            #expect(found == expected, "\(path), blocks of \(blockSize)", sourceLocation: sourceLocation)
            #expect(
                failure?.description == error?.description, "\(path), blocks of \(blockSize)",
                sourceLocation: sourceLocation)
            #expect(
                failure?.location == error?.location, "\(path), blocks of \(blockSize)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "every block size and parallelism gives one tokenizer's matches",
        arguments: ["$.body[*].text.title", "$.body[*]", "$.body[*]..title", "$.body.*.n[0]", "$.body[*][?@.x]"])
    func sameMatches(path: String) async throws {
        let text = Self.document(Self.elements)
        #expect(JSONArrayOutputs(.string(text), path: try JSONPath(path)) { _ in IDCollector() }.isSplit)
        try await Self.expectSame(path, text)
    }

    @Test("an empty array, one element, a root array, a deeper prefix")
    func shapes() async throws {
        try await Self.expectSame("$.body[*]", Self.document([]))
        try await Self.expectSame("$.body[*]", Self.document([" "]).replacingOccurrences(of: "[ ]", with: "[ \n ]"))
        try await Self.expectSame("$.body[*].text", Self.document([Self.elements[0]]))
        try await Self.expectSame("$[*].text.title", "[" + Self.elements.joined(separator: " , ") + "]")
        try await Self.expectSame("$.a[1].b[*]", #"{"a":[{"b":[9]},{"x":0,"b":[1,"]",[2]]}]}"#)
    }

    @Test(
        "the first error is one tokenizer's, after the matches before it",
        arguments: [
            // Inside an element, at a separator, a trailing comma, truncated, bad UTF-8 and a
            // bad literal the scan leaves to yajl.
            document([elements[0], #"{"text":{"title":"x"},"bad":tru}"#, elements[1]]),
            document([elements[0], elements[1]]).replacingOccurrences(of: "}, {", with: "} {"),
            document([elements[0], elements[1] + ","]),
            String(document(elements).prefix(150)),
            document([elements[0], "\"\u{1}\"", elements[1]]),
            // In the prefix, after the array.
            #"{"kind":"feed",,"body":[1]}"#, document([elements[0]], after: #","end":[1,}"#),
            document([elements[0]], after: "} x"),
        ])
    func firstError(text: String) async throws {
        #expect(try Self.sequential("$.body[*].text.title", text).1 != nil)
        try await Self.expectSame("$.body[*].text.title", text)
        try await Self.expectSame("$.body[*]", text)
    }

    @Test(
        "paths that do not split run in order, with the same matches",
        arguments: ["$..title", "$.body[-1]", "$.body[0,1]", "$.body[*][?@.text == $.kind]"])
    func unsplit(path: String) async throws {
        let text = Self.document(Self.elements)
        #expect(!JSONArrayOutputs(.string(text), path: try JSONPath(path)) { _ in IDCollector() }.isSplit)
        try await Self.expectSame(path, text)
    }

    @Test("a value at the array's place that is not an array, or missing")
    func notArray() async throws {
        try await Self.expectSame("$.body[*].x", #"{"body":{"a":{"x":1}},"body":[{"x":2}]}"#)
        try await Self.expectSame("$.body[*].x", #"{"head":[{"x":2}]}"#)
        try await Self.expectSame("$.body[*].x", #"{"body":[{"x":1}],"body":[{"x":2}]}"#)
    }

    @Test("elements deeper than the depth limit allows fail as one tokenizer fails")
    func depth() async throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        try await Self.expectSame("$.body[*]", Self.document(["1", deep, "2"]))
        let fits = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        try await Self.expectSame("$.body[*]", Self.document(["1", fits, "2"]))
    }

    @Test("a file, and the public forms")
    func publicForms() async throws {
        let text = Self.document(Self.elements)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-array-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let (expected, _) = try Self.sequential("$.body[*].text.title", text)
        var found: [JSONArrayMatch] = []
        for try await match in JSONInput.file(url.path).arrayMatches(
            at: try JSONPath("$.body[*].text.title"), parallelism: 3)
        {
            found.append(match)
        }
        #expect(found == expected)
        var paths: [String] = []
        try await JSONInput.file(url.path).forEachArrayMatch(at: try JSONPath("$.body[*].text.title"), parallelism: 2) {
            paths.append($0.path.normalized)
        }
        #expect(paths == expected.map(\.path.normalized))
        #expect(paths.first == "$['body'][0]['text']['title']")
        let (small, failure) = try await Self.parallel(
            "$.body[*].text.title", text, parallelism: 4, blockSize: 7, input: .file(url.path))
        #expect(failure == nil)
        #expect(small == expected)
    }

    @Test("the elements are cut into blocks of whole elements, matched apart")
    func blocks() async throws {
        let text = Self.document(Self.elements)
        let made = Mutex<[Int?]>([])
        let outputs = JSONArrayOutputs(.string(text), path: try JSONPath("$.body[*]"), parallelism: 3, blockSize: 30) {
            block in
            made.withLock { $0.append(block.elements?.first) }
            return IDCollector()
        }
        for try await _ in outputs {}
        // Blocks of about 30 bytes, then the rest of the document.
        let firsts = made.withLock { $0 }.sorted { ($0 ?? .max) < ($1 ?? .max) }
        #expect(firsts.count > 4)
        #expect(firsts.first == 0)
        #expect(firsts.last == .some(nil))
    }

    /// Documents over several lines, ended by LF, CRLF or CR, the array's brackets mid-line, and
    /// an empty array over lines with values after it.
    static let multiline: [String] = {
        let pretty =
            "{\n  \"kind\": \"feed\",\n  \"body\": [" + elements.joined(separator: ",\n    ")
            + "\n  ], \"count\":\n  {\"n\": [1, \"x\"]}\n}\n"
        let empty = "{\"kind\":\n\"feed\", \"body\": [ \n\r\n ], \"after\"\n: [1, \"x\"]}"
        return [
            pretty, pretty.replacingOccurrences(of: "\n", with: "\r\n"),
            pretty.replacingOccurrences(of: "\n", with: "\r"),
            empty,
        ]
    }()

    @Test("matches are located in the document, over lines of every ending", arguments: multiline)
    func locations(text: String) async throws {
        try await Self.expectSame("$.body[*]..title", text)
        try await Self.expectSame("$.body[*]", text)
    }

    @Test("every block places its events in the document, the rest of the document too", arguments: multiline)
    func eventPlaces(text: String) async throws {
        let whole = JSONArrayBlock(index: 0, path: try JSONPath("$"), elements: nil, placement: .document)
        let tokenizer = JSONTokenizer(handler: PlaceCollector(block: whole))
        try tokenizer.parse(JSONInput.string(text))
        let expected = tokenizer.handler.places
        #expect(expected.count > 4)
        for blockSize in [1, 7, 40, text.utf8.count] {
            let outputs = JSONArrayOutputs(
                .string(text), path: try JSONPath("$.body[*]"), parallelism: 3, blockSize: blockSize
            ) { PlaceCollector(block: $0) }
            #expect(outputs.isSplit)
            var found: [Sift.SourceLocation] = []
            for try await places in outputs { found += places }
            #expect(found.sorted { $0.offset < $1.offset } == expected, "blocks of \(blockSize)")
        }
    }

    /// The place in the document of every key and scalar of a block.
    struct PlaceCollector: JSONLineHandler {
        let block: JSONArrayBlock
        var places: [Sift.SourceLocation] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            switch event {
            case .key, .string, .number, .bool, .null: places.append(block.location(of: context.location))
            case .startObject, .endObject, .startArray, .endArray: break
            }
        }

        mutating func commitValue() {}

        mutating func takeCommitted() -> [Sift.SourceLocation] {
            defer { places = [] }
            return places
        }
    }

    /// A handler of the public protocol that keeps nothing.
    struct IDCollector: JSONLineHandler {
        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {}
        mutating func commitValue() {}
        mutating func takeCommitted() -> Int { 0 }
    }
}
