import Foundation
import Testing

@testable import Sift

/// Values nested far deeper than the default limit: the matcher adds no recursion, and a
/// ``JSONValue`` deeper than ``JSONValue/maximumDepth`` is refused with an error, never built.
@Suite struct PathDeepValueTests {
    static func nestedArrays(_ depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    static var unlimited: JSONParserOptions {
        var options = JSONParserOptions()
        options.maximumDepth = 2_000_000
        return options
    }

    /// The depth of a value, measured without recursion.
    static func depth(of value: JSONValue) -> Int {
        var deepest = 0
        var pending: [(JSONValue, Int)] = [(value, 0)]
        while let (value, level) = pending.popLast() {
            switch value {
            case .array(let elements):
                deepest = max(deepest, level + 1)
                pending += elements.map { ($0, level + 1) }
            case .object(let object):
                deepest = max(deepest, level + 1)
                pending += object.map { ($0.value, level + 1) }
            default: break
            }
        }
        return deepest
    }

    /// Runs `query` collecting values; returns them or the error that stopped the run.
    static func collect(_ query: String, over bytes: [UInt8]) throws -> Result<[JSONValue], any Error> {
        var jsonQuery = JSONQuery(options: unlimited)
        let handle = jsonQuery.add(try JSONPath(query).value)
        return Result { try jsonQuery.run(.bytes(bytes))[handle] }
    }

    /// Requires that `body` fails with the engine's refusal of a value deeper than a
    /// ``JSONValue`` holds: a ``JSONParseError`` located at the container that went too deep.
    static func expectDepthError(
        atOffset offset: Int = JSONValue.maximumDepth, _ body: () throws -> Void,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let error = try #require(throws: JSONParseError.self, sourceLocation: sourceLocation) { try body() }
        #expect(error.kind == .consumerError, sourceLocation: sourceLocation)
        #expect(error.underlyingError is JSONValueDepthError, sourceLocation: sourceLocation)
        #expect(error.location.offset == offset, sourceLocation: sourceLocation)
    }

    @Test func rootOfAMillionLevelsIsRefusedCleanly() throws {
        let result = try Self.collect("$", over: Self.nestedArrays(1_000_000))
        try Self.expectDepthError { _ = try result.get() }
    }

    @Test func everyDescendantOfAMillionLevelsIsRefusedCleanly() throws {
        let result = try Self.collect("$..*", over: Self.nestedArrays(1_000_000))
        // The first value too deep is `$[0]`, which starts at offset 1.
        try Self.expectDepthError(atOffset: 1 + JSONValue.maximumDepth) { _ = try result.get() }
    }

    @Test func streamingOrderRefusesTooDeepAsWell() throws {
        var query = JSONQuery(options: Self.unlimited)
        query.resultOrder = .streaming
        var count = 0
        query.add(try JSONPath("$..*").value) { _ in count += 1 }
        try Self.expectDepthError(atOffset: 1 + JSONValue.maximumDepth) {
            try query.run(.bytes(Self.nestedArrays(60_000)))
        }
    }

    @Test func valuesAtTheBoundAreBuilt() throws {
        let depth = JSONValue.maximumDepth
        let values = try Self.collect("$", over: Self.nestedArrays(depth)).get()
        #expect(values.count == 1)
        #expect(Self.depth(of: values[0]) == depth)
        let inner = try Self.collect("$[0]", over: Self.nestedArrays(depth + 1)).get()
        #expect(inner.count == 1)
        try Self.expectDepthError { _ = try Self.collect("$", over: Self.nestedArrays(depth + 1)).get() }
    }

    @Test func nestedCapturesShareOneBuilder() throws {
        // `$..*` over 2 000 levels: every level is a match, taken from the one builder.
        let depth = 2_000
        var query = JSONQuery(options: Self.unlimited)
        query.resultOrder = .streaming
        var depths: [Int] = []
        query.add(try JSONPath("$..*").value) { match in
            if depths.count < 3 || depths.count % 1_000 == 0 {
                depths.append(Self.depth(of: match.value))
            } else {
                depths.append(-1)
            }
        }
        try query.run(.bytes(Self.nestedArrays(depth)))
        #expect(depths.count == depth - 1)
        #expect(depths.prefix(3) == [1, 2, 3])
    }

    @Test func parsingRefusesTooDeepValues() throws {
        let depth = JSONValue.maximumDepth + 1
        let error = try #require(throws: JSONParseError.self) {
            _ = try JSONValue(parsing: Self.nestedArrays(depth), options: Self.unlimited)
        }
        #expect(error.underlyingError is JSONValueDepthError)
        #expect(
            error.message == "the value nests deeper than \(JSONValue.maximumDepth) levels, the most a JSONValue holds")
        #expect(error.location.offset == JSONValue.maximumDepth)
        let value = try JSONValue(parsing: Self.nestedArrays(depth - 1), options: Self.unlimited)
        #expect(Self.depth(of: value) == depth - 1)
    }

    @Test func decodedCapturesRefuseTooDeepValues() throws {
        let text = Array(#"{"x":"#.utf8) + Self.nestedArrays(JSONValue.maximumDepth + 1) + Array("}".utf8)
        var query = JSONQuery(options: Self.unlimited)
        let handle = query.add(JSONPath.root.goTo("x").decoded(JSONValue.self))
        // With the tokenizer's limit above a value's, the capture is built as it comes and fails
        // at the bracket one level too deep (the capture's first is at offset 5).
        try Self.expectDepthError(atOffset: 5 + JSONValue.maximumDepth) { try query.run(.bytes(text)) }
        let shallow = Array(#"{"x":"#.utf8) + Self.nestedArrays(100) + Array("}".utf8)
        let values = try query.run(.bytes(shallow))[handle]
        #expect(values.map(Self.depth(of:)) == [100])
    }

    /// A recursive `Decodable`, as deep as its JSON.
    final class Link: Decodable, Sendable {
        let next: Link?
    }

    @Test func decodingATooDeepValueSaysWhereItWentTooDeep() throws {
        let depth = JSONValue.maximumDepth + 1
        let text =
            "[" + String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth)
            + "]"
        // At the object one level too deep: the element's first brace is at offset 1, and each
        // level takes 8 bytes.
        try Self.expectDepthError(atOffset: 1 + 8 * JSONValue.maximumDepth) {
            try JSONInput.string(text).forEachValue(at: "$[*]", as: Link.self, options: Self.unlimited) { _ in }
        }
        let shallow =
            "[" + String(repeating: #"{"next":"#, count: 99) + "null" + String(repeating: "}", count: 99) + "]"
        #expect(try JSONInput.string(shallow).decodeValues(at: "$[*]", as: Link.self).count == 1)
    }

    /// Records a tokenizer's events on a tape.
    struct TapeHandler: JSONEventHandler {
        var builder = JSONTapeBuilder()
        var events: [String] = []
        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            events.append(event.description)
            _ = builder.consume(event)
        }
    }

    @Test func tapesReplayTheirEventsWithoutRecursion() throws {
        let text = #"{"a":[1,{"b":[[],{}]},"x",true,null],"c":-2.5,"":""}"#
        let tokenizer = JSONTokenizer(handler: TapeHandler())
        try tokenizer.feed(Array(text.utf8))
        try tokenizer.finish()
        let tape = tokenizer.handler.builder.tape
        var replayed: [String] = []
        tape.forEachEvent { replayed.append($0.description) }
        #expect(replayed == tokenizer.handler.events)
        #expect(tape.jsonValue() == (try JSONValue(parsing: text)))

        let deep = JSONTokenizer(options: Self.unlimited, handler: TapeHandler())
        try deep.feed(Self.nestedArrays(200_000))
        try deep.finish()
        var count = 0
        deep.handler.builder.tape.forEachEvent { _ in count += 1 }
        #expect(count == 400_000)
        #expect(deep.handler.builder.deepest == 200_000)
    }
}
