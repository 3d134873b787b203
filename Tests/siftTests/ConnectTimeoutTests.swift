import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A refused connection fails at once and `--connect-timeout` bounds a host that never answers.
///
/// These are the only command-line tests that bound a duration, with a wide margin: the defect
/// they guard against took 30 seconds (the connection was retried until the response timeout).
@Suite("connecting to a URL")
struct ConnectTimeoutTests {
    /// Seconds elapsed while `body` runs.
    func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let (whole, fraction) = (ContinuousClock.now - start).components
        return Double(whole) + Double(fraction) / 1e18
    }

    @Test("a refused connection fails at once, saying so")
    func refused() throws {
        let port = try Self.closedPort()
        var result: SiftProcess.Result?
        let elapsed = try seconds { result = try SiftProcess.run(["query", "$.a", "http://127.0.0.1:\(port)/x.json"]) }
        let refused = try #require(result)
        #expect(refused.status == 1)
        #expect(refused.stderrText.contains("Connection refused"), "\(refused.stderrText)")
        #expect(elapsed < 8, "took \(elapsed) s")
    }

    @Test("--connect-timeout bounds a host that accepts no connection")
    func silentHost() throws {
        let (listener, port, held) = try Self.fullListener()
        defer {
            for descriptor in held + [listener] { close(descriptor) }
        }
        var result: SiftProcess.Result?
        let elapsed = try seconds {
            result = try SiftProcess.run(["query", "--connect-timeout", "1", "$.a", "http://127.0.0.1:\(port)/x.json"])
        }
        let silent = try #require(result)
        #expect(silent.status == 1)
        #expect(silent.stderrText.contains("timeout"), "\(silent.stderrText)")
        #expect(elapsed < 8, "took \(elapsed) s")
    }

    @Test("--connect-timeout must be a positive number of seconds", arguments: ["0", "-1", "nan"])
    func invalidTimeout(value: String) throws {
        let result = try SiftProcess.run(["query", "--connect-timeout", value, "$"])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("--connect-timeout"))
    }

    /// A local port nothing listens on (bound, then released).
    static func closedPort() throws -> UInt16 {
        let (socket, port) = try bound()
        close(socket)
        return port
    }

    /// A listener whose accept queue is full (backlog 0, connections never accepted): further
    /// connection attempts get no answer, as from a silent host.
    static func fullListener() throws -> (listener: Int32, port: UInt16, held: [Int32]) {
        let (listener, port) = try bound()
        guard listen(listener, 0) == 0 else { throw POSIXError(.EADDRINUSE) }
        var held: [Int32] = []
        for _ in 0..<4 {
            let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(client, F_SETFL, O_NONBLOCK)
            var address = loopback(port: port)
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            held.append(client)
        }
        usleep(200_000)
        return (listener, port, held)
    }

    /// A TCP socket bound to 127.0.0.1 on a port the system chose.
    static func bound() throws -> (socket: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 ? getsockname(descriptor, $0, &length) : -1
            }
        }
        guard descriptor >= 0, status == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
