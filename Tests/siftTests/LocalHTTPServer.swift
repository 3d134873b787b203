import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// One response being sent by ``LocalHTTPServer``; its methods may be called from any thread
/// (NIO hops to the connection's event loop), so a route can send part of a body now and the
/// rest when a ``LocalGate`` opens.
struct LocalResponse: Sendable {
    let channel: any Channel

    /// Sends the status line and headers: with `contentLength` a fixed-length body, else a
    /// chunked one.
    func head(_ status: HTTPResponseStatus = .ok, contentLength: Int? = nil) {
        var headers = HTTPHeaders([("Content-Type", "application/json"), ("Connection", "close")])
        if let contentLength { headers.add(name: "Content-Length", value: String(contentLength)) }
        channel.writeAndFlush(
            HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)),
            promise: nil)
    }

    /// Sends a piece of the body.
    func write(_ text: String) {
        channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: text))), promise: nil)
    }

    /// Ends the response and closes the connection.
    func end() {
        let channel = self.channel
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Closes the connection without ending the response: the body breaks off.
    func abort() {
        channel.close(promise: nil)
    }

    /// A whole response with a Content-Length.
    func respond(_ status: HTTPResponseStatus = .ok, _ text: String) {
        head(status, contentLength: text.utf8.count)
        write(text)
        end()
    }
}

/// A one-shot signal between a test and a route, opened by the test or, at the latest, by a
/// timer (so that a route waiting on it never hangs the test).
final class LocalGate: Sendable {
    private struct State {
        var openedByTest: Bool?
        var waiters: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Whether the test opened the gate (nil while it is closed, false when the timer did).
    var openedByTest: Bool? { state.withLock { $0.openedByTest } }

    /// Opens the gate for the test.
    func open() { open(byTest: true) }

    /// Runs `action` once the gate opens, and opens it after `seconds` if nobody did.
    func whenOpen(timeout seconds: Int64, on eventLoop: any EventLoop, _ action: @escaping @Sendable () -> Void) {
        let isOpen = state.withLock { state -> Bool in
            if state.openedByTest != nil { return true }
            state.waiters.append(action)
            return false
        }
        if isOpen { return action() }
        eventLoop.scheduleTask(in: .seconds(seconds)) { self.open(byTest: false) }
    }

    private func open(byTest: Bool) {
        let waiters = state.withLock { state -> [@Sendable () -> Void] in
            guard state.openedByTest == nil else { return [] }
            state.openedByTest = byTest
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter() }
    }
}

/// A real HTTP/1.1 server on 127.0.0.1 with an ephemeral port, for driving the `sift` binary
/// with URLs.
///
/// Everything runs on NIO's event loops, never on Swift's cooperative threads, so test processes
/// blocked on child processes cannot starve it.
///
/// ```swift
/// let server = try LocalHTTPServer(routes: ["/a": { $0.respond(.ok, "[1]") }])
/// defer { server.stop() }
/// let result = try SiftProcess.run(["query", "$[0]", server.url("/a")])
/// ```
final class LocalHTTPServer: Sendable {
    /// Sends the response to one request; runs on the connection's event loop.
    typealias Route = @Sendable (LocalResponse) -> Void

    /// The paths requested, in order.
    final class RequestLog: Sendable {
        let paths = Mutex<[String]>([])
    }

    private let channel: any Channel
    private let requests = RequestLog()

    let port: Int

    init(routes: [String: Route]) throws {
        let requests = self.requests
        channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline()
                    try child.pipeline.syncOperations.addHandler(RouteHandler(routes: routes, requests: requests))
                }
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        port = channel.localAddress?.port ?? 0
    }

    /// The URL of a path on this server.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The paths requested so far.
    var requestedPaths: [String] { requests.paths.withLock { $0 } }

    func stop() {
        try? channel.close().wait()
    }

    private final class RouteHandler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart

        let routes: [String: Route]
        let requests: RequestLog
        var path = ""

        init(routes: [String: Route], requests: RequestLog) {
            self.routes = routes
            self.requests = requests
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                path = String(head.uri.prefix { $0 != "?" })
            case .body:
                break
            case .end:
                requests.paths.withLock { $0.append(path) }
                let response = LocalResponse(channel: context.channel)
                if let route = routes[path] {
                    route(response)
                } else {
                    response.respond(.notFound, #"{"error":"no route"}"#)
                }
            }
        }
    }
}
