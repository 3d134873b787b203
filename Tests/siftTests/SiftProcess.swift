import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `sift` binary as a child process: feeds its stdin (bytes, or a generator that
/// may never end), collects stdout and stderr, and samples the child's peak RSS.
///
/// The peak RSS is the kernel's high-water mark of the child's own address space (`VmHWM` in
/// `/proc/PID/status`), read every 10 ms while the child runs; it is monotonic, so the last
/// sample covers the whole run but its last few milliseconds. `ru_maxrss` from `wait4` or
/// `getrusage(RUSAGE_CHILDREN)` cannot be used: `posix_spawn` starts the child with `vfork`
/// semantics, and at `exec` Linux folds the high-water mark of the address space it leaves
/// (this test process's, tens of MB) into the child's `ru_maxrss`.
///
/// ```swift
/// let result = try SiftProcess.run(["query", "$.a"], stdin: .bytes(Array(#"{"a":1}"#.utf8)))
/// #expect(result.status == 0 && result.stdoutText == "1\n")
/// ```
enum SiftProcess {
    /// What the child reads on stdin.
    enum Input {
        /// Nothing: stdin is closed at once.
        case empty
        /// These bytes, then end of input.
        case bytes([UInt8])
        /// Chunks from a generator until it returns nil (or the child stops reading).
        case generator(() -> [UInt8]?)
    }

    /// What a run produced.
    struct Result {
        /// The exit status, or 128 + the signal number when the child was killed.
        var status: Int32
        /// Everything written to stdout (empty when a stdout handler consumed it).
        var stdout: [UInt8] = []
        /// Everything written to stderr (through the terminal when `stderrIsTerminal`).
        var stderr: [UInt8] = []
        /// The child's peak resident set size in bytes, when `samplesMemory` was set.
        var peakMemory: Int = 0
        /// The bytes written to the child's stdin.
        var bytesFed: Int = 0

        var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
        /// stdout split into lines, without the final empty one.
        var stdoutLines: [String] {
            var lines = stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `binary` (the debug `sift` by default) with `arguments`.
    ///
    /// - Parameters:
    ///   - stdinLimit: stop feeding stdin and close it after this many bytes (the child is
    ///     expected to have exited before; `bytesFed` tells whether it did).
    ///   - stderrIsTerminal: give the child a pseudo-terminal as stderr.
    ///   - onScreen: give the child one pseudo-terminal (in raw mode: no `\r` added) as both stdout
    ///     and stderr, as on a screen; what it shows is collected in `stdout`.
    ///   - onStdout: receives stdout as it arrives instead of collecting it.
    ///   - onStart: receives the child's process id once it runs (to signal it).
    ///   - samplesMemory: sample the child's peak RSS into `peakMemory`.
    ///   - environment: variables set for the child, beside the test process's own.
    static func run(
        _ arguments: [String],
        binary: URL = SiftBinary.debug,
        stdin: Input = .empty,
        stdinLimit: Int? = nil,
        stderrIsTerminal: Bool = false,
        onScreen: Bool = false,
        samplesMemory: Bool = false,
        environment: [String: String] = [:],
        onStdout: (([UInt8]) -> Void)? = nil,
        onStart: ((pid_t) -> Void)? = nil
    ) throws -> Result {
        signal(SIGPIPE, SIG_IGN)
        let input = try makePipe()
        let output = try onScreen ? makeTerminal(raw: true) : makePipe()
        let errors = try stderrIsTerminal && !onScreen ? makeTerminal() : makePipe()

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input.read, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, onScreen ? output.write : errors.write, STDERR_FILENO)

        // The child gets SIGPIPE back (ignored here, and ignored dispositions are inherited).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer {
            for argument in argv { free(argument) }
        }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for variable in envp { free(variable) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, &attributes, argv, envp)
        close(input.read)
        close(output.write)
        close(errors.write)
        guard spawned == 0 else {
            for descriptor in [input.write, output.read, errors.read] { close(descriptor) }
            throw SpawnError(description: "cannot start \(binary.path): \(String(cString: strerror(spawned)))")
        }

        onStart?(pid)
        var result = Result(status: -1)
        pump(
            stdin: input.write, stdout: output.read, stderr: errors.read, input: stdin, limit: stdinLimit,
            onStdout: onStdout, sampling: samplesMemory ? pid : nil, into: &result)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        result.status = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return result
    }

    /// Moves bytes between the test and the child until the child has closed stdout and stderr.
    private static func pump(
        stdin: Int32, stdout: Int32, stderr: Int32, input: Input, limit: Int?,
        onStdout: (([UInt8]) -> Void)?, sampling pid: pid_t?, into result: inout Result
    ) {
        var pending: [UInt8] = []
        var pendingOffset = 0
        var writer: Int32? = stdin
        var readers: [Int32] = [stdout, stderr]
        _ = fcntl(stdin, F_SETFL, fcntl(stdin, F_GETFL) | O_NONBLOCK)
        var generator: (() -> [UInt8]?)? = nil
        var lastSample: UInt64 = 0
        switch input {
        case .empty:
            close(stdin)
            writer = nil
        case .bytes(let bytes): pending = bytes
        case .generator(let next): generator = next
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }

        func closeWriter() {
            if let fd = writer { close(fd) }
            writer = nil
        }

        while !readers.isEmpty {
            if let fd = writer, pendingOffset == pending.count {
                pending = []
                pendingOffset = 0
                if let limit, result.bytesFed >= limit {
                    closeWriter()
                } else if let next = generator?(), !next.isEmpty {
                    pending = next
                } else {
                    close(fd)
                    writer = nil
                }
            }
            var fds = readers.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if let fd = writer { fds.append(pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)) }
            if let pid, now() >= lastSample + 10_000_000 {
                result.peakMemory = max(result.peakMemory, highWaterMark(of: pid))
                lastSample = now()
            }
            guard poll(&fds, nfds_t(fds.count), pid == nil ? -1 : 10) >= 0 || errno == EINTR else { break }
            for entry in fds where entry.revents != 0 {
                if entry.fd == writer {
                    let count = pending.withUnsafeBytes { bytes in
                        write(entry.fd, bytes.baseAddress! + pendingOffset, bytes.count - pendingOffset)
                    }
                    if count > 0 {
                        pendingOffset += count
                        result.bytesFed += count
                    } else if count < 0 && errno != EAGAIN && errno != EINTR {
                        closeWriter()  // the child closed its stdin (EPIPE)
                    }
                    continue
                }
                let count = read(entry.fd, buffer.baseAddress, buffer.count)
                if count > 0 {
                    let bytes = Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    if entry.fd == stdout {
                        if let onStdout { onStdout(bytes) } else { result.stdout += bytes }
                    } else {
                        result.stderr += bytes
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    // End of output (EIO on a terminal whose child side closed).
                    close(entry.fd)
                    readers.removeAll { $0 == entry.fd }
                }
            }
        }
        closeWriter()
    }

    /// A monotonic clock in nanoseconds.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The `VmHWM` of a running process in bytes (0 once it has exited).
    private static func highWaterMark(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return 0 }
        return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard LibC.pipe2(&fds, O_CLOEXEC) == 0 else {
            throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        // 1 MiB pipes (F_SETPIPE_SZ) when allowed: fewer round trips for the large feeds.
        _ = fcntl(fds[1], 1031, 1 << 20)
        return (fds[0], fds[1])
    }

    /// A pseudo-terminal: the test reads the controller side, the child writes the other.
    private static func makeTerminal(raw: Bool = false) throws -> (read: Int32, write: Int32) {
        let controller = LibC.posixOpenpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        guard controller >= 0, LibC.grantpt(controller) == 0, LibC.unlockpt(controller) == 0,
            LibC.ptsname(controller, &name, name.count) == 0
        else {
            throw SpawnError(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let device = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard device >= 0 else {
            throw SpawnError(description: "cannot open the terminal device: \(String(cString: strerror(errno)))")
        }
        if raw {
            var settings = termios()
            if tcgetattr(device, &settings) == 0 {
                cfmakeraw(&settings)
                _ = tcsetattr(device, TCSANOW, &settings)
            }
        }
        return (controller, device)
    }
}

/// C functions Glibc's module map leaves out (they need _GNU_SOURCE or _XOPEN_SOURCE), looked up
/// in the C library at run time: descriptors made with O_CLOEXEC atomically, so that a child
/// spawned by a test running in parallel never inherits another test's pipe.
private enum LibC {
    static func symbol<Function>(_ name: String, as type: Function.Type) -> Function {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("\(name) is not in the C library") }
        return unsafeBitCast(address, to: type)
    }

    static let pipe2 = symbol("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
    static let posixOpenpt = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = symbol(
        "ptsname_r", as: (@convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32).self)
}
