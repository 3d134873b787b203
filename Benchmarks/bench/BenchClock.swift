#if canImport(Glibc)
    import Glibc
#endif

/// Which clock turns a run into MB/s.
enum BenchClock: String, Codable {
    /// CPU time of the measuring thread: what the work itself cost, steady on a shared machine
    /// because time spent waiting for a core is not counted. The default.
    case cpu
    /// Elapsed (monotonic) time: what a user waits, including time other processes took.
    case wall
}

/// A reading of both clocks, in seconds.
struct ClockReading {
    var wall: Double
    var cpu: Double

    /// Both clocks now.
    static func now() -> ClockReading {
        ClockReading(wall: read(CLOCK_MONOTONIC), cpu: read(CLOCK_THREAD_CPUTIME_ID))
    }

    static let zero = ClockReading(wall: 0, cpu: 0)

    /// The time on `clock`.
    subscript(clock: BenchClock) -> Double {
        clock == .cpu ? cpu : wall
    }

    static func - (lhs: ClockReading, rhs: ClockReading) -> ClockReading {
        ClockReading(wall: lhs.wall - rhs.wall, cpu: lhs.cpu - rhs.cpu)
    }

    static func += (lhs: inout ClockReading, rhs: ClockReading) {
        lhs = ClockReading(wall: lhs.wall + rhs.wall, cpu: lhs.cpu + rhs.cpu)
    }

    private static func read(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
