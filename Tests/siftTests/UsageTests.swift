import Testing

@Suite("usage errors")
struct UsageTests {
    @Test(
        "usage errors exit 2 with argument-parser's message on stderr and nothing on stdout",
        arguments: [
            (["query"], "Error: Missing expected argument '<path>'"),
            (["query", "--bogus", "$"], "Error: Unknown option '--bogus'"),
            (
                ["query", "--max-depth", "zero", "$"],
                "Error: The value 'zero' is invalid for '--max-depth <max-depth>'"
            ),
            (["query", "--max-depth", "0", "$"], "Error: --max-depth must be at least 1, not 0."),
            (["query", "--max-depth", "-1", "$"], "Error: --max-depth must be at least 1, not -1."),
            (["validate", "--max-depth", "-5"], "Error: --max-depth must be at least 1, not -5."),
            (["frobnicate"], "Error: Unexpected argument 'frobnicate'"),
        ])
    func usageError(arguments: [String], message: String) throws {
        let result = try SiftProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText.hasPrefix(message))
        #expect(result.stderrText.contains("Usage: sift"))
    }

    @Test("a PATH that is not a JSONPath: the 1-based column, a caret under it, no usage text")
    func invalidPath() throws {
        let result = try SiftProcess.run(["query", "$.statuses[", "twitter.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrText == """
                Error: invalid JSONPath at column 12: expected a selector
                  $.statuses[
                             ^

                """)
    }

    @Test(
        "a path written as jq writes it, or mangled by the shell, gets a hint",
        arguments: [
            (".statuses[].id", "a JSONPath starts with `$`: did you mean `$.statuses[*].id`?"),
            (".[0].name", "a JSONPath starts with `$`: did you mean `$[0].name`?"),
            ("1", "did the shell expand `$`? quote the path with single quotes: sift query '$.a[1]' FILE"),
            ("", "did the shell expand `$`? quote the path with single quotes: sift query '$.a[1]' FILE"),
            ("body.id", "did the shell expand `$`? quote the path with single quotes: sift query '$.a[1]' FILE"),
            ("$.a | .b", "JSONPath has no pipes: chain the steps (`$.a[*].b`), or pipe into a second `sift query`"),
            (
                "$.items[] | select(.price < 10)",
                "JSONPath has no pipes: chain the steps (`$.a[*].b`), or pipe into a second `sift query`"
            ),
            (
                "$.items[select(@.price < 10)]",
                "a filter is written `[?...]`: jq's `.items[] | select(.price < 10)` is `$.items[?@.price < 10]`"
            ),
            ("$[?@.a == 1 and @.b == 2]", "filters combine conditions with `&&` and `||`, not `and` and `or`"),
            ("$[?@.a == 1 or @.b == 2]", "filters combine conditions with `&&` and `||`, not `and` and `or`"),
            (
                "$.tags.length()",
                "`length` is a filter function: `$.a[?length(@.tags) > 2]`; to count the matches, pipe into `wc -l`"
            ),
        ])
    func pathHint(path: String, hint: String) throws {
        let result = try SiftProcess.run(["query", path])
        #expect(result.status == 2)
        #expect(result.stderrText.hasPrefix("Error: "))
        #expect(result.stderrText.hasSuffix("  hint: \(hint)\n"), "\(result.stderrText)")
        #expect(!result.stderrText.contains("Usage:"))
        #expect(!result.stderrText.contains("Help:"))
    }

    @Test("the caret under a path error is placed by display width after wide characters")
    func pathCaretUnderWideText() throws {
        let result = try SiftProcess.run(["query", "$.日本[", "x.json"])
        #expect(
            result.stderrText == """
                Error: invalid JSONPath at column 6: expected a selector
                  $.日本[
                         ^

                """)
    }

    @Test("a valid path with a filter using || gets no pipe hint")
    func orIsNotAPipe() throws {
        let result = try SiftProcess.run(
            ["query", "$[?@.a == 1 || @.b == 2]"], stdin: .bytes(Array(#"[{"a":1}]"#.utf8)))
        #expect(result.status == 0)
        #expect(result.stdoutText == "{\"a\":1}\n")
    }

    @Test("sift --help ends with three examples; a subcommand's help has none")
    func helpEndsWithExamples() throws {
        let result = try SiftProcess.run(["--help"])
        #expect(result.status == 0)
        let lines = result.stdoutLines
        #expect(lines.suffix(4).first == "EXAMPLES:", "\(result.stdoutText)")
        #expect(lines.suffix(3).allSatisfy { $0.hasPrefix("  ") && $0.contains("sift query") })
        #expect(try !SiftProcess.run(["query", "--help"]).stdoutText.contains("EXAMPLES:"))
    }

    @Test("--help prints to stdout and exits 0")
    func help() throws {
        let result = try SiftProcess.run(["query", "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("USAGE: sift query [<options>] <path> [<file> ...]"))
        #expect(result.stdoutText.contains("--with-path"))
    }

    @Test("--help documents the output flags and says the depth default once", arguments: ["query", "validate", "hub"])
    func helpOfOptions(command: String) throws {
        let help = try SiftProcess.run([command, "--help"]).stdoutText
        #expect(help.components(separatedBy: "512").count == 2, "\(help)")
        #expect(help.contains("(default: 512)"))
        if command != "validate" {
            #expect(help.contains("-c, --compact"))
            #expect(help.contains("--pretty"))
        }
        #expect(help.contains("-r, --raw-output") == (command == "query"))
        if command == "query" {
            #expect(help.contains(#"{"line":<line>,"offset":<offset>,"path":...,"value":...}"#))
        }
    }
}
