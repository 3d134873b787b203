import Foundation
import Testing

@Suite("sift validate")
struct ValidateCommandTests {
    @Test("valid files: exit 0 and nothing printed")
    func validFiles() throws {
        let directory = try TemporaryDirectory()
        let files = [
            try directory.write("object.json", #"{"a": [1, 2.5, "x", null, true, false, {}]}"#),
            try directory.write("scalar.json", " 42 \n"),
            try directory.write("crlf.json", "[\r\n1,\r\n2\r\n]\r\n"),
        ]
        let result = try SiftProcess.run(["validate"] + files)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.isEmpty)
    }

    @Test("two invalid files: a diagnostic each, with source line and caret, exit 1")
    func twoInvalidFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.json", "{\n  \"name\": \"sift\",\n  \"tags\": [\"json\" \"cli\"]\n}\n")
        let good = try directory.write("good.json", "[]")
        let second = try directory.write("second.json", "{\"a\": [1, 2")
        let result = try SiftProcess.run(["validate", first, good, second])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrText == """
                \(first):3:19: error: invalid JSON: after array element, I expect ',' or ']' (in $.tags[0])
                  "tags": ["json" "cli"]
                                  ^
                \(second):1:12: error: incomplete JSON: unexpected end of input (in $.a[1])
                {"a": [1, 2
                           ^

                """)
    }

    @Test("--lines validates a sequence of values")
    func lines() throws {
        let ndjson = "{\"a\":1}\n[2]\n\"three\" 4\n"
        let single = try SiftProcess.run(["validate"], stdin: .bytes(Array(ndjson.utf8)))
        #expect(single.status == 1)
        #expect(single.stderrText.hasPrefix("<stdin>:2:1: error: invalid JSON"))
        let sequence = try SiftProcess.run(["validate", "--lines", "-"], stdin: .bytes(Array(ndjson.utf8)))
        #expect(sequence.status == 0)
        #expect(sequence.stderr.isEmpty)
        let broken = try SiftProcess.run(["validate", "--lines"], stdin: .bytes(Array("{\"a\":1}\n{\"a\":}\n".utf8)))
        #expect(broken.status == 1)
        #expect(broken.stderrText.hasPrefix("<stdin>:2:6: error: invalid JSON"))
    }

    @Test("invalid UTF-8 and a missing file are input errors")
    func inputErrors() throws {
        let directory = try TemporaryDirectory()
        let latin1 = try directory.write("latin1.json", [0x22, 0x63, 0x61, 0x66, 0xE9, 0x22])
        let missing = directory.path("missing.json")
        let result = try SiftProcess.run(["validate", latin1, missing])
        #expect(result.status == 1)
        let lines = result.stderrText.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("\(latin1):1:") == true)
        #expect(lines.first?.contains(": error: invalid UTF-8") == true)
        #expect(result.stderrText.contains("\(missing): error: cannot open '\(missing)': No such file or directory"))
    }

    @Test("--max-depth and --allow-comments apply to validation")
    func parserOptions() throws {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(try SiftProcess.run(["validate"], stdin: .bytes(Array(deep.utf8))).status == 0)
        let limited = try SiftProcess.run(["validate", "--max-depth", "19"], stdin: .bytes(Array(deep.utf8)))
        #expect(limited.status == 1)
        #expect(limited.stderrText.hasPrefix("<stdin>:1:20: error: nesting too deep"))
        let commented = Array("/* c */ [1, // d\n 2]".utf8)
        #expect(try SiftProcess.run(["validate"], stdin: .bytes(commented)).status == 1)
        #expect(try SiftProcess.run(["validate", "--allow-comments"], stdin: .bytes(commented)).status == 0)
    }
}
