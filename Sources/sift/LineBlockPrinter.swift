import Sift

/// The handler of one block of `--lines` on its thread: the query's handler (``MatchPrinter``) or
/// the records' (``RecordFollower``), writing into an output held in memory, of which only what
/// whole records wrote is handed out (``LineBlockOutput``), so that no value of an invalid record
/// is ever printed.
///
/// ```swift
/// let output = StandardOutput(format: format, inMemory: true)
/// let printer = MatchPrinter(output: output, includesPaths: false, includesLocations: false, stopsAtFirstMatch: false)
/// var query = JSONQuery(options: options)
/// query.add(path) { match in try printer.write(match) }
/// LineBlockPrinter(inner: JSONQueryHandler(query), output: output) { printer.matchCount }
/// ```
struct LineBlockPrinter<Inner: JSONEventHandler>: JSONLineHandler {
    var inner: Inner
    let output: StandardOutput
    /// The values written so far.
    let count: () -> Int
    private var committedBytes = 0
    private var committedCount = 0
    private var takenCount = 0
    /// The line set aside just before this handler's lines, handed out with its first output.
    private var setAside: JSONInvalidLine?

    init(inner: Inner, output: StandardOutput, count: @escaping () -> Int) {
        self.inner = inner
        self.output = output
        self.count = count
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try inner.handle(event, context: context)
    }

    mutating func commitValue() {
        committedBytes = output.heldCount
        committedCount = count()
    }

    mutating func takeCommitted() -> LineBlockOutput {
        let taken = LineBlockOutput(
            invalidLine: setAside, bytes: output.takeHeld(committedBytes), count: committedCount - takenCount)
        setAside = nil
        takenCount = committedCount
        committedBytes = 0
        return taken
    }

    mutating func setAside(_ line: JSONInvalidLine) {
        setAside = line
    }
}

/// What the records of a block of `--lines` wrote: the line set aside before them
/// (`--on-invalid skip`), the bytes for stdout, and how many values or records they hold.
struct LineBlockOutput: Sendable {
    let invalidLine: JSONInvalidLine?
    let bytes: [UInt8]
    let count: Int
}
