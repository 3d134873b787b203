import Foundation
import Testing

/// The jq flags of `sift query`: `-e`, `--raw-output0`, `--seq`, `--indent`, `--tab`, `-C`/`-M`
/// and colour by default on a terminal.
@Suite("sift query: jq's output flags")
struct OutputFlagsTests {
    /// Runs `sift query ARGUMENTS` with `json` on stdin.
    func query(
        _ arguments: [String], stdin json: String, onScreen: Bool = false, environment: [String: String] = [:]
    ) throws -> SiftProcess.Result {
        try SiftProcess.run(
            ["query"] + arguments, stdin: .bytes(Array(json.utf8)), onScreen: onScreen, environment: environment)
    }

    let feed = #"{"a": ["x y", 1, {"k": [null, true]}], "n": null}"#

    @Test("-e: exit 4 when nothing matched, 0 when something did (a null included), 1 on invalid input")
    func exitStatus() throws {
        for flag in ["-e", "--exit-status"] {
            let none = try query([flag, "$.missing"], stdin: feed)
            #expect(none.status == 4)
            #expect(none.stdout.isEmpty && none.stderr.isEmpty)
            #expect(try query([flag, "$.n"], stdin: feed).status == 0)
        }
        #expect(try query(["$.missing"], stdin: feed).status == 0)
        #expect(try query(["-e", "$.a"], stdin: "{\"a\":").status == 1)
    }

    @Test("--raw-output0: strings raw, every value ended by NUL; a string holding NUL is refused")
    func rawOutput0() throws {
        let result = try query(["--raw-output0", "$.a[*]"], stdin: feed)
        #expect(result.status == 0)
        #expect(result.stdout == Array("x y\u{0}1\u{0}{\"k\":[null,true]}\u{0}".utf8))
        let refused = try query(["--raw-output0", "$[*]"], stdin: #"["a", "b\u0000c"]"#)
        #expect(refused.status == 1)
        #expect(refused.stdout == Array("a\u{0}".utf8))
        #expect(refused.stderrText.contains("cannot be written with --raw-output0"), "\(refused.stderrText)")
    }

    @Test("--seq: each value starts with RS (RFC 7464) and ends with a line feed, pretty or raw alike")
    func seq() throws {
        let compact = try query(["--seq", "$.a[*]"], stdin: feed)
        #expect(compact.stdoutText == "\u{1E}\"x y\"\n\u{1E}1\n\u{1E}{\"k\":[null,true]}\n")
        let pretty = try query(["--seq", "--pretty", "$.a[2]"], stdin: feed)
        #expect(pretty.stdoutText == "\u{1E}{\n  \"k\": [\n    null,\n    true\n  ]\n}\n")
        let raw = try query(["--seq", "-r", "$.a[0]"], stdin: feed)
        #expect(raw.stdoutText == "\u{1E}x y\n")
    }

    @Test("--indent N and --tab set the indentation of --pretty and imply it; --indent 0 is compact")
    func indentation() throws {
        let four = try query(["--indent", "4", "$.a[2]"], stdin: feed)
        #expect(four.stdoutText == "{\n    \"k\": [\n        null,\n        true\n    ]\n}\n")
        let tab = try query(["--pretty", "--tab", "$.a[2]"], stdin: feed)
        #expect(tab.stdoutText == "{\n\t\"k\": [\n\t\tnull,\n\t\ttrue\n\t]\n}\n")
        #expect(try query(["--indent", "0", "$.a[2]"], stdin: feed).stdoutText == "{\"k\":[null,true]}\n")
        #expect(try query(["--indent", "4", "-c", "$.a[2]"], stdin: feed).stdoutText == "{\"k\":[null,true]}\n")
        for bad in [["--indent", "8"], ["--indent", "2", "--tab"]] {
            let result = try query(bad + ["$"], stdin: feed)
            #expect(result.status == 2)
            #expect(result.stderrText.hasPrefix("Error: --indent"), "\(result.stderrText)")
        }
    }

    /// `text` in the SGR colour `color`, then reset.
    func paint(_ color: String, _ text: String) -> String { "\u{1B}[\(color)m\(text)\u{1B}[0m" }

    @Test("-C colours JSON with jq's colours: keys bold blue, strings green, null bright black, containers bold")
    func color() throws {
        let result = try query(["-C", "$.a[2]"], stdin: feed)
        let expected =
            paint("1;39", "{") + paint("34;1", "\"k\"") + paint("1;39", ":") + paint("1;39", "[")
            + paint("0;90", "null") + paint("1;39", ",") + paint("0;39", "true") + paint("1;39", "]")
            + paint("1;39", "}") + "\n"
        #expect(result.stdoutText == expected)
        let strings = try query(["--color", "$.a[0:2]"], stdin: feed)
        #expect(strings.stdoutText == paint("0;32", "\"x y\"") + "\n" + paint("0;39", "1") + "\n")
        let raw = try query(["-C", "-r", "$.a[0]"], stdin: feed)
        #expect(raw.stdoutText == "x y\n")
    }

    @Test("on a terminal: coloured by default; not with -M, nor with NO_COLOR set; -C wins over NO_COLOR")
    func colorOnTerminal() throws {
        let colored = paint("0;39", "1") + "\n"
        let colorAllowed = ["NO_COLOR": ""]
        #expect(try query(["$.a[1]"], stdin: feed, onScreen: true, environment: colorAllowed).stdoutText == colored)
        #expect(
            try query(["-M", "$.a[1]"], stdin: feed, onScreen: true, environment: colorAllowed).stdoutText == "1\n")
        #expect(
            try query(["-C", "-M", "$.a[1]"], stdin: feed, onScreen: true, environment: colorAllowed).stdoutText
                == "1\n")
        let noColor = ["NO_COLOR": "1"]
        #expect(try query(["$.a[1]"], stdin: feed, onScreen: true, environment: noColor).stdoutText == "1\n")
        #expect(try query(["-C", "$.a[1]"], stdin: feed, onScreen: true, environment: noColor).stdoutText == colored)
        #expect(try query(["$.a[1]"], stdin: feed).stdoutText == "1\n")
    }
}
