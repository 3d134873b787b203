import Foundation
import SiftCorpora
import Testing

@Suite("sift over the shared corpora", .enabled(if: Corpora.isAvailable, "no corpora"))
struct CorpusTests {
    /// A query and the same path as plain steps for ``FoundationPath``.
    struct TwitterQuery: Sendable, CustomTestStringConvertible {
        let path: String
        let steps: [FoundationPath.Step]
        var testDescription: String { path }
    }

    static let twitterQueries = [
        TwitterQuery(path: "$.statuses[*].id", steps: [.key("statuses"), .each, .key("id")]),
        TwitterQuery(path: "$.statuses[*].text", steps: [.key("statuses"), .each, .key("text")]),
        TwitterQuery(
            path: "$.statuses[*].user.screen_name", steps: [.key("statuses"), .each, .key("user"), .key("screen_name")]),
        TwitterQuery(path: "$.statuses[*].user", steps: [.key("statuses"), .each, .key("user")]),
        TwitterQuery(
            path: "$.statuses[*].entities.hashtags[*].text",
            steps: [.key("statuses"), .each, .key("entities"), .key("hashtags"), .each, .key("text")]),
        TwitterQuery(
            path: "$.statuses[*].retweeted_status.user.id",
            steps: [.key("statuses"), .each, .key("retweeted_status"), .key("user"), .key("id")]),
        TwitterQuery(
            path: "$.statuses[*].user.entities.url.urls[*].expanded_url",
            steps: [
                .key("statuses"), .each, .key("user"), .key("entities"), .key("url"), .key("urls"), .each,
                .key("expanded_url"),
            ]),
        TwitterQuery(path: "$.statuses[3]", steps: [.key("statuses"), .index(3)]),
        TwitterQuery(path: "$.statuses[-1].metadata", steps: [.key("statuses"), .index(-1), .key("metadata")]),
        TwitterQuery(
            path: "$.statuses[1:40:7].created_at",
            steps: [.key("statuses"), .slice(start: 1, end: 40, step: 7), .key("created_at")]),
        TwitterQuery(path: "$.search_metadata", steps: [.key("search_metadata")]),
        TwitterQuery(path: "$", steps: []),
    ]

    @Test("the reference comparison tells values apart")
    func referenceEquality() throws {
        let values = try ["1", "1.0", "true", "false", "null", "\"1\"", "[1]", "{\"a\":1}", "{\"a\":true}", "[]"].map(
            FoundationPath.parse)
        #expect(FoundationPath.equal(try FoundationPath.parse("1"), try FoundationPath.parse("1.0")))
        #expect(
            FoundationPath.equal(
                try FoundationPath.parse(#"{"a":[1,{"b":null}]}"#), try FoundationPath.parse(#"{"a":[1,{"b":null}]}"#)))
        for (i, lhs) in values.enumerated() {
            for (j, rhs) in values.enumerated() where i != j && !(i < 2 && j < 2) {
                #expect(!FoundationPath.equal(lhs, rhs), "\(lhs) vs \(rhs)")
            }
        }
    }

    @Test(
        "query on twitter.json equals the same path over JSONSerialization, value for value", arguments: twitterQueries)
    func twitter(query: TwitterQuery) throws {
        let document = try JSONSerialization.jsonObject(with: Data(try Corpora.bytes("twitter.json")))
        let expected = FoundationPath.select(query.steps, in: document)
        let result = try SiftProcess.run(["query", query.path, Corpora.path("twitter.json")])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let actual = try result.stdoutLines.map(FoundationPath.parse)
        #expect(actual.count == expected.count)
        #expect(FoundationPath.equal(actual, expected))
    }

    @Test(
        "twitter.json on stdin gives the same lines as the file",
        arguments: ["$.statuses[*].user.name", "$..hashtags[*].text"])
    func stdinEqualsFile(path: String) throws {
        let fromFile = try SiftProcess.run(["query", path, Corpora.path("twitter.json")])
        let fromStdin = try SiftProcess.run(["query", path], stdin: .bytes(try Corpora.bytes("twitter.json")))
        #expect(fromFile.status == 0 && fromStdin.status == 0)
        #expect(!fromFile.stdout.isEmpty)
        #expect(fromFile.stdout == fromStdin.stdout)
    }

    @Test(
        "'$' re-encodes each corpus to an equal document",
        arguments: ["twitter.json", "citm_catalog.json", "canada.json"])
    func wholeDocument(name: String) throws {
        let result = try SiftProcess.run(["query", "$", Corpora.path(name)])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == 1)
        let original = try JSONSerialization.jsonObject(with: Data(try Corpora.bytes(name)))
        let reencoded = try FoundationPath.parse(result.stdoutLines.first ?? "")
        #expect(FoundationPath.equal([reencoded], [original]))
    }

    @Test("--lines over the NDJSON corpus equals a per-line JSONSerialization evaluation")
    func ndjson() throws {
        let bytes = try Corpora.bytes("amazon_cellphones.ndjson")
        let records = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let expected = try records.flatMap { FoundationPath.select([.index(1)], in: try FoundationPath.parse($0)) }
        let result = try SiftProcess.run(["query", "--lines", "$[1]", Corpora.path("amazon_cellphones.ndjson")])
        #expect(result.status == 0)
        #expect(result.stdoutLines.count == records.count)
        #expect(FoundationPath.equal(try result.stdoutLines.map(FoundationPath.parse), expected))

        let paths = try SiftProcess.run(["query", "--lines", "--with-path", "$[7]"], stdin: .bytes(bytes))
        #expect(paths.stdoutLines.count == records.count)
        // Each match with its line and the offset of its value, inside that line.
        var lineStart = 0
        var lineStarts: [Int] = []
        for record in records {
            lineStarts.append(lineStart)
            lineStart += record.utf8.count + 1
        }
        for (index, line) in paths.stdoutLines.enumerated() {
            let object = try #require(try FoundationPath.parse(line) as? [String: Any])
            #expect(line.hasPrefix(#"{"line":\#(index + 1),"offset":"#))
            #expect(line.contains(#","path":"$[7]","value":"#))
            let offset = try #require(object["offset"] as? Int)
            #expect(offset > lineStarts[index] && offset < lineStarts[index] + records[index].utf8.count)
        }
    }

    @Test("every corpus validates")
    func validate() throws {
        let result = try SiftProcess.run([
            "validate", Corpora.path("twitter.json"), Corpora.path("citm_catalog.json"), Corpora.path("canada.json"),
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = try SiftProcess.run(["validate", "--lines", Corpora.path("amazon_cellphones.ndjson")])
        #expect(lines.status == 0)
        let notSingle = try SiftProcess.run(["validate", Corpora.path("amazon_cellphones.ndjson")])
        #expect(notSingle.status == 1)
        #expect(notSingle.stderrText.hasPrefix("\(Corpora.path("amazon_cellphones.ndjson")):2:1: error: "))
    }
}
