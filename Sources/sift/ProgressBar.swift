import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-line progress bar on stderr: bytes read (of the total when known), MB/s and the time
/// left, redrawn at most ten times a second and erased when reading ends.
///
/// ```swift
/// let bar = ProgressBar(total: 120_000_000)
/// bar.update(bytesRead: 40_000_000)  // "[======>      ]  33%  40.0/120.0 MB  180.2 MB/s  0:00 left"
/// bar.finish()                       // the line is erased
/// ```
final class ProgressBar: Sendable {
    /// Inputs above this size (16 MB) get a bar by default when stderr is a terminal.
    static let automaticThreshold = 16_000_000

    /// The shortest time between two redraws: ten per second at most.
    static let redrawInterval: UInt64 = 100_000_000

    private struct State {
        var lastDraw: UInt64?
        var drawn = false
    }

    let total: Int?
    private let start: UInt64
    private let state = Mutex(State())
    private let draw: @Sendable (String) -> Void

    /// Creates a bar for an input of `total` bytes (nil when unknown), drawing with `draw`.
    init(total: Int?, draw: @escaping @Sendable (String) -> Void = { StandardError.write($0) }) {
        self.total = total
        self.start = Self.now()
        self.draw = draw
    }

    /// Whether an input gets a bar: `requested` is `--progress` (true), `--no-progress` (false)
    /// or neither (nil: only when stderr is a terminal and the input's size is known and over
    /// 16 MB, `total` being that size: a regular file, or a download with a Content-Length).
    static func isWanted(requested: Bool?, total: Int?, stderrIsTerminal: Bool = StandardError.isTerminal) -> Bool {
        if let requested { return requested }
        guard stderrIsTerminal, let total else { return false }
        return total > automaticThreshold
    }

    /// Redraws the line for `bytesRead` unless the last redraw is less than 0.1 s old.
    func update(bytesRead: Int) {
        let now = Self.now()
        let shouldDraw = state.withLock { state -> Bool in
            if let last = state.lastDraw, now &- last < Self.redrawInterval { return false }
            state.lastDraw = now
            state.drawn = true
            return true
        }
        guard shouldDraw else { return }
        draw("\r" + line(bytesRead: bytesRead, elapsed: Double(now &- start) / 1e9) + "\u{1B}[K")
    }

    /// Erases the line, if one was drawn.
    func finish() {
        let drawn = state.withLock { state -> Bool in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { draw("\r\u{1B}[K") }
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
