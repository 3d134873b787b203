import Foundation
import Testing

@testable import Sift

/// ``JSONInput/values(at:as:parallelism:decoder:options:)`` and
/// ``JSONInput/lineValues(at:as:parallelism:decoder:options:)``: Codable values decoded on
/// several threads are one thread's, in the same order, on every block size and parallelism; so
/// is the first error, a value that does not decode included: the same `DecodingError`, whose
/// coding path and located ``JSONParseError`` name its place in the whole input.
@Suite("Codable values on several threads")
struct ParallelValuesTests {
    struct Item: Decodable, Sendable, Equatable {
        let id: Int
        let title: String?
    }

    /// What a run gave: the values, and the error's description, its located error's place and
    /// path, and its coding path (nil without an error).
    struct Outcome: Equatable {
        var values: [Item] = []
        var error: String?
        var location: Sift.SourceLocation?
        var path: String?
        var codingPath: [String]?
    }

    static func outcome(_ body: (inout [Item]) async throws -> Void) async -> Outcome {
        var values: [Item] = []
        var outcome = Outcome()
        do {
            try await body(&values)
        } catch {
            outcome.error = String(describing: error)
            if let decoding = error as? DecodingError {
                let context: DecodingError.Context? =
                    switch decoding {
                    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                        .dataCorrupted(let context):
                        context
                    @unknown default: nil
                    }
                outcome.codingPath = context?.codingPath.map(\.stringValue)
                let located = context?.underlyingError as? JSONParseError
                outcome.location = located?.location
                outcome.path = located?.path.normalized
            } else if let parse = error as? JSONParseError {
                outcome.location = parse.location
                outcome.path = parse.path.normalized
            }
        }
        outcome.values = values
        return outcome
    }

    /// One thread's values of `path` over `text`.
    static func sequential(_ path: String, _ text: String, options: JSONParserOptions = JSONParserOptions()) async
        -> Outcome
    {
        await outcome { values in
            for try await item in try JSONInput.string(text).values(at: path, as: Item.self, options: options) {
                values.append(item)
            }
        }
    }

    static let elements: [String] = (0..<40).map { index in
        switch index % 5 {
        case 0: #"{"id":\#(index),"title":"t ] \" [\#(index)","x":[1,{"a":"}"}]}"#
        case 1: #" {"title" : "é東京🔥" , "id" : \#(index) }"#
        case 2: "\n{\"id\":\(index)}"
        case 3: #"{"id":\#(index),"title":null,"n":[[],{}]}"#
        default: #"{"title":"\u00e9\n","id":\#(index)}"#
        }
    }

    static func document(_ elements: [String]) -> String {
        #"{"kind":"feed","body":["# + elements.joined(separator: ",") + #"],"count":2}"#
    }

    /// `expected` against `sequence`'s values, on every block size of `text` and 1 to 4 threads.
    static func expectSame(
        _ expected: Outcome, _ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ sequence: (_ parallelism: Int, _ blockSize: Int) throws -> JSONOrderedValues<Item>
    ) async {
        for blockSize in [1, 7, 30, 100, 1_000, text.utf8.count] {
            for parallelism in 1...4 {
                let found = await outcome { values in
                    for try await item in try sequence(parallelism, blockSize) { values.append(item) }
                }
                #expect(
                    found == expected, "blocks of \(blockSize), \(parallelism) threads", sourceLocation: sourceLocation)
            }
        }
    }

    /// The array form against one thread.
    static func expectArraySame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        await expectSame(await sequential("$.body[*]", text), text, sourceLocation: sourceLocation) {
            try JSONInput.string(text).values(
                at: "$.body[*]", as: Item.self, parallelism: $0, blockSize: $1, decoder: JSONValueDecoder(),
                options: JSONParserOptions())
        }
    }

    @Test("an array's elements: the values in document order")
    func arrayValues() async throws {
        let text = Self.document(Self.elements)
        #expect(await Self.sequential("$.body[*]", text).values.count == 40)
        await Self.expectArraySame(text)
    }

    @Test("an element that does not decode: the same DecodingError, placed in the whole document")
    func arrayDecodingError() async throws {
        for bad in [#"{"id":"12"}"#, #"{"title":"no id"}"#, #"{"id":1.5}"#, "[1]", #""text""#] {
            for position in [0, 17, 39] {
                var elements = Self.elements
                elements[position] = bad
                let text = Self.document(elements)
                let expected = await Self.sequential("$.body[*]", text)
                #expect(expected.location != nil, "\(bad) at \(position)")
                #expect(expected.path == "$['body'][\(position)]", "\(bad) at \(position)")
                // The values before it are handed out before the error, as the callback form calls its body.
                #expect(expected.values.map(\.id) == Array(0..<position), "\(bad) at \(position)")
                await Self.expectArraySame(text)
            }
        }
    }

    @Test("a syntax error after the elements, and a path that does not split")
    func arraySyntaxErrorAndNoSplit() async throws {
        await Self.expectArraySame(
            Self.document(Self.elements).replacingOccurrences(of: "\"count\":2", with: "\"count\":-"))
        await Self.expectArraySame(Self.document(Array(Self.elements[0..<10]) + ["{\"id\":1,]"]))
        // `$..body[*]` does not split: read on one thread.
        let text = Self.document(Self.elements)
        var values: [Item] = []
        for try await item in try JSONInput.string(text).values(at: "$..body[*]", as: Item.self, parallelism: 3) {
            values.append(item)
        }
        #expect(values == (await Self.sequential("$.body[*]", text)).values)
    }

    /// The records of `elements`, one a line.
    static func lines(_ elements: [String]) -> String {
        elements.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
    }

    /// The line form against one thread reading the records as one sequence of values.
    static func expectLinesSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        var options = JSONParserOptions()
        options.allowsMultipleValues = true
        await expectSame(await sequential("$", text, options: options), text, sourceLocation: sourceLocation) {
            try JSONInput.string(text).lineValues(
                at: "$", as: Item.self, parallelism: $0, blockSize: $1, decoder: JSONValueDecoder(),
                options: JSONParserOptions())
        }
    }

    @Test("records of NDJSON: the values in input order, and a record that does not decode")
    func lineValues() async throws {
        await Self.expectLinesSame(Self.lines(Self.elements))
        for position in [0, 21, 39] {
            var elements = Self.elements
            elements[position] = #"{"title":"x","id":"12"}"#
            let text = Self.lines(elements)
            var options = JSONParserOptions()
            options.allowsMultipleValues = true
            #expect(await Self.sequential("$", text, options: options).location?.line == position + 1)
            await Self.expectLinesSame(text)
        }
    }
}
