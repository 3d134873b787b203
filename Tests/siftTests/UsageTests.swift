import Testing

@Suite("usage errors")
struct UsageTests {
    @Test(
        "usage errors exit 2 with argument-parser's message on stderr and nothing on stdout",
        arguments: [
            (["query"], "Error: Missing expected argument '<path>'"),
            (["query", "$["], "Error: The value '$[' is invalid for '<path>'"),
            (["query", "body.id"], "Error: The value 'body.id' is invalid for '<path>'"),
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

    @Test("a PATH that is not a JSONPath: the position and a caret under it")
    func invalidPath() throws {
        let result = try SiftProcess.run(["query", "$.statuses[", "twitter.json"])
        #expect(result.status == 2)
        #expect(
            result.stderrText.hasPrefix(
                """
                Error: The value '$.statuses[' is invalid for '<path>': expected a selector at position 11
                  $.statuses[
                             ^

                """))
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
