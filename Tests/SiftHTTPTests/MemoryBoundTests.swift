import Foundation
import NIOCore
import Testing

@Suite("Bounded memory")
struct MemoryBoundTests {
    /// Elements of about 1 KiB each: 101,000 of them make more than 100 MiB.
    static let elementCount = 101_000
    static let payload = String(repeating: "abcdefghij", count: 99) + #"\"q\"\n\\"#

    /// Writes `{"items": [ ... ]}` with `count` elements, generated on the fly in pieces of about
    /// 64 KiB, each written only when the previous one was taken (never held whole); returns the
    /// number of bytes sent.
    static func streamItems(count: Int, to response: TestResponseWriter) async throws -> Int {
        try await response.head()
        var sent = 0
        var buffer = ByteBuffer()
        buffer.writeString(#"{"status": "ok", "items": ["#)
        for id in 0..<count {
            buffer.writeString(#"{"id": \#(id), "name": "item \#(id)", "payload": "\#(payload)"}"#)
            buffer.writeString(id == count - 1 ? "]}" : ",\n")
            if buffer.readableBytes >= 65_536 || id == count - 1 {
                sent += buffer.readableBytes
                try await response.write(buffer)
                buffer.clear()
            }
        }
        try await response.end()
        return sent
    }

    @Test(
        "100+ MiB streamed through an array data source in a child process stays under 64 MiB peak RSS",
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func hugeArrayInBoundedMemory() async throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let probe = executable.deletingLastPathComponent().appendingPathComponent("SiftHTTPMemoryProbe")
        try #require(
            FileManager.default.isExecutableFile(atPath: probe.path),
            "the SiftHTTPMemoryProbe executable is built beside the test binary by `swift build --build-tests`")
        let routes: [String: TestHTTPServer.Route] = [
            "/small": { _, response in _ = try await Self.streamItems(count: 10, to: response) },
            "/huge": { _, response in
                let sent = try await Self.streamItems(count: Self.elementCount, to: response)
                response.log.record("huge sent \(sent)")
            },
        ]
        let output = try await TestHTTPServer.run(routes: routes) { server async throws -> String in
            let process = Process()
            process.executableURL = probe
            process.arguments = [server.baseURL.absoluteString]
            let pipe = Pipe()
            let errors = Pipe()
            process.standardOutput = pipe
            process.standardError = errors
            try process.run()
            // At most 330 s, polled: the probe itself gives up after 280 s (wide, for a loaded CI).
            for _ in 0..<3300 where process.isRunning {
                try await Task.sleep(for: .milliseconds(100))
            }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try #require(
                process.terminationStatus == 0, "probe exited with \(process.terminationStatus): \(text) \(problem)")
            // The route records its count after its last write, possibly after the probe exited.
            let sent = await server.log.first(startingWith: "huge sent ").map { Int($0.dropFirst(10)) ?? 0 } ?? 0
            return text.trimmingCharacters(in: .whitespacesAndNewlines) + " bytesSent=\(sent)"
        }
        let fields = Dictionary(
            uniqueKeysWithValues: output.split(separator: " ").compactMap { pair -> (String, Int)? in
                let parts = pair.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            })
        print("SiftHTTP memory probe:", output)
        #expect(fields["elements"] == Self.elementCount)
        #expect(fields["stored"] == Self.elementCount)
        #expect((fields["bytesSent"] ?? 0) >= 100 << 20)
        #expect((fields["peakKB"] ?? .max) < 64 << 10)
        #expect((fields["peakKB"] ?? 0) > 0)
    }
}
