import Foundation
import Testing

@testable import Sift

/// ``JSONMatchView``: the public streaming form of a query's matches.
@Suite struct QueryMatchViewTests {
    static let document = #"{"items":[{"id":1,"tags":["a"]},{"id":"two","tags":[]},{"id":null}],"n":3}"#

    /// What a view showed: how its value came, the value, and the places asked for.
    static func views(
        _ query: String, places: JSONMatchView.Places = [], combinedWith other: String? = nil,
        text: String = document, chunkSize: Int = .max
    ) throws -> [String] {
        var path = try JSONPath(query)
        if let other { path = path.combine(with: try JSONPath(other)) }
        var seen: [String] = []
        var jsonQuery = JSONQuery()
        jsonQuery.add(path, places: places) { match in
            var line = match.scalar.map { "event \($0.summary)" } ?? "value \(match.value)"
            if let path = match.path { line += " at \(path.normalized)" }
            if let location = match.location { line += " @\(location.line):\(location.column)+\(location.offset)" }
            seen.append(line)
        }
        let tokenizer = JSONTokenizer(handler: jsonQuery.makeMatcher())
        let bytes = Array(text.utf8)
        try tokenizer.feedAll(bytes, inPiecesOf: chunkSize)
        return seen
    }

    @Test func scalarsArriveAsEventsAndContainersAsValues() throws {
        #expect(
            try Self.views("$.items[*].id") == [
                "event the number 1", "event the string \"two\"", "event null",
            ])
        #expect(try Self.views("$.items[*].tags") == ["value [\"a\"]", "value []"])
        // Held for RFC 9535 order (a descendant query), a scalar arrives as a value.
        #expect(try Self.views("$..id") == ["value 1", "value \"two\"", "value null"])
    }

    @Test func placesAreComputedOnlyWhenAsked() throws {
        #expect(try Self.views("$.n") == ["event the number 3"])
        #expect(try Self.views("$.n", places: .path) == ["event the number 3 at $['n']"])
        #expect(try Self.views("$.n", places: .location) == ["event the number 3 @1:73+72"])
        #expect(
            try Self.views("$.items[0].tags", places: [.path, .location]) == [
                "value [\"a\"] at $['items'][0]['tags'] @1:26+25"
            ])
    }

    @Test func chunkSplitsDownToOneByteGiveTheSameViews() throws {
        for query in ["$.items[*].id", "$..id", "$.items[*]", "$.n"] {
            let whole = try Self.views(query, places: [.path, .location])
            for size in 1...Self.document.utf8.count {
                #expect(
                    try Self.views(query, places: [.path, .location], chunkSize: size) == whole,
                    "\(query), chunks of \(size)")
            }
        }
    }

    @Test func aCombinedPathDeliversInCombinationOrderWhenTheDocumentEnds() throws {
        #expect(
            try Self.views("$.n", places: .path, combinedWith: "$.items[0].id") == [
                "value 3 at $['n']", "value 1 at $['items'][0]['id']",
            ])
    }

    @Test func stopParsingLeavesTheRestUnread() throws {
        var seen: [String] = []
        var query = JSONQuery()
        query.add(try JSONPath("$[*]")) { match in
            seen.append(match.scalar?.summary ?? "?")
            match.stopParsing()
        }
        try query.run(.string("[1,2,3,"))
        #expect(seen == ["the number 1"])
    }

    @Test func callbackErrorsReachTheCallerUnchanged() throws {
        struct Refused: Error, Equatable {}
        var query = JSONQuery()
        query.add(try JSONPath("$.n")) { _ in throw Refused() }
        #expect(throws: Refused()) { try query.run(.string(Self.document)) }
    }

    @Test func aQueryHandlerStreamsAFilterInEverySplit() throws {
        var query = JSONQuery()
        let ids = query.add(try JSONPath("$.items[?@.tags[0] == 'a' || @.id == null].id").value)
        let bytes = Array(Self.document.utf8)
        for size in 1...bytes.count {
            let tokenizer = JSONTokenizer(handler: JSONQueryHandler(query))
            for start in stride(from: 0, to: bytes.count, by: size) {
                try tokenizer.feed(bytes[start..<min(start + size, bytes.count)])
            }
            try tokenizer.finish()
            #expect(tokenizer.handler.results[ids] == [1, .null], "chunks of \(size)")
        }
    }

    @Test func aQueryHandlerKeepsErrorsLocatedAndCollects() throws {
        var query = JSONQuery()
        let ids = query.add(try JSONPath("$.items[*].id").integer)
        query.add(try JSONPath("$.n")) { match in
            if match.scalar != nil { throw CancellationError() }
        }
        let tokenizer = JSONTokenizer(handler: JSONQueryHandler(query))
        let error = #expect(throws: JSONParseError.self) { try tokenizer.parse(.string(Self.document)) }
        #expect(error?.kind == .consumerError)
        #expect(error?.underlyingError is CancellationError)
        #expect(error?.location == SourceLocation(offset: 72, line: 1, column: 73))
        #expect(tokenizer.handler.results[ids] == [1])
    }

    /// Documents whose containers a view may capture flat: escapes, non-ASCII, numbers as
    /// written, duplicate names, empty and nested containers.
    static let writtenDocuments = [
        document,
        #"{"a":[{"s":"q\"\\\/\b\f\n\r\t\u0001\u00e9\ud83d\ude00 東京","n":[1.50,-0,2e+10,1E-3,12345678901234567890]}],"#
            + #""b":{"x":1,"x":2,"e":{},"f":[],"g":[[],[{}]]},"c":[true,false,null]}"#,
        "[" + String(repeating: "[", count: 300) + #"{"k":"v"}"# + String(repeating: "]", count: 300) + ",1]",
    ]

    /// What `write(to:)` writes for each match of `query`, and what writing `value` writes.
    static func written(
        _ query: String, in text: String, options: JSONWriterOptions, chunkSize: Int = .max
    ) throws -> (viewed: [String], valued: [String]) {
        var viewed: [String] = []
        var valued: [String] = []
        var jsonQuery = JSONQuery()
        jsonQuery.add(try JSONPath(query)) { match in
            let writer = JSONWriter(options: options)
            try match.write(to: writer)
            viewed.append(writer.sink.string)
            let other = JSONWriter(options: options)
            try other.write(match.value)
            valued.append(other.sink.string)
        }
        let tokenizer = JSONTokenizer(handler: jsonQuery.makeMatcher())
        try tokenizer.feedAll(Array(text.utf8), inPiecesOf: chunkSize)
        return (viewed, valued)
    }

    @Test("write(to:) writes what writing the value writes, captured flat or not, compact or pretty")
    func writingAViewWritesItsValue() throws {
        let queries = ["$", "$.*", "$[*]", "$.a[*]", "$.b", "$..*", "$..[0]", "$[0][0]", "$.b['x','g']"]
        for text in Self.writtenDocuments {
            for query in queries {
                for options in [JSONWriterOptions.compact, .pretty] {
                    let (viewed, valued) = try Self.written(query, in: text, options: options)
                    #expect(viewed == valued, "\(query) on \(text.prefix(40))")
                }
            }
        }
        // A container captured flat comes out as it went in, compact.
        let (viewed, _) = try Self.written("$.b", in: Self.writtenDocuments[1], options: .compact)
        #expect(viewed == [#"{"x":1,"x":2,"e":{},"f":[],"g":[[],[{}]]}"#])
    }

    @Test("views written one after another inside an array and as members write what their values write")
    func writingViewsInsideContainers() throws {
        var escaping = JSONWriterOptions.compact
        escaping.escapesSlashes = true
        for options in [JSONWriterOptions.compact, .pretty, escaping] {
            for query in ["$.*", "$.b.*", "$..*"] {
                let text = Self.writtenDocuments[1]
                let viewed = JSONWriter(options: options)
                let valued = JSONWriter(options: options)
                for writer in [viewed, valued] {
                    try writer.beginArray()
                    try writer.write(1 as JSONValue)
                    try writer.beginObject()
                }
                var count = 0
                var jsonQuery = JSONQuery()
                jsonQuery.add(try JSONPath(query)) { match in
                    count += 1
                    try viewed.key("m\(count)")
                    try match.write(to: viewed)
                    try valued.key("m\(count)")
                    try valued.write(match.value)
                }
                try jsonQuery.run(.string(text))
                for writer in [viewed, valued] {
                    try writer.endObject()
                    try writer.write("after" as JSONValue)
                    try writer.endArray()
                }
                #expect(count > 2)
                #expect(viewed.sink.string == valued.sink.string, "\(query)")
            }
        }
    }

    @Test("containers that fill the writer's block, and strings longer than it, are written as their values are")
    func writingViewsPastTheBlock() throws {
        let escaped = String(repeating: #"a\"\\/\u0001é東"#, count: 12_000)
        let many = (0..<4_000).map { #"{"k\#($0)":"\#($0)\n","n":[\#($0),1.5e3,true,null,{}]}"# }
        let texts = [
            "[" + many.joined(separator: ",") + "]",
            #"[{"long":""# + escaped + #"","after":[""# + escaped + #"",1]},{""# + escaped + #"":0}]"#,
        ]
        var escaping = JSONWriterOptions.compact
        escaping.escapesSlashes = true
        for text in texts {
            for options in [JSONWriterOptions.compact, escaping] {
                // Every match into one writer, one after another.
                let viewed = JSONWriter(options: options)
                let valued = JSONWriter(options: options)
                var count = 0
                var query = JSONQuery()
                query.add(try JSONPath("$[*]")) { match in
                    count += 1
                    try match.write(to: viewed)
                    try viewed.reset()
                    try valued.write(match.value)
                    try valued.reset()
                }
                try query.run(.string(text))
                #expect(count > 1)
                #expect(viewed.sink.bytes.count > 65_536)
                #expect(
                    viewed.sink.bytes.elementsEqual(valued.sink.bytes),
                    "\(text.prefix(20)), \(viewed.sink.bytes.count) and \(valued.sink.bytes.count) bytes")
            }
        }
    }

    @Test("write(to:) mends text the tokenizer did not check for UTF-8, as the value does, in containers and scalars")
    func writingUncheckedText() throws {
        var options = JSONParserOptions()
        options.validatesUTF8 = false
        var query = JSONQuery(options: options)
        var viewed: [[UInt8]] = []
        var valued: [[UInt8]] = []
        query.add(try JSONPath("$[*]")) { match in
            let writer = JSONWriter()
            try match.write(to: writer)
            viewed.append(writer.sink.bytes)
            let other = JSONWriter()
            try other.write(match.value)
            valued.append(other.sink.bytes)
        }
        let bytes =
            Array(#"[{"a":""#.utf8) + [0xFF, 0x41] + Array(#""},[""#.utf8) + [0xC3] + Array(#""],""#.utf8) + [0xFF]
            + Array(#"",1.50]"#.utf8)
        try query.run(.bytes(bytes))
        #expect(
            viewed == ["{\"a\":\"\u{FFFD}A\"}", "[\"\u{FFFD}\"]", "\"\u{FFFD}\"", "1.50"].map { Array($0.utf8) })
        #expect(viewed == valued)
    }

    @Test("write(to:) writes the same on every split of the input")
    func writingAViewOnEverySplit() throws {
        let text = Self.writtenDocuments[1]
        for query in ["$.a[*]", "$.b", "$.*"] {
            let whole = try Self.written(query, in: text, options: .compact).viewed
            for size in 1...text.utf8.count {
                #expect(try Self.written(query, in: text, options: .compact, chunkSize: size).viewed == whole)
            }
        }
    }

    @Test("a container deeper than a value may hold fails where it nests too deep, the depth limit raised")
    func viewsPastTheValueDepthFailWhereTheyNest() throws {
        let depth = JSONValue.maximumDepth + 10
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var options = JSONParserOptions()
        options.maximumDepth = depth + 1
        var query = JSONQuery(options: options)
        query.add(try JSONPath("$[0]")) { match in _ = match.value }
        #expect {
            try query.run(.string(text))
        } throws: { error in
            // The capture starts at the second bracket: its 2,049th level is the 2,050th bracket.
            (error as? JSONParseError)?.location.column == JSONValue.maximumDepth + 2
        }
    }
}
