import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on stderr: bytes read (of the total when known), MB/s and the time
/// left, redrawn at most ten times a second and erased when reading ends.
///
/// Like curl's, the bar shows by default only when stdout is not a terminal, so that it never
/// lands in the data on a screen. Forced there (`--progress`), it is erased before each value is
/// written (``whileErased(_:)``, under the lock its redraws take, so a redraw from the reading
/// thread cannot slip between the erasing and the value) and when the process is interrupted.
///
/// ```swift
/// let bar = ProgressBar.started(total: 120_000_000)
/// bar.update(bytesRead: 40_000_000)  // "[======>      ]  33%  40.0/120.0 MB  180.2 MB/s  0:00 left"
/// bar.finish()                       // the line is erased
/// ```
final class ProgressBar: Sendable {
    /// Inputs above this size (16 MB) get a bar by default when stderr is a terminal.
    static let automaticThreshold = 16_000_000

    /// The shortest time between two redraws: ten per second at most.
    static let redrawInterval: UInt64 = 100_000_000

    /// Carriage return, then clear to the end of the line.
    static let erase = "\r\u{1B}[K"

    private struct State {
        var lastDraw: UInt64?
        var drawn = false
    }

    let total: Int?
    private let start: UInt64
    private let state = Mutex(State())
    private let draw: @Sendable (String) -> Void

    /// The bar on stderr while an input is read, if any: values written to a terminal stdout
    /// erase it first.
    private static let current = Mutex<ProgressBar?>(nil)

    /// Creates a bar for an input of `total` bytes (nil when unknown), drawing with `draw`.
    init(total: Int?, draw: @escaping @Sendable (String) -> Void = { StandardError.write($0) }) {
        self.total = total
        self.start = Self.now()
        self.draw = draw
    }

    /// A bar on stderr for an input of `total` bytes, erased before each value written to a
    /// terminal stdout and when the process is interrupted, until ``finish()``.
    static func started(total: Int?) -> ProgressBar {
        let bar = ProgressBar(total: total)
        current.withLock { $0 = bar }
        InterruptEraser.install()
        return bar
    }

    /// Whether an input gets a bar: `requested` is `--progress` (true), `--no-progress` (false)
    /// or neither (nil: only when stderr is a terminal, stdout is not, and the input's size is
    /// known and over 16 MB, `total` being that size: a regular file, or a download with a
    /// Content-Length).
    static func isWanted(
        requested: Bool?, total: Int?, stderrIsTerminal: Bool = StandardError.isTerminal,
        stdoutIsTerminal: Bool = StandardOutput.isTerminal
    ) -> Bool {
        if let requested { return requested }
        guard stderrIsTerminal, !stdoutIsTerminal, let total else { return false }
        return total > automaticThreshold
    }

    /// Runs `body` (a write to a terminal stdout) with the current bar, if any, erased, and no
    /// redraw until `body` returns.
    static func whileErased(_ body: () throws -> Void) throws {
        guard let bar = current.withLock({ $0 }) else { return try body() }
        try bar.state.withLock { (state: inout State) throws -> Void in
            if state.drawn {
                bar.draw(erase)
                state.drawn = false
            }
            try body()
        }
    }

    /// Redraws the line for `bytesRead` unless the last redraw is less than 0.1 s old.
    func update(bytesRead: Int) {
        let now = Self.now()
        state.withLock { state in
            if let last = state.lastDraw, now &- last < Self.redrawInterval { return }
            state.lastDraw = now
            state.drawn = true
            // Drawn under the lock: a value written meanwhile waits (see whileErased).
            draw("\r" + line(bytesRead: bytesRead, elapsed: Double(now &- start) / 1e9) + "\u{1B}[K")
        }
    }

    /// Erases the line, if one was drawn, and stops being the current bar.
    func finish() {
        Self.current.withLock { current in
            if current === self { current = nil }
        }
        state.withLock { state in
            if state.drawn { draw(Self.erase) }
            state.drawn = false
        }
    }

    /// The text of the bar: `[=====>     ]  45%  54.0/120.0 MB  180.2 MB/s  0:00 left`, or
    /// `54.0 MB  180.2 MB/s` without a total.
    func line(bytesRead: Int, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(bytesRead) / elapsed : 0
        let speed = Self.megabytes(rate) + " MB/s"
        guard let total, total > 0 else {
            return Self.megabytes(Double(bytesRead)) + " MB  " + speed
        }
        let fraction = min(max(Double(bytesRead) / Double(total), 0), 1)
        let width = 24
        let filled = Int(fraction * Double(width))
        var bar = String(repeating: "=", count: filled)
        if filled < width { bar += ">" + String(repeating: " ", count: width - filled - 1) }
        let percent = String(Int(fraction * 100))
        let left = rate > 0 ? Self.duration(Double(max(total - bytesRead, 0)) / rate) : "-:--"
        return "[\(bar)] " + String(repeating: " ", count: 3 - percent.count) + percent + "%  "
            + Self.megabytes(Double(bytesRead)) + "/" + Self.megabytes(Double(total)) + " MB  "
            + speed + "  " + left + " left"
    }

    /// `bytes` in MB (10^6 bytes) with one decimal.
    static func megabytes(_ bytes: Double) -> String {
        let tenths = Int((bytes / 100_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `seconds` as `M:SS`, or `H:MM:SS` from an hour on.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Erases the progress line when the process is interrupted (SIGINT, SIGTERM, SIGHUP), then
/// lets the signal end the process as it would have.
///
/// Only async-signal-safe calls are made in the handler: `write(2)` of a constant, `signal`,
/// `sigprocmask` and `raise`. Erasing a line with no bar on it is harmless.
///
/// ```swift
/// InterruptEraser.install()
/// ```
enum InterruptEraser {
    private static let installed = Mutex(false)

    /// Installs the handler, once per process, for the signals whose disposition is the default.
    static func install() {
        let first = installed.withLock { installed -> Bool in
            defer { installed = true }
            return !installed
        }
        guard first else { return }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            let previous = signal(signalNumber, handle)
            // A signal the parent ignores (nohup, a background job) stays ignored.
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(signalNumber, SIG_IGN)
            }
        }
    }

    private static let handle: @convention(c) (Int32) -> Void = { signalNumber in
        let erase: StaticString = "\r\u{1B}[K"
        _ = writeBytes(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
        _ = signal(signalNumber, SIG_DFL)
        // The signal is blocked while its handler runs; unblock it so that it ends the process
        // now, not when the handler returns and other threads have written more.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signalNumber)
        _ = sigprocmask(SIG_UNBLOCK, &set, nil)
        _ = raise(signalNumber)
    }
}
