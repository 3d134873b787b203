import Foundation
import Testing

@testable import Sift

/// ``JSONLineOutputs`` and ``JSONInput/lineMatches(at:parallelism:options:)``: the matches of
/// blocks parsed side by side are those of one tokenizer over the whole input, placed in the
/// whole input, on every split of the input into blocks (every block size from 1 byte) and with
/// 1 to 8 blocks parsed at once; the first error is one tokenizer's, after the matches of the
/// records before it.
@Suite("JSONLineOutputs")
struct JSONLineOutputsTests {
    /// Records with CRLF and CR breaks, empty lines, two values on a line, values over several
    /// lines, top-level scalars and no final newline.
    static let text = [
        #"{"id":1,"x":{"x":5}}"#, "", #"{"id":"two","tags":["a","b"]}"# + "\r", #" {"id":3} {"id":4}"#,
        #"{"id":"#, #" 5,"x":[{"x":6}]}"# + "\r", "\r7", #""s""#, "[{\"id\":8}]", #"{"id":9}"#,
    ].joined(separator: "\n")

    /// The matches of `path` over `bytes` by one tokenizer, and its error, if any.
    static func sequential(_ path: String, _ bytes: [UInt8]) throws -> ([JSONLineMatch], JSONParseError?) {
        var query = JSONQuery(options: JSONParserOptions(allowsMultipleValues: true))
        var found: [JSONLineMatch] = []
        query.add(try JSONPath(path), places: [.path, .location]) { match in
            found.append(
                JSONLineMatch(value: match.value, path: match.path ?? .root, location: try #require(match.location)))
        }
        do {
            _ = try query.run(.bytes(bytes))
            return (found, nil)
        } catch let error as JSONParseError {
            return (found, error)
        }
    }

    /// The matches of `path` over `bytes` in blocks of `blockSize`, `parallelism` at once.
    static func parallel(
        _ path: String, _ bytes: [UInt8], parallelism: Int, blockSize: Int
    ) async throws -> ([JSONLineMatch], JSONParseError?) {
        let path = try JSONPath(path)
        let options = JSONParserOptions(allowsMultipleValues: true)
        let outputs = JSONLineOutputs(
            JSONInputChunks(.bytes(bytes)), options: options, parallelism: parallelism, blockSize: blockSize
        ) { block in
            LineMatchCollector(path: path, block: block, options: options)
        }
        return try await collect(outputs)
    }

    /// The matches of `outputs`' batches in order, and the error that ended them, if any.
    static func collect<Outputs: AsyncSequence<[JSONLineMatch], any Error>>(
        _ outputs: Outputs
    ) async throws -> ([JSONLineMatch], JSONParseError?) {
        var found: [JSONLineMatch] = []
        do {
            for try await batch in outputs { found += batch }
            return (found, nil)
        } catch let error as JSONParseError {
            return (found, error)
        }
    }

    @Test(
        "every block size and parallelism gives one tokenizer's matches", arguments: ["$.id", "$..x", "$[0].id", "$"])
    func sameMatches(path: String) async throws {
        let bytes = Array(Self.text.utf8)
        let (expected, error) = try Self.sequential(path, bytes)
        #expect(error == nil)
        #expect(!expected.isEmpty)
        for blockSize in 1...bytes.count + 1 {
            let parallelism = blockSize % 8 + 1
            let (found, failure) = try await Self.parallel(path, bytes, parallelism: parallelism, blockSize: blockSize)
            #expect(failure == nil, "blocks of \(blockSize)")
            #expect(found == expected, "blocks of \(blockSize), \(parallelism) at once")
        }
    }

    @Test("the first error is one tokenizer's; only the records before it are matched")
    func firstError() async throws {
        let text = "{\"a\":[1]}\n{\"a\":[2,\n3]}\n{\"a\":[4,,5]}\n{\"a\":[6]}\n{\"a\":[7,}\n"
        let bytes = Array(text.utf8)
        let (all, expectedError) = try Self.sequential("$.a[*]", bytes)
        let error = try #require(expectedError)
        #expect(error.location.line == 4)
        let expected = all.filter { $0.location.line < 4 }
        for blockSize in 1...bytes.count + 1 {
            for parallelism in [1, 2, 8] {
                let (found, failure) = try await Self.parallel(
                    "$.a[*]", bytes, parallelism: parallelism, blockSize: blockSize)
                #expect(found == expected, "blocks of \(blockSize)")
                #expect(failure?.description == error.description, "blocks of \(blockSize)")
                #expect(failure?.location == error.location, "blocks of \(blockSize)")
            }
        }
    }

    @Test("lineMatches and forEachLineMatch hand out the matches in input order")
    func publicForms() async throws {
        let input = JSONInput.string("{\"id\":1}\n{\"id\":2}\n{\"id\":\n3}\n")
        var ids: [JSONValue] = []
        for try await match in input.lineMatches(at: try JSONPath("$.id"), parallelism: 3) {
            ids.append(match.value)
        }
        #expect(ids == [1, 2, 3])
        var lines: [Int] = []
        try await input.forEachLineMatch(at: try JSONPath("$.id"), parallelism: 2) { lines.append($0.location.line) }
        #expect(lines == [1, 2, 4])
    }

    /// A handler of the public protocol: the ids of each block's records.
    struct IDCollector: JSONLineHandler {
        var pending: [String] = []
        var committed: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
            if context.depth == 1, case .number(let bytes) = event { pending.append(bytes.string) }
        }

        mutating func commitValue() {
            committed += pending
            pending = []
        }

        mutating func takeCommitted() -> [String] {
            defer { committed = [] }
            return committed
        }
    }

    @Test("a handler of one's own, over blocks of one line")
    func ownHandler() async throws {
        let text = (1...50).map { "{\"n\":\($0)}" }.joined(separator: "\n")
        let outputs = JSONLineOutputs(JSONInputChunks(.string(text)), parallelism: 4, blockSize: 1) { _ in
            IDCollector()
        }
        var all: [String] = []
        for try await ids in outputs { all += ids }
        #expect(all == (1...50).map(String.init))
    }

    /// A handler that also notes the lines set aside, as `aside:LINE:COLUMN`.
    struct AsideCollector: JSONLineHandler {
        var ids = IDCollector()
        var aside: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
            try ids.handle(event, context: context)
        }

        mutating func commitValue() { ids.commitValue() }

        mutating func takeCommitted() -> [String] {
            defer { aside = [] }
            return aside + ids.takeCommitted()
        }

        mutating func setAside(_ line: JSONInvalidLine) {
            aside.append("aside:\(line.line):\(line.error.location.column):\(line.offset)")
        }
    }

    @Test("skipping invalid lines: each is handed to the handler after it, on every split")
    func skipping() async throws {
        let text = "{\"n\":1}\n{\"n\":,}\n{\"n\":2} {\"n\":\n{\"n\":3}\r\nnope\n{\"n\":4}"
        let expected = ["1", "aside:2:6:8", "aside:3:14:16", "3", "aside:5:2:39", "4"]
        for blockSize in 1...text.utf8.count {
            let outputs = JSONLineOutputs(
                JSONInputChunks(.string(text)), parallelism: blockSize % 4 + 1, blockSize: blockSize,
                skipsInvalidLines: true
            ) { _ in AsideCollector() }
            var all: [String] = []
            for try await batch in outputs { all += batch }
            #expect(all == expected, "blocks of \(blockSize)")
        }
    }

    @Test("line breaks are counted as the tokenizer counts them")
    func lineBreaks() {
        #expect(LineBreaks.count(in: Array("a\nb\r\nc\rd\r".utf8)) == 4)
        #expect(LineBreaks.count(in: [UInt8]()) == 0)
        #expect(LineBreaks.count(in: Array(repeating: 0x0A, count: 1000)) == 1000)
    }
}
