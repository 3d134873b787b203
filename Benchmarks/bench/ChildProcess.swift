import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command as a child process and measures it as a user meets it: the elapsed time of the
/// whole process, its CPU time, its peak RSS and the bytes it wrote.
///
/// Standard input comes from a file (or `/dev/null`), standard output goes to a file whose size
/// is reported (or to `/dev/null`), standard error to a file whose text is kept for a failure's
/// message. The peak RSS is the kernel's high-water mark of the child's own address space
/// (`VmHWM` of `/proc/PID/status`), sampled every 2 ms while it runs: `ru_maxrss` cannot be used,
/// because `posix_spawn` starts the child with `vfork`, and the kernel carries the parent's
/// high-water mark into the child's `ru_maxrss` when it execs.
///
/// ```swift
/// let run = try ChildProcess(executable: sift, arguments: ["query", "$.id"], input: file).run()
/// print(run.seconds, run.peakRSSBytes, run.outputBytes)
/// ```
struct ChildProcess {
    /// What one run of the child did.
    struct Run {
        /// Elapsed time from spawn to reaping, in seconds.
        var seconds: Double
        /// User plus system CPU time of the child, in seconds.
        var cpuSeconds: Double
        /// The child's peak resident set size in bytes (the last sample before it exited).
        var peakRSSBytes: Int
        /// How many bytes the child wrote to standard output.
        var outputBytes: Int
    }

    var executable: String
    var arguments: [String]
    /// The file the child reads as standard input; `/dev/null` when nil.
    var input: URL?
    /// Where standard output goes; a temporary file that is removed after the run when nil.
    var output: URL?
    /// The exit statuses that count as a completed run; a signal never does.
    ///
    /// 1 is accepted by a case whose answer is a clean error (a value deeper than a `JSONValue`
    /// holds).
    var acceptedStatuses: Set<Int32> = [0]

    /// Runs the child to completion.
    ///
    /// - Throws: ``BenchError`` when it cannot start, dies of a signal or exits with a status
    ///   not in ``acceptedStatuses``, with the first lines of its standard error.
    func run() throws -> Run {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-bench-child-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let stdoutURL = output ?? scratch.appendingPathExtension("out")
        let stderrURL = scratch.appendingPathExtension("err")
        defer {
            if output == nil { try? FileManager.default.removeItem(at: stdoutURL) }
            try? FileManager.default.removeItem(at: stderrURL)
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input?.path ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ClockReading.now()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        var usage = rusage()
        var peak = 0
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw BenchError("wait4 failed: \(String(cString: strerror(errno)))") }
            peak = max(peak, Self.highWaterMark(of: pid))
            usleep(2000)
        }
        let seconds = (ClockReading.now() - start).wall
        let cpuSeconds =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) * 1e-6

        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signal == 0, acceptedStatuses.contains(exitCode) else {
            let message = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
            let excerpt = message.split(separator: "\n").prefix(3).joined(separator: " / ")
            let death = signal != 0 ? "died of signal \(signal)" : "exited with status \(exitCode)"
            throw BenchError(
                "\((executable as NSString).lastPathComponent) \(death)\(excerpt.isEmpty ? "" : ": \(excerpt)")")
        }
        let outputBytes = ((try? FileManager.default.attributesOfItem(atPath: stdoutURL.path))?[.size] as? Int) ?? 0
        return Run(seconds: seconds, cpuSeconds: cpuSeconds, peakRSSBytes: peak, outputBytes: outputBytes)
    }

    /// The `VmHWM` of a running process in bytes; 0 once it has exited or when unreadable.
    static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return 0
    }

    /// The release `sift` executable beside this `bench` binary, or nil when it has not been
    /// built (`swift build -c release --product sift`).
    static var siftExecutable: String? {
        sibling(named: "sift")
    }

    /// This `bench` binary, or the one beside the running executable (a test runner), or nil.
    static var benchExecutable: String? {
        let running = runningExecutable
        return running.lastPathComponent == "bench" ? running.path : sibling(named: "bench")
    }

    /// The executable of this process.
    private static var runningExecutable: URL {
        URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0])
    }

    /// The executable called `name` in the directory of this process's executable, if any.
    private static func sibling(named name: String) -> String? {
        let path = runningExecutable.deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
