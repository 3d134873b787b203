/// The measurements of one contender in one scenario.
///
/// Every number here was measured in this run; whatever was not measured stays nil.
struct ContenderResult: Encodable {
    /// Throughput over the measured rounds on one clock, in MB/s (10^6 bytes per second).
    struct Throughput: Encodable {
        var samplesMBps: [Double] = []
        var medianMBps: Double?
        var minimumMBps: Double?
        var maximumMBps: Double?

        mutating func summarize() {
            let sorted = samplesMBps.sorted()
            guard !sorted.isEmpty else { return }
            let middle = sorted.count / 2
            medianMBps = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            minimumMBps = sorted.first
            maximumMBps = sorted.last
        }
    }

    var name: String
    var role: ContenderRole
    /// Throughput by the measuring thread's CPU time.
    var cpu = Throughput()
    /// Throughput by elapsed time.
    var wall = Throughput()
    /// The report's clock's median over the yajl floor's median.
    var ratioToFloor: Double?
    /// The report's clock's median over the Foundation reference's (JSONSerialization's) median.
    var ratioToFoundation: Double?
    /// The report's clock's median over simdjson On-Demand's median, where the scenario has it.
    var ratioToSimdjson: Double?
    /// High-water mark of a child process that ran this contender once.
    var peakRSSBytes: Int?
    /// The checksum of the measured runs (identical in every round).
    var checksum: UInt64?
    /// The untimed verification checksum, shared with contenders of the same kind.
    var verification: UInt64?
    /// Why the contender has no numbers, if it failed.
    var error: String?
}

/// The measurements of one scenario.
struct ScenarioResult: Encodable {
    var name: String
    var summary: String
    var dataset: String
    var access: String
    /// Bytes processed by one run.
    var inputBytes: Int
    /// Measured rounds (each contender ran once per round).
    var rounds = 0
    /// The clock of this scenario's ratios when it is not the run's (see ``Scenario/clock``).
    var clock: BenchClock?
    var contenders: [ContenderResult]
    /// Checksum disagreements and other faults; any makes `bench` exit 1.
    var problems: [String] = []

    init(scenario: Scenario, inputBytes: Int) {
        name = scenario.name
        summary = scenario.summary
        dataset = scenario.dataset.origin
        switch scenario.access {
        case .inMemory: access = "in memory"
        case .streamed(let chunkSize): access = "streamed in \(chunkSize)-byte chunks"
        case .file: access = "a file, read by child processes"
        }
        clock = scenario.clock
        self.inputBytes = inputBytes
        contenders = scenario.contenders.map { ContenderResult(name: $0.name, role: $0.role) }
    }

    /// Whether anything went wrong.
    var isClean: Bool {
        problems.isEmpty && contenders.allSatisfy { $0.error == nil }
    }

    /// Adds one measured run.
    mutating func record(index: Int, time: ClockReading, run: RunResult) {
        if inputBytes == 0 { inputBytes = run.bytes }
        if run.bytes != inputBytes {
            note("\(contenders[index].name) processed \(run.bytes) bytes, not \(inputBytes)")
        }
        if let previous = contenders[index].checksum, previous != run.checksum {
            note("\(contenders[index].name) gave a different checksum in a later round")
        }
        contenders[index].checksum = run.checksum
        if let peak = run.process?.peakRSSBytes {
            contenders[index].peakRSSBytes = max(contenders[index].peakRSSBytes ?? 0, peak)
        }
        contenders[index].cpu.samplesMBps.append(Double(run.bytes) / time.cpu / 1e6)
        contenders[index].wall.samplesMBps.append(Double(run.bytes) / time.wall / 1e6)
    }

    /// Records a problem once.
    mutating func note(_ problem: String) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// Computes medians, ranges, and the ratios on the scenario's own clock, else on `clock`.
    mutating func finish(clock runClock: BenchClock) {
        let clock = self.clock ?? runClock
        for index in contenders.indices {
            contenders[index].cpu.summarize()
            contenders[index].wall.summarize()
        }
        let floor = contenders.first { $0.role == .floor }?.throughput(on: clock).medianMBps
        let foundation = contenders.first { $0.role == .foundation }?.throughput(on: clock).medianMBps
        let simdjson = contenders.first { $0.role == .anchor }?.throughput(on: clock).medianMBps
        for index in contenders.indices {
            guard let median = contenders[index].throughput(on: clock).medianMBps else { continue }
            contenders[index].ratioToFloor = floor.map { median / $0 }
            contenders[index].ratioToFoundation = foundation.map { median / $0 }
            contenders[index].ratioToSimdjson = simdjson.map { median / $0 }
        }
    }
}

extension ContenderResult {
    /// The throughput on `clock`.
    func throughput(on clock: BenchClock) -> Throughput {
        clock == .cpu ? cpu : wall
    }
}
