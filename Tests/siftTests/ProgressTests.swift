import Foundation
import Synchronization
import Testing

@Suite("progress bar")
struct ProgressTests {
    /// Erases the progress line: carriage return, then clear to the end of the line.
    static let erase = "\r\u{1B}[K"

    /// A JSON array of `size` bytes or a little more, made of long strings (quick to parse).
    static func bigArray(size: Int) -> [UInt8] {
        let element = Array(("\"" + String(repeating: "x", count: 4094) + "\",").utf8)
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(size + element.count + 2)
        while bytes.count < size { bytes += element }
        bytes += Array("0]".utf8)
        return bytes
    }

    @Test("--progress on a pipe shows bytes and MB/s on stderr (no total), then erases it; stdout is data only")
    func forcedOnStdin() throws {
        let input = Self.bigArray(size: 1 << 20)
        let result = try SiftProcess.run(["query", "--progress", "$[-1]"], stdin: .bytes(input))
        #expect(result.status == 0)
        #expect(result.stdoutText == "0\n")
        #expect(result.stderrText.hasPrefix("\r"))
        #expect(result.stderrText.hasSuffix(Self.erase))
        #expect(result.stderrText.contains(" MB/s"))
        #expect(!result.stderrText.contains("left"))
    }

    @Test("--progress on a file shows the total, the percentage and the time left")
    func forcedOnFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("small.json", Self.bigArray(size: 1 << 20))
        let result = try SiftProcess.run(["validate", "--progress", file])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        try Self.expectBarWithTotal(result.stderrText, total: "1.0")
    }

    /// Expects `stderr` to be bars with the total (`"/\(total) MB"`), the percentage, the
    /// speed and the time left, then the erasing of the line.
    static func expectBarWithTotal(
        _ stderr: String, total: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let drawn = stderr.components(separatedBy: "\r").filter { !$0.isEmpty }
        #expect(drawn.last == "\u{1B}[K", sourceLocation: sourceLocation)
        let bar = try #require(drawn.first, sourceLocation: sourceLocation)
        #expect(bar.hasPrefix("["), sourceLocation: sourceLocation)
        #expect(bar.contains("%"), sourceLocation: sourceLocation)
        #expect(bar.contains("/\(total) MB"), sourceLocation: sourceLocation)
        #expect(bar.contains(" MB/s"), sourceLocation: sourceLocation)
        #expect(bar.hasSuffix(" left\u{1B}[K"), sourceLocation: sourceLocation)
    }

    @Test("by default: shown on a terminal for a regular file over 16 MB, only there")
    func automatic() throws {
        // A sparse 17 MB file whose first line is invalid: the size decides, the parse stops at
        // once (and the bar is erased before the diagnostic).
        let directory = try TemporaryDirectory()
        let big = try directory.write("big.json", "[1,,\n")
        #expect(truncate(big, 17_000_000) == 0)
        let small = try directory.write("small.json", "[1,,\n")
        let diagnostic = "\(big):1:4: error: invalid JSON"

        let onTerminal = try SiftProcess.run(["validate", big], stderrIsTerminal: true)
        #expect(onTerminal.status == 1)
        #expect(onTerminal.stderrText.hasPrefix("\r["))
        #expect(onTerminal.stderrText.contains("/17.0 MB"))
        #expect(onTerminal.stderrText.contains(Self.erase + diagnostic))

        let smallOnTerminal = try SiftProcess.run(["validate", small], stderrIsTerminal: true)
        #expect(smallOnTerminal.stderrText.hasPrefix("\(small):1:4: error: invalid JSON"))
        let turnedOff = try SiftProcess.run(["validate", "--no-progress", big], stderrIsTerminal: true)
        #expect(turnedOff.stderrText.hasPrefix(diagnostic))
        let notTerminal = try SiftProcess.run(["validate", big])
        #expect(notTerminal.stderrText.hasPrefix(diagnostic))
    }

    @Test("--progress on a URL: with a Content-Length, the total and the time left; without one, bytes and MB/s")
    func forcedOnURL() throws {
        let body = String(decoding: Self.bigArray(size: 1 << 20), as: UTF8.self)
        let server = try LocalHTTPServer(routes: [
            "/sized": { $0.respond(.ok, body) },
            "/chunked": { response in
                response.head()
                response.write(body)
                response.end()
            },
        ])
        defer { server.stop() }

        let sized = try SiftProcess.run(["query", "--progress", "$[-1]", server.url("/sized")])
        #expect(sized.status == 0, "\(sized.stderrText)")
        #expect(sized.stdoutText == "0\n")
        try Self.expectBarWithTotal(sized.stderrText, total: "1.0")

        let chunked = try SiftProcess.run(["validate", "--progress", server.url("/chunked")])
        #expect(chunked.status == 0, "\(chunked.stderrText)")
        #expect(chunked.stderrText.hasPrefix("\r"))
        #expect(chunked.stderrText.hasSuffix(Self.erase))
        #expect(chunked.stderrText.contains(" MB/s"))
        #expect(!chunked.stderrText.contains("left"))
    }

    @Test("by default on a terminal: a download announcing over 16 MB gets a bar, a small or unsized one none")
    func automaticOnURL() throws {
        // The big response announces 17 MB but its first line is invalid: the announced size
        // decides, the parse stops at once (and the bar is erased before the diagnostic).
        let server = try LocalHTTPServer(routes: [
            "/big": { response in
                response.head(contentLength: 17_000_000)
                response.write("[1,,\n")
            },
            "/small": { $0.respond(.ok, "[1,,\n") },
            "/unsized": { response in
                response.head()
                response.write("[1,,\n")
                response.end()
            },
        ])
        defer { server.stop() }
        let big = server.url("/big")
        let onTerminal = try SiftProcess.run(["validate", big], stderrIsTerminal: true)
        #expect(onTerminal.status == 1)
        #expect(onTerminal.stderrText.hasPrefix("\r["))
        #expect(onTerminal.stderrText.contains("/17.0 MB"))
        #expect(onTerminal.stderrText.contains(Self.erase + "\(big):1:4: error: invalid JSON"))

        let turnedOff = try SiftProcess.run(["validate", "--no-progress", big], stderrIsTerminal: true)
        #expect(turnedOff.stderrText.hasPrefix("\(big):1:4: error: invalid JSON"))
        for path in ["/small", "/unsized"] {
            let result = try SiftProcess.run(["validate", server.url(path)], stderrIsTerminal: true)
            #expect(result.stderrText.hasPrefix("\(server.url(path)):1:4: error: invalid JSON"))
        }
    }

    @Test("an error after progress starts: the bar is erased before the diagnostic")
    func erasedBeforeDiagnostic() throws {
        let input = Self.bigArray(size: 1 << 20).dropLast(2) + Array("]".utf8)
        let result = try SiftProcess.run(["validate", "--progress"], stdin: .bytes(Array(input)))
        #expect(result.status == 1)
        let text = result.stderrText
        let diagnostic = try #require(text.range(of: "<stdin>:1:"))
        #expect(text[..<diagnostic.lowerBound].hasSuffix(Self.erase))
    }

    /// A JSON array of objects `{"a":"xxx…","b":1}` of about `size` bytes: `$[*].b` prints a
    /// short line per 4 KB read.
    static func bigRecords(size: Int) -> [UInt8] {
        let element = Array(("{\"a\":\"" + String(repeating: "x", count: 4080) + "\",\"b\":1},").utf8)
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        bytes.reserveCapacity(size + element.count + 2)
        while bytes.count < size { bytes += element }
        bytes += Array("{\"b\":1}]".utf8)
        return bytes
    }

    @Test("stdout on a terminal: no bar by default, even for a file over 16 MB with stderr on the same screen")
    func noBarOnScreen() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("big.json", Self.bigRecords(size: 17_000_000))
        let result = try SiftProcess.run(["query", "-M", "$[*].b", file], onScreen: true)
        #expect(result.status == 0)
        let screen = result.stdoutText
        #expect(!screen.contains("\u{1B}"))
        #expect(!screen.contains("MB/s"))
        #expect(Set(result.stdoutLines) == ["1"])
    }

    @Test("--progress with stdout on a terminal: the bar is erased before every value, never written into one")
    func forcedBarOnScreenIsErased() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("big.json", Self.bigRecords(size: 17_000_000))
        let result = try SiftProcess.run(["query", "-M", "--progress", "$[*].b", file], onScreen: true)
        #expect(result.status == 0)
        let screen = result.stdoutText
        #expect(screen.contains(" left\u{1B}[K"), "the bar was drawn")
        // After a bar, only a carriage return (the next bar, or the erasing) may come.
        let afterBars = screen.components(separatedBy: " left\u{1B}[K").dropFirst()
        #expect(afterBars.allSatisfy { $0.hasPrefix("\r") })
        // Without the bars and the erasing, the screen holds the values alone.
        let values = screen.replacing(/\r\[[^\u{1B}]*\u{1B}\[K/, with: "").replacing(Self.erase, with: "")
        #expect(Set(values.split(separator: "\n")) == ["1"])
        #expect(screen.hasSuffix("1\n") || screen.hasSuffix(Self.erase))
    }

    @Test("--progress on a screen, interrupted: the bar is erased before the process ends")
    func erasedOnInterrupt() throws {
        let element = Array(("{\"a\":\"" + String(repeating: "x", count: 4080) + "\",\"b\":1},").utf8)
        var started = false
        let child = Mutex<pid_t>(0)
        let screen = Mutex<[UInt8]>([])
        let interrupted = Mutex(false)
        let result = try SiftProcess.run(
            ["query", "-M", "--progress", "$[*].b"],
            stdin: .generator {
                if started { return element }
                started = true
                return [UInt8(ascii: "[")] + element
            },
            onScreen: true,
            onStdout: { bytes in
                let text = screen.withLock { screen -> String in
                    screen += bytes
                    return String(decoding: screen, as: UTF8.self)
                }
                // Once a bar has been drawn, interrupt, once.
                if text.contains("MB/s\u{1B}[K"), !interrupted.withLock({ $0 }) {
                    interrupted.withLock { $0 = true }
                    kill(child.withLock { $0 }, SIGINT)
                }
            },
            onStart: { pid in child.withLock { $0 = pid } })
        #expect(result.status == 128 + SIGINT)
        // Another thread may still write a value between the erase and the end of the process
        // (as jq may print one more value after ^C); what must hold is that the last bar drawn
        // is erased, so the screen is not left with a bar on it.
        let text = String(decoding: screen.withLock { $0 }, as: UTF8.self)
        let lastBar = try #require(text.range(of: "MB/s\u{1B}[K", options: .backwards))
        #expect(text[lastBar.upperBound...].contains(Self.erase), "\(text.suffix(80).debugDescription)")
    }
}
