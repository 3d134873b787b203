import Foundation
import Testing

@testable import Sift

/// Parses JSON text into a value with the engine itself.
func parseValue(_ text: String) throws -> JSONValue {
    var result: JSONValue?
    var builder = JSONValueBuilder()
    let tokenizer = JSONTokenizer(
        handler: JSONEventClosure { event, _ in
            if let value = builder.consume(event) { result = value }
        })
    try tokenizer.feed(Array(text.utf8))
    try tokenizer.finish()
    return result!
}

/// Runs one typed path over `text` fed in chunks of `chunkSize` bytes (0: whole).
func streamValues<Value>(_ path: TypedJSONPath<Value>, _ text: String, chunkSize: Int = 0) throws -> [Value] {
    var query = JSONQuery()
    let handle = query.addCollecting(path)
    let matcher = query.makeMatcher()
    let tokenizer = JSONTokenizer(handler: matcher)
    let bytes = Array(text.utf8)
    try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
    return JSONQueryResults(slots: tokenizer.handler.receiver.slots)[handle]
}

@Suite struct PathBuilderTests {
    @Test(arguments: [0, 1, 2, 3, 7])
    func hubSemantics(chunkSize: Int) throws {
        let root = JSONPath.root
        #expect(try streamValues(root.goTo("bool").bool, #"{"bool":"notABool"}"#, chunkSize: chunkSize) == [])
        #expect(try streamValues(root.goTo("bool").bool, #"{"bool":true}"#, chunkSize: chunkSize) == [true])
        #expect(try streamValues(root.goTo("int").integer, #"{"int":"notAnInt"}"#, chunkSize: chunkSize) == [])
        #expect(try streamValues(root.goTo("int").integer, #"{"int":42}"#, chunkSize: chunkSize) == [42])
        #expect(try streamValues(root.goTo("string").string, #"{"string":15}"#, chunkSize: chunkSize) == [])
        #expect(try streamValues(root.goTo("url").url, #"{"url":"é"}"#, chunkSize: chunkSize) == [])
        #expect(try streamValues(root.goTo("url").url, #"{"url":15}"#, chunkSize: chunkSize) == [])
        #expect(
            try streamValues(root.goTo("url").url, #"{"url":"https://spotify.com/a?b=c"}"#, chunkSize: chunkSize) == [
                URL(string: "https://spotify.com/a?b=c")!
            ])
        #expect(try streamValues(root.forEach().string, #"["hello",15]"#, chunkSize: chunkSize) == ["hello"])
        let dictionaryBlock = root.goTo("string").runBlock { _ in
            .object(JSONObject([.init(key: "a", value: .string("b"))]))
        }.string
        #expect(try streamValues(dictionaryBlock, #"{"string":"x"}"#, chunkSize: chunkSize) == [])
        let combined = root.goTo("A").combine(with: root.goTo("B")).string
        #expect(
            try streamValues(combined, #"{"A":"valueA","B":"valueB"}"#, chunkSize: chunkSize) == ["valueA", "valueB"])
        #expect(
            try streamValues(combined, #"{"B":"valueB","A":"valueA"}"#, chunkSize: chunkSize) == ["valueA", "valueB"])
        #expect(try streamValues(combined, #"{"A":1,"B":"valueB"}"#, chunkSize: chunkSize).first == "valueB")
        let nested = root.goTo("date").goTo("weekday").string
        #expect(
            try streamValues(nested, #"{"date":{"weekday":"Sunday"},"x":[1,{"date":2}]}"#, chunkSize: chunkSize) == [
                "Sunday"
            ])
        let value = root.goTo("a").value
        #expect(
            try streamValues(value, #"{"a":{"b":[1,2,{"c":null}]}}"#, chunkSize: chunkSize) == [
                try parseValue(#"{"b":[1,2,{"c":null}]}"#)
            ])
    }

    @Test func blockAfterStringDestinationNeverRuns() throws {
        let ran = Counter()
        let typed = JSONPath.root.goTo("string").string.runBlock { text -> Int? in
            ran.increment()
            return text.count
        }
        #expect(try streamValues(typed, #"{"string":15}"#) == [])
        #expect(ran.count == 0)
        #expect(try streamValues(typed, #"{"string":"four"}"#) == [4])
        #expect(ran.count == 1)
    }

    @Test func blockBeforeDestinationRunsOnCapturedValue() throws {
        // A block runs on the captured value; the string destination then drops a number.
        let ran = Counter()
        let path = JSONPath.root.goTo("string").runBlock { value in
            ran.increment()
            return value
        }.string
        #expect(try streamValues(path, #"{"string":15}"#) == [])
        #expect(ran.count == 1)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}
