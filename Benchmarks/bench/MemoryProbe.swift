import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Peak memory of one scenario and contender, measured in a child process: the same binary
/// (`/proc/self/exe`) started with the hidden `--child SCENARIO CONTENDER` flag regenerates its
/// own input, runs the contender once, and reports its own high-water mark (`VmHWM` of
/// `/proc/self/status`, which starts afresh at exec; `ru_maxrss` of a process spawned by a large
/// parent can carry the parent's peak).
enum MemoryProbe {
    /// The line a child prints on stdout for its parent.
    static let reportPrefix = "peak-rss-bytes "

    /// Runs the child and returns its peak RSS in bytes.
    static func measure(scenario: String, contender: String, options: BenchOptions) throws -> Int {
        let arguments = ["--child", scenario, contender] + options.scenarioArguments
        let output = try spawn(arguments: arguments)
        for line in output.split(separator: "\n") where line.hasPrefix(reportPrefix) {
            if let bytes = Int(line.dropFirst(reportPrefix.count)) { return bytes }
        }
        throw BenchError("the memory child for \(scenario) / \(contender) reported nothing")
    }

    /// This process's peak resident set size in bytes, from `/proc/self/status`.
    static func ownPeakRSS() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }

    /// Starts this executable with `arguments`, waits for it, and returns its stdout.
    ///
    /// Its stderr passes through; a non-zero exit is an error.
    private static func spawn(arguments: [String]) throws -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchError("pipe failed: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signal == 0, exitCode == 0 else {
            throw BenchError(
                signal != 0 ? "the memory child died of signal \(signal)" : "the memory child exited with \(exitCode)")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
