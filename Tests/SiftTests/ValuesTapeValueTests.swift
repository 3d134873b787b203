import Foundation
import SiftCorpora
import Testing

@testable import Sift

/// `JSONTape.jsonValue(at:)` builds the tree straight from the entries; it must build exactly
/// what a `JSONValueBuilder` fed the tape's events builds (member order, duplicates, number text).
@Suite("JSONTape as a JSONValue")
struct ValuesTapeValueTests {
    static let documents: [String] = [
        #"{}"#, #"[]"#, #"{"a":{}}"#, #"[[],{},[[]],{"":[]}]"#, #""text""#, #"-0.0e+10"#, #"null"#, #"true"#,
        #"{"a":[1,{"b":null}],"c":"d","a":true}"#,
        #"{"s":"h\u00e9llo \"q\"","n":[0,-1.5e3,12345678901234567890123],"o":{"":{}},"t":[true,false,null]}"#,
        #"{"long key that is longer than fifteen bytes":"a value longer than fifteen bytes","k\u0000":"\ud83d\ude00"}"#,
        #"[{"x":1,"x":2,"x":{"x":[3]}},[1,[2,[3,[4,[5]]]]],{"m":{"n":{"o":{"p":{}}}}}]"#,
        #"{"numbers":[3,-7,1999999,0],"ok":true,"score":0.25,"name":"\u00e9t\u00e9","nothing":null}"#,
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        String(repeating: #"{"a":"#, count: 200) + "1" + String(repeating: "}", count: 200),
    ]

    @Test(arguments: documents)
    func theTreeIsTheOneTheBuilderMakes(text: String) throws {
        try Self.check(Array(text.utf8))
    }

    @Test func randomDocuments() throws {
        var random = SeededRandom(seed: 35)
        for _ in 0..<300 {
            var text = ""
            Self.appendRandomValue(to: &text, depth: 0, random: &random)
            try Self.check(Array(text.utf8))
        }
    }

    @Test(arguments: Corpora.documents)
    func corpora(name: String) throws {
        guard Corpora.isAvailable else { return }
        try Self.check(try Corpora.bytes(name))
    }

    /// Records `bytes` as a tape (text validated and not), and compares the value of every
    /// container of it, and of the whole, with what the builder makes and with a parse.
    static func check(_ bytes: [UInt8]) throws {
        let events = try ValuesRecordedEvent.record(String(decoding: bytes, as: UTF8.self))
        let parsed = try JSONValue(parsing: bytes)
        for validated in [true, false] {
            var builder = JSONTapeBuilder()
            builder.textIsValidUTF8 = validated
            for event in events { _ = event.withEvent { builder.consume($0) } }
            let tape = builder.tape
            #expect(strictlyEqual(tape.jsonValue(), tape.jsonValueFromEvents()))
            #expect(strictlyEqual(tape.jsonValue(), parsed))
            for index in tape.entries.indices where tape.entries[index].kind.isContainer {
                #expect(strictlyEqual(tape.jsonValue(at: index), tape.jsonValueFromEvents(at: index)))
            }
        }
    }

    /// Equal with members in the same order and numbers spelled the same (`==` ignores both).
    static func strictlyEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.object(let a), .object(let b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && strictlyEqual($0.value, $1.value) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { strictlyEqual($0, $1) }
        case (.number(let a), .number(let b)): return a.text == b.text
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }

    private static func appendRandomValue(to text: inout String, depth: Int, random: inout SeededRandom) {
        let choice = depth > 6 ? random.below(5) : random.below(8)
        switch choice {
        case 0: text += "null"
        case 1: text += random.below(2) == 0 ? "true" : "false"
        case 2: text += ["0", "-1", "1.5e-3", "123456789012345678901", "-0.25"][random.below(5)]
        case 3, 4:
            let strings = ["\"\"", "\"a\"", "\"\\u00e9\\n\"", "\"a string longer than sixteen\"", "\"\u{1F600}\""]
            text += strings[random.below(strings.count)]
        case 5, 6:
            text += "{"
            for member in 0..<random.below(5) {
                if member > 0 { text += "," }
                text += ["\"a\"", "\"b\"", "\"\"", "\"a key longer than fifteen\""][random.below(4)] + ":"
                appendRandomValue(to: &text, depth: depth + 1, random: &random)
            }
            text += "}"
        default:
            text += "["
            for element in 0..<random.below(5) {
                if element > 0 { text += "," }
                appendRandomValue(to: &text, depth: depth + 1, random: &random)
            }
            text += "]"
        }
    }
}

/// The same documents on every run: the suite's SplitMix64, with a bounded draw.
private typealias SeededRandom = TokenizerTestSupport.SplitMix64

extension TokenizerTestSupport.SplitMix64 {
    fileprivate mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
