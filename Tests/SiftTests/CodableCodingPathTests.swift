import Foundation
import Testing

@testable import Sift

/// Every coding path a type can read while it decodes (the decoder's, each container's, before
/// and after its nested values, a nested container's, a super decoder's) is the one Foundation's
/// `JSONDecoder` gives, with both decoders (a `JSONValue` tree and a captured tape).
///
/// The decoders keep a value's path as its parent's and one step, and a keyed container's state
/// is its own path node: these tests pin what a type sees.
@Suite("Codable coding paths")
struct CodableCodingPathTests {
    typealias Support = CodableTestSupport

    /// Any member name.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = "\(intValue)"
            self.intValue = intValue
        }
    }

    /// Decodes any JSON value, logging every coding path it can read on the way.
    struct PathProbe: Decodable, Equatable {
        var log: [String] = []

        static func render(_ path: [any CodingKey]) -> String {
            path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: ".")
        }

        init(from decoder: any Decoder) throws {
            log.append("decoder \(Self.render(decoder.codingPath))")
            if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
                try readObject(keyed, decoder: decoder)
            } else if var unkeyed = try? decoder.unkeyedContainer() {
                try readArray(&unkeyed)
            } else {
                let single = try decoder.singleValueContainer()
                log.append("single \(Self.render(single.codingPath))")
                if let number = try? single.decode(Double.self) { log.append("number \(number)") }
            }
            log.append("decoder after \(Self.render(decoder.codingPath))")
        }

        private mutating func readObject(_ keyed: KeyedDecodingContainer<AnyKey>, decoder: any Decoder) throws {
            log.append("keyed \(Self.render(keyed.codingPath))")
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                log.append(contentsOf: try keyed.decode(PathProbe.self, forKey: key).log)
                if let nested = try? keyed.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
                    log.append("nested keyed \(Self.render(nested.codingPath))")
                    for inner in nested.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                        log.append(contentsOf: try nested.decode(PathProbe.self, forKey: inner).log)
                    }
                }
                if let nested = try? keyed.nestedUnkeyedContainer(forKey: key) {
                    log.append("nested unkeyed \(Self.render(nested.codingPath))")
                }
                let superDecoder = try keyed.superDecoder(forKey: key)
                log.append("super \(Self.render(superDecoder.codingPath))")
                log.append("keyed again \(Self.render(keyed.codingPath))")
            }
            // A key that is not there: the path of the error is the container's and the key.
            do {
                _ = try keyed.decode(Int.self, forKey: AnyKey(stringValue: "missing"))
            } catch let error as DecodingError {
                let (kind, context) = Support.describe(error)
                log.append("\(kind) \(Self.render(context.codingPath))")
            }
            log.append("decoder in object \(Self.render(decoder.codingPath))")
        }

        private mutating func readArray(_ unkeyed: inout any UnkeyedDecodingContainer) throws {
            log.append("unkeyed \(Self.render(unkeyed.codingPath))")
            while !unkeyed.isAtEnd {
                log.append(contentsOf: try unkeyed.decode(PathProbe.self).log)
                log.append("unkeyed at \(unkeyed.currentIndex) \(Self.render(unkeyed.codingPath))")
            }
            // Past the end: the path of the error names the next index.
            do {
                _ = try unkeyed.decode(Int.self)
            } catch let error as DecodingError {
                let (kind, context) = Support.describe(error)
                log.append("\(kind) \(Self.render(context.codingPath))")
            }
        }
    }

    /// A type that keeps its keyed container and reads its path after its nested values were
    /// decoded, and a scalar decoded as a type of its own (a single-value container in a keyed one).
    struct Keeper: Decodable, Equatable {
        struct Leaf: Decodable, Equatable {
            var path: String
            init(from decoder: any Decoder) throws {
                let single = try decoder.singleValueContainer()
                path = PathProbe.render(single.codingPath) + " / " + PathProbe.render(decoder.codingPath)
                _ = try single.decode(Int.self)
            }
        }

        var inner: Leaf
        var list: [Leaf]
        var deep: [String: [Leaf]]
        var after: String

        enum CodingKeys: String, CodingKey { case inner, list, deep }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inner = try container.decode(Leaf.self, forKey: .inner)
            list = try container.decode([Leaf].self, forKey: .list)
            deep = try container.decode([String: [Leaf]].self, forKey: .deep)
            after = PathProbe.render(container.codingPath) + " / " + PathProbe.render(decoder.codingPath)
        }
    }

    static let documents = [
        #"{"a": {"b": [{"c": 1}, [2, {"d": "x"}]], "e": {"f": {"g": null}}}, "h": [[[]]], "i": 3}"#,
        #"[{"a": [1, {"b": [2]}]}, {"c": {"d": {"e": [[{"f": 1}]]}}}, 4, "s", null, []]"#,
        #"{"":{"":[{"":0}]}}"#,
        #"7"#,
    ]

    @Test("Paths read at every level equal JSONDecoder's", arguments: documents)
    func everyLevel(_ json: String) throws {
        let (sift, foundation) = try Support.outcomes(PathProbe.self, json)
        guard case .value(let probe) = foundation else {
            Issue.record("Foundation failed on \(json): \(foundation)")
            return
        }
        #expect(probe.log.count >= 4)
        #expect(sift == foundation)
    }

    @Test("A kept container's path, after its nested values, equals JSONDecoder's")
    func keptContainer() throws {
        let json = #"{"inner": 1, "list": [2, 3], "deep": {"k": [4]}}"#
        let (sift, foundation) = try Support.outcomes(Keeper.self, json)
        guard case .value(let keeper) = foundation else {
            Issue.record("Foundation failed: \(foundation)")
            return
        }
        #expect(keeper.after == " / ")
        #expect(keeper.list.map(\.path) == ["list.[0] / list.[0]", "list.[1] / list.[1]"])
        #expect(sift == foundation)
    }

    @Test("Paths of values streamed from a document start at their place")
    func streamed() throws {
        let json = #"{"items": [{"a": {"b": 1}}, {"a": [true]}]}"#
        let probes = try JSONInput.data(Data(json.utf8)).decodeValues(at: "$.items[*]", as: PathProbe.self)
        let expected = try JSONDecoder().decode([String: [PathProbe]].self, from: Data(json.utf8))["items"] ?? []
        #expect(probes.count == 2)
        // A streamed element's paths start at the document's root, as Foundation's do here.
        for (probe, foundation) in zip(probes, expected) {
            #expect(probe.log == foundation.log)
        }
    }
}
