import Foundation
import Testing

/// Errors a user can act on: each names the flag that fixes it, a deep path is abbreviated,
/// and a failed connection reads as the operating system or TLS says it, never with a build path.
@Suite("sift error messages")
struct ErrorMessageTests {
    /// Runs `sift ARGUMENTS` with `text` on stdin.
    func run(_ arguments: [String], stdin text: String) throws -> SiftProcess.Result {
        try SiftProcess.run(arguments, stdin: .bytes(Array(text.utf8)))
    }

    @Test("NDJSON without --lines: the second value's error suggests --lines", arguments: ["query", "validate"])
    func severalValuesSuggestLines(command: String) throws {
        let arguments = command == "query" ? ["query", "$.a"] : ["validate"]
        for second in [#"{"a":2}"#, "[2]", #""two""#, "-2", "2", "true", "null"] {
            let result = try run(arguments, stdin: "{\"a\":1}\n\(second)\n")
            #expect(result.status == 1)
            #expect(
                result.stderrText == """
                    <stdin>:2:1: error: invalid JSON: trailing garbage (in $); several values: use --lines
                    \(second)
                    ^

                    """)
        }
    }

    @Test("a byte after the value that starts no value gets no hint; neither does hub, which has no --lines")
    func noLinesHint() throws {
        let closing = try run(["query", "$.a"], stdin: "{\"a\":1}}\n")
        #expect(
            closing.stderrText == """
                <stdin>:1:8: error: invalid JSON: trailing garbage (in $)
                {"a":1}}
                       ^

                """)
        let word = try run(["validate"], stdin: "{\"a\":1} x")
        #expect(word.stderrText.hasPrefix("<stdin>:1:9: error: invalid JSON: trailing garbage (in $)\n"))
        let hub = try run(["hub"], stdin: "{\"id\":\"a\"}\n{\"id\":\"b\"}\n")
        #expect(hub.stderrText.hasPrefix("<stdin>:2:1: error: invalid JSON: trailing garbage (in $)\n"))
    }

    @Test("nesting too deep: the path is abbreviated and --max-depth is named")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let result = try run(["query", "$"], stdin: deep)
        #expect(result.status == 1)
        #expect(
            result.stderrText == """
                <stdin>:1:513: error: nesting too deep: more than 512 nested arrays and objects \
                (in $[0][0][0][0][0][0]…[0][0][0][0][0][0]); use --max-depth to raise the limit
                \(String(repeating: "[", count: 61) + String(repeating: "]", count: 39))
                \(String(repeating: " ", count: 60))^

                """)
        let limited = try run(["validate", "--max-depth", "2"], stdin: "[[[1]]]")
        #expect(
            limited.stderrText == """
                <stdin>:1:3: error: nesting too deep: more than 2 nested arrays and objects (in $[0][0]); \
                use --max-depth to raise the limit
                [[[1]]]
                  ^

                """)
    }

    @Test("a refused connection says so, with the URL in front")
    func connectionRefused() throws {
        let result = try SiftProcess.run(["query", "$", "http://127.0.0.1:1/x"])
        #expect(result.status == 1)
        #expect(
            result.stderrText
                == "http://127.0.0.1:1/x: error: transport error: while waiting for the response: Connection refused\n")
    }

    @Test("https to a server without TLS: the TLS failure in words, no source path")
    func tlsToPlainServer() throws {
        let server = try LocalHTTPServer(routes: [:])
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/x"
        let result = try SiftProcess.run(["query", "$", url])
        #expect(result.status == 1)
        #expect(
            result.stderrText.hasPrefix("\(url): error: transport error: while waiting for the response: TLS "),
            "\(result.stderrText)")
        #expect(!result.stderrText.dropFirst(url.count).contains("/"), "\(result.stderrText)")
        #expect(result.stderrText.split(separator: "\n").count == 1)
    }

    @Test(
        "the caret under a line with CJK text or an emoji sits under the offending byte, by display width",
        arguments: [
            ("[\"日本\", 1,,]", 11, 14),
            ("[\"😀\",,]", 6, 9),
            ("[\"é\",,]", 5, 7),
        ])
    func caretByDisplayWidth(line: String, padding: Int, column: Int) throws {
        let result = try run(["validate"], stdin: line + "\n")
        #expect(result.status == 1)
        let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("<stdin>:1:\(column): error: invalid JSON") == true, "\(result.stderrText)")
        #expect(lines.dropFirst().first == Substring(line))
        #expect(lines.dropFirst(2).first == Substring(String(repeating: " ", count: padding) + "^"))
    }
}
