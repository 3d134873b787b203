import Foundation
import Synchronization
import Testing

/// `sift` reading `http://` URLs wherever it takes a FILE, against a real local server.
///
/// No test asserts a timing: a slow body is held back by a ``LocalGate`` until the test has seen the
/// output it expects (or, at worst, until the gate's timer opens it, which fails the test).
@Suite("sift with URL inputs")
struct URLInputTests {
    /// The bytes written to stdout so far, shared with the stdout callback.
    final class StdoutLog: Sendable {
        let bytes = Mutex<[UInt8]>([])

        func append(_ piece: [UInt8]) -> [UInt8] {
            bytes.withLock {
                $0 += piece
                return $0
            }
        }

        var text: String { String(decoding: bytes.withLock { $0 }, as: UTF8.self) }
    }

    @Test("query prints the first value of a slow body before the server sends its last byte")
    func slowBodyStreams() throws {
        let gate = LocalGate()
        let server = try LocalHTTPServer(routes: [
            "/slow": { response in
                response.head()
                response.write(#"{"authors":[{"id":1,"name":"Ada"},"#)
                gate.whenOpen(timeout: 60, on: response.channel.eventLoop) {
                    response.write(#"{"id":2,"name":"Grace"}]}"#)
                    response.end()
                }
            }
        ])
        defer { server.stop() }
        let stdout = StdoutLog()
        let result = try SiftProcess.run(["query", "$.authors[*].id", server.url("/slow")]) { piece in
            if stdout.append(piece).contains(UInt8(ascii: "\n")) { gate.open() }
        }
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(stdout.text == "1\n2\n")
        #expect(gate.openedByTest == true, "the first id was not written before the body ended")
    }

    @Test("a 404 exits 1 with the URL and the status on stderr", arguments: ["query", "validate"])
    func notFound(command: String) throws {
        let server = try LocalHTTPServer(routes: [:])
        defer { server.stop() }
        let url = server.url("/missing")
        let arguments = command == "query" ? ["query", "$.a", url] : ["validate", url]
        let result = try SiftProcess.run(arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == "\(url): error: HTTP error status: 404 Not Found\n")
    }

    @Test(
        "a connection closed mid-body exits 1 with the URL on stderr, after the values before the break",
        arguments: [false, true])
    func connectionClosedMidBody(fixedLength: Bool) throws {
        let body = #"{"authors":[{"id":1},{"id":"#
        let server = try LocalHTTPServer(routes: [
            "/cut": { response in
                response.head(contentLength: fixedLength ? body.utf8.count + 20 : nil)
                response.write(body)
                response.abort()
            }
        ])
        defer { server.stop() }
        let url = server.url("/cut")
        let result = try SiftProcess.run(["query", "$.authors[*].id", url])
        #expect(result.status == 1)
        #expect(result.stdoutText == "1\n")
        #expect(result.stderrText.hasPrefix("\(url): error: truncated body: "), "\(result.stderrText)")
        let validation = try SiftProcess.run(["validate", url])
        #expect(validation.status == 1)
        #expect(validation.stderrText.hasPrefix("\(url): error: truncated body: "), "\(validation.stderrText)")
    }

    @Test("a complete response whose JSON is cut is located like a file: URL:LINE:COLUMN")
    func incompleteJSONIsLocated() throws {
        let server = try LocalHTTPServer(routes: ["/short": { $0.respond(.ok, "[1,\n 2,") }])
        defer { server.stop() }
        let url = server.url("/short")
        let result = try SiftProcess.run(["validate", url])
        #expect(result.status == 1)
        #expect(result.stderrText.hasPrefix("\(url):2:"), "\(result.stderrText)")
        #expect(result.stderrText.contains(": error: "))
    }

    @Test("--first on a URL exits after the first value while the server still holds the body")
    func firstExitsPromptly() throws {
        let gate = LocalGate()
        let server = try LocalHTTPServer(routes: [
            "/endless": { response in
                response.head()
                response.write(#"[{"id":1},"#)
                gate.whenOpen(timeout: 60, on: response.channel.eventLoop) {
                    response.write(#"{"id":2}]"#)
                    response.end()
                }
            }
        ])
        defer { server.stop() }
        let result = try SiftProcess.run(["query", "--first", "$[*].id", server.url("/endless")])
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(result.stdoutText == "1\n")
        #expect(gate.openedByTest == nil, "sift waited for the end of the body")
        gate.open()
    }

    @Test("files and URLs mix; validate and hub read URLs too")
    func mixedInputs() throws {
        let server = try LocalHTTPServer(routes: [
            "/a": { $0.respond(.ok, #"{"id":"a"}"#) },
            "/hub": { $0.respond(.ok, #"[{"id":"row","component":{"id":"default:row","category":"row"}}]"#) },
        ])
        defer { server.stop() }
        let directory = try TemporaryDirectory()
        let file = try directory.write("b.json", #"{"id":"b"}"#)
        let query = try SiftProcess.run(["query", "$.id", server.url("/a"), file, server.url("/a?x=1")])
        #expect(query.status == 0, "\(query.stderrText)")
        #expect(query.stdoutLines == [#""a""#, #""b""#, #""a""#])
        let validate = try SiftProcess.run(["validate", server.url("/a"), file])
        #expect(validate.status == 0 && validate.stderr.isEmpty)
        let hub = try SiftProcess.run(["hub", "--components", server.url("/hub")])
        #expect(hub.status == 0, "\(hub.stderrText)")
        #expect(hub.stdoutText.contains(#""id":"row""#))
        #expect(server.requestedPaths == ["/a", "/a", "/a", "/hub"])
    }
}
