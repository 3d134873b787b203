import Foundation
import Testing

@testable import Sift

/// Generated feeds decoded through selective capture against whole elements: members in any
/// order, members the model never reads at every depth, optional members that appear late,
/// variants that read different members, and now and then a wrong value.
@Suite("Selective capture on generated feeds")
struct CodableSelectiveCaptureRandomTests {
    typealias Selective = CodableSelectiveCaptureTests
    typealias Random = TokenizerTestSupport.SplitMix64

    struct Record: Decodable, Equatable {
        struct Child: Decodable, Equatable {
            var a: Int
            var b: String?
            var grandchildren: [Child]?
        }

        var id: Int
        var name: String?
        var shape: CodableSelectiveCaptureTests.Shape
        var children: [Child]?
        var scores: [String: Double]?
        var flags: [Bool]
    }

    /// Builds JSON text for generated records.
    struct Generator {
        var random: Random
        /// One wrong value in about this many records (0: none).
        var errorRate: Int

        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

        mutating func noise(depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &random) {
            case 0: return "\(Int.random(in: -1000...1000, using: &random))"
            case 1: return #""n\u00e9\"\#(Int.random(in: 0..<99, using: &random))""#
            case 2: return ["true", "false", "null"][Int.random(in: 0..<3, using: &random)]
            case 3: return "1.5e\(Int.random(in: -3...3, using: &random))"
            case 4:
                let count = Int.random(in: 0..<3, using: &random)
                return "[" + (0..<count).map { _ in noise(depth: depth + 1) }.joined(separator: ",") + "]"
            default:
                let count = Int.random(in: 0..<3, using: &random)
                let members = (0..<count).map { index in #""x\#(index)": \#(noise(depth: depth + 1))"# }
                return "{" + members.joined(separator: ",") + "}"
            }
        }

        /// An object of `members` in random order, with up to two members nobody reads.
        mutating func object(_ members: [(String, String)]) -> String {
            var all = members
            for index in 0..<Int.random(in: 0..<3, using: &random) {
                all.append(("unread\(index)", noise(depth: 0)))
            }
            all.shuffle(using: &random)
            return "{" + all.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
        }

        mutating func child(depth: Int) -> String {
            var members = [("a", "\(Int.random(in: 0..<100, using: &random))")]
            if chance(50) { members.append(("b", chance(20) ? "null" : #""b\#(depth)""#)) }
            if depth < 2 && chance(30) {
                let count = Int.random(in: 0..<3, using: &random)
                members.append(
                    (
                        "grandchildren",
                        "[" + (0..<count).map { _ in child(depth: depth + 1) }.joined(separator: ",") + "]"
                    ))
            }
            return object(members)
        }

        mutating func shape() -> String {
            switch Int.random(in: 0..<3, using: &random) {
            case 0: return object([("type", #""circle""#), ("radius", "\(Int.random(in: 1...9, using: &random))")])
            case 1: return object([("type", #""rectangle""#), ("width", "2"), ("height", "3.5")])
            default:
                var members = [("type", #""label""#), ("text", #""t""#)]
                if chance(50) { members.append(("size", "12")) }
                return object(members)
            }
        }

        mutating func record(_ index: Int) -> String {
            let wrong = errorRate > 0 && Int.random(in: 0..<errorRate, using: &random) == 0
            var members = [("id", wrong ? #""\#(index)""# : "\(index)"), ("shape", shape())]
            if chance(60) { members.append(("name", chance(10) ? "null" : #""r\#(index)""#)) }
            if chance(50) {
                let count = Int.random(in: 0..<4, using: &random)
                members.append(
                    ("children", "[" + (0..<count).map { _ in child(depth: 0) }.joined(separator: ",") + "]"))
            }
            if chance(30) {
                let count = Int.random(in: 0..<3, using: &random)
                members.append(
                    ("scores", "{" + (0..<count).map { #""s\#($0)": \#($0).25"# }.joined(separator: ",") + "}"))
            }
            members.append(("flags", chance(50) ? "[]" : "[true, false]"))
            return object(members)
        }

        mutating func feed(records count: Int) -> String {
            #"{"version": 2, "items": ["# + (0..<count).map { record($0) }.joined(separator: ",\n") + "], \"tail\": {}}"
        }
    }

    @Test("Generated feeds decode as whole elements do, for random splits", arguments: 0..<24)
    func generatedFeeds(seed: UInt64) throws {
        var generator = Generator(random: Random(seed: seed &* 7919 &+ 1), errorRate: seed % 3 == 0 ? 25 : 0)
        let json = generator.feed(records: 40)
        let expected = try Selective.reference(Record.self, json)
        var random = Random(seed: seed)
        var leftOut = 0
        for chunkSize in [0, 1, Int.random(in: 2...9, using: &random), Int.random(in: 10...200, using: &random)] {
            let run = try Selective.engine(Record.self, json, chunkSize: chunkSize)
            #expect(run.outcome == expected, "seed \(seed), chunks of \(chunkSize)")
            leftOut = max(leftOut, run.leftOut)
        }
        if case .value = expected { #expect(leftOut > 0, "seed \(seed): nothing was left out") }
    }
}
