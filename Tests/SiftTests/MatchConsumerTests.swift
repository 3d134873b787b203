import Foundation
import Testing

@testable import Sift

/// The actions layer: one receiver implementation that turns the matcher's accepts into a consumer's
/// deliveries, by capture mode, keyed by the consumer's own tags.
@Suite struct MatchConsumerTests {
    /// Writes every delivery as one line.
    struct Recorder: MatchConsumer {
        var trace: [String] = []
        var wantsTapes: Bool { true }

        mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
            trace.append("scalar \(destination.tag)/\(destination.alternative) in \(scope): \(event.summary)")
        }

        mutating func receive(
            _ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo
        ) throws {
            trace.append("value \(destination.tag)/\(destination.alternative) in \(scope): \(value.jsonValue)")
        }

        mutating func receiveTape(
            _ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo
        ) throws {
            trace.append("tape \(destination.tag) in \(scope): \(tape.jsonValue())")
        }

        mutating func beginScope(
            program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
        ) throws -> Int {
            trace.append("begin \(destination.tag) program \(program) in \(parent)\(isArray ? " array" : "")")
            return 100 + trace.count
        }

        mutating func endScope(_ scope: Int, at destination: MatchDestination) throws {
            trace.append("end \(scope) of \(destination.tag)")
        }

        mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
            trace.append("probe \(destination.tag) in \(scope): \(found.summary)")
        }

        mutating func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
            trace.append("mismatch \(destination.tag) in \(scope): \(found.summary)")
        }

        mutating func endDocument() throws {
            trace.append("end document")
        }
    }

    static let document = #"{"a":"x","b":[1,{"c":true}],"m":{"n":"y","o":[2]},"p":{"q":null},"r":7}"#

    /// Runs the paths over the document fed in chunks of `chunkSize` bytes.
    static func trace(chunkSize: Int) throws -> [String] {
        let automaton = PathAutomaton()
        let model = automaton.addProgram()
        automaton.addMatch(try JSONPath("$.a"), kind: .string, tag: 1)
        automaton.addMatch(try JSONPath("$.b"), kind: .value, tag: 2)
        automaton.addMatch(try JSONPath("$.b[1]"), kind: .decoded, tag: 3)
        automaton.addMatch(try JSONPath("$.b"), kind: .string, tag: 4)
        automaton.addMatch(try JSONPath("$.p"), kind: .probe, tag: 5)
        automaton.addMatch(try JSONPath("$.r"), kind: .probe, tag: 6)
        automaton.addScope(try JSONPath("$.m"), childProgram: model, tag: 7)
        automaton.addMatch(try JSONPath("$.n"), kind: .string, tag: 8, program: model)
        automaton.addMatch(try JSONPath("$.o"), kind: .string, tag: 9, program: model)
        automaton.addMatch(JSONPath.root.goTo("x").combine(with: JSONPath.root.goTo("r")), kind: .integer, tag: 10)
        let tokenizer = JSONTokenizer(handler: PathMatcher(paths: CompiledPaths(automaton), receiver: Recorder()))
        let bytes = Array(document.utf8)
        try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
        return tokenizer.handler.receiver.trace
    }

    @Test func everyCaptureModeIsDeliveredToTheConsumersOwnTags() throws {
        #expect(
            try Self.trace(chunkSize: .max) == [
                "scalar 1/0 in -1: the string \"x\"",
                "mismatch 4 in -1: an array",
                "tape 3 in -1: {\"c\":true}",
                "value 2/0 in -1: [1,{\"c\":true}]",
                "begin 7 program 1 in -1",
                "scalar 8/0 in 105: the string \"y\"",
                "mismatch 9 in 105: an array",
                "end 105 of 7",
                "probe 5 in -1: an object",
                "probe 6 in -1: the number 7",
                "scalar 10/1 in -1: the number 7",
                "end document",
            ])
    }

    @Test func chunkSplitsDownToOneByteGiveTheSameDeliveries() throws {
        let whole = try Self.trace(chunkSize: .max)
        for size in 1...Self.document.utf8.count {
            #expect(try Self.trace(chunkSize: size) == whole, "chunks of \(size)")
        }
    }

    @Test func typedScalarsConvertThroughTheOneTable() throws {
        #expect(try MatchedValue.scalar(.bool(true)).converted(to: Bool.self) == true)
        #expect(try MatchedValue.value(.number(JSONNumber(7))).converted(to: Int.self) == 7)
        #expect(
            try MatchedValue.value(.string("https://example.com/a")).converted(to: URL.self)
                == URL(string: "https://example.com/a"))
        let fromEvent = #expect(throws: JSONConversionError.self) {
            try MatchedValue.scalar(.null).converted(to: String.self)
        }
        #expect(fromEvent?.description == "expected a string, found null")
        let fromValue = #expect(throws: JSONConversionError.self) {
            try MatchedValue.value(.string("x")).converted(to: Int.self)
        }
        #expect(fromValue?.description == "expected an integer (Int), found the string \"x\"")
    }
}
