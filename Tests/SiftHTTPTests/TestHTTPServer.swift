import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A request as the test server received it.
struct TestRequest: Sendable {
    var method: HTTPMethod
    var uri: String
    var headers: HTTPHeaders
    var body: [UInt8]

    var path: String { String(uri.prefix { $0 != "?" }) }
}

/// Writes one response, part by part, so routes can send slowly, stall or break off.
struct TestResponseWriter: Sendable {
    let outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    let log: ServerLog
    /// Set once ``end()`` has queued the end of the response.
    let ended = EndMark()
    /// Set when the body is delimited by the connection closing (HTTP/1.0 without a length).
    let endsByClosing = EndMark()

    /// Sends the status line and headers; without `contentLength` the body is chunked, or for
    /// `version` HTTP/1.0 delimited by the connection closing.
    func head(
        _ status: HTTPResponseStatus = .ok, version: HTTPVersion = .http1_1, contentLength: Int? = nil,
        headers extra: [(String, String)] = []
    ) async throws {
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Connection", "close")])
        if let contentLength { headers.add(name: "Content-Length", value: String(contentLength)) }
        if contentLength == nil && version == .http1_0 { endsByClosing.set() }
        headers.add(contentsOf: extra)
        try await outbound.write(.head(HTTPResponseHead(version: version, status: status, headers: headers)))
    }

    /// Sends a chunked response's head and the start of its body in one write, so the client
    /// gets both together however busy the machine is.
    func head(startingBodyWith text: String) async throws {
        let headers = HTTPHeaders([("Content-Type", "application/json"), ("Connection", "close")])
        try await outbound.write(contentsOf: [
            .head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)),
            .body(.byteBuffer(ByteBuffer(string: text))),
        ])
    }

    func write(_ text: String) async throws {
        try await write(ByteBuffer(string: text))
    }

    func write(_ buffer: ByteBuffer) async throws {
        try await outbound.write(.body(.byteBuffer(buffer)))
    }

    func end() async throws {
        try await outbound.write(.end(nil))
        ended.set()
    }

    /// A whole response with a Content-Length.
    func respond(_ status: HTTPResponseStatus = .ok, _ text: String) async throws {
        try await head(status, contentLength: text.utf8.count)
        try await write(text)
        try await end()
    }
}

/// What happened on the server, for tests to assert on; every wait is bounded.
final class ServerLog: Sendable {
    private let entries = Mutex<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var all: [String] { entries.withLock { $0 } }

    func contains(_ entry: String) -> Bool { all.contains(entry) }

    func count(of entry: String) -> Int { all.filter { $0 == entry }.count }

    /// Waits (polling, at most `seconds`) for an entry starting with `prefix`; returns it.
    func first(startingWith prefix: String, seconds: Double = 10) async -> String? {
        for _ in 0..<Int(seconds * 100) {
            if let entry = all.first(where: { $0.hasPrefix(prefix) }) { return entry }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return all.first { $0.hasPrefix(prefix) }
    }

    /// Waits (polling, at most `seconds`) until `entry` was recorded `count` times; returns
    /// whether it was.
    func wait(for entry: String, count: Int = 1, seconds: Double = 10) async -> Bool {
        for _ in 0..<Int(seconds * 100) {
            if self.count(of: entry) >= count { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return self.count(of: entry) >= count
    }
}

/// A one-shot signal a route can wait on (at most `seconds`) until the test opens it.
final class TestGate: Sendable {
    private let isOpen = Mutex(false)

    func open() { isOpen.withLock { $0 = true } }

    /// Returns whether the gate was opened in time.
    func wait(seconds: Double = 10) async throws -> Bool {
        for _ in 0..<Int(seconds * 200) {
            if isOpen.withLock({ $0 }) { return true }
            try await Task.sleep(for: .milliseconds(5))
        }
        return false
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, running for the duration of a
/// test.
///
/// Each connection serves one request (responses say `Connection: close`); a route that returns without
/// ending its response closes the connection mid-body.
struct TestHTTPServer: Sendable {
    typealias Route = @Sendable (TestRequest, TestResponseWriter) async throws -> Void

    let port: Int
    let log: ServerLog

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Runs `body` against a server answering `routes`, on an ephemeral port.
    ///
    /// Both run at high priority. Swift Testing starts every test of the package at once, so
    /// the cooperative pool's queue holds hundreds of jobs, many of them synchronous tests that
    /// keep a thread for seconds. At the default priority a server's next write, and
    /// AsyncHTTPClient's handling of a request (it goes through tasks of its own, which inherit
    /// the priority of the task that made the request), waited behind that queue for tens of
    /// seconds in a plain `swift test`; at high priority they do not queue behind it. (AHC's
    /// deadline is cancelled from an event loop, at default priority: see the timeout test.)
    static func run<Result: Sendable>(
        routes: [String: Route],
        _ body: @escaping @Sendable (TestHTTPServer) async throws -> Result
    ) async throws -> Result {
        let task = Task(priority: .high) { try await serving(routes: routes, body) }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private static func serving<Result: Sendable>(
        routes: [String: Route],
        _ body: @Sendable (TestHTTPServer) async throws -> Result
    ) async throws -> Result {
        let log = ServerLog()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: child)
                }
            }
        let port = channel.channel.localAddress?.port ?? 0
        let server = TestHTTPServer(port: port, log: log)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await channel.executeThenClose { inbound in
                    try await withThrowingDiscardingTaskGroup { connections in
                        for try await connection in inbound {
                            connections.addTask { await serve(connection, routes: routes, log: log) }
                        }
                    }
                }
            }
            defer { group.cancelAll() }
            return try await body(server)
        }
    }

    private static func serve(
        _ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>,
        routes: [String: Route],
        log: ServerLog
    ) async {
        var path = "?"
        do {
            try await connection.executeThenClose { inbound, outbound in
                var head: HTTPRequestHead?
                var body: [UInt8] = []
                var parts = inbound.makeAsyncIterator()
                reading: while let part = try await parts.next() {
                    switch part {
                    case .head(let requestHead): head = requestHead
                    case .body(let buffer): body += buffer.readableBytesView
                    case .end: break reading
                    }
                }
                guard let head else { return }
                let request = TestRequest(method: head.method, uri: head.uri, headers: head.headers, body: body)
                path = request.path
                log.record("request \(path)")
                let writer = TestResponseWriter(outbound: outbound, log: log)
                if let route = routes[path] {
                    try await route(request, writer)
                } else {
                    try await writer.respond(.notFound, #"{"error":"no route"}"#)
                }
                log.record("served \(path)")
                // A write returns once queued, not once sent: closing now could cut off the tail
                // of a large body. The client closes after a complete `Connection: close`
                // response, so wait for that before closing our side (bounded: the server's task
                // is cancelled when the test's body returns, which ends this wait).
                if writer.ended.isSet && !writer.endsByClosing.isSet {
                    while try await parts.next() != nil {}
                }
            }
        } catch {
            log.record("aborted \(path)")
        }
    }
}

/// A flag one task sets and another reads.
final class EndMark: Sendable {
    private let value = Mutex(false)

    func set() { value.withLock { $0 = true } }

    var isSet: Bool { value.withLock { $0 } }
}
