import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs scenarios: verification, warm-up, interleaved measured rounds, then one memory child per
/// contender.
struct BenchRunner {
    /// How many rounds to measure and for how long.
    struct Policy: Encodable {
        var warmUpRuns: Int
        var minimumRounds: Int
        var maximumRounds: Int
        /// Rounds are added, up to the maximum, until the scenario has been measured this long.
        var budgetSeconds: Double

        init(options: BenchOptions) {
            if let rounds = options.rounds {
                self = Policy(warmUpRuns: 1, minimumRounds: rounds, maximumRounds: rounds, budgetSeconds: 0)
            } else if options.isQuick {
                self = Policy(warmUpRuns: 1, minimumRounds: 3, maximumRounds: 5, budgetSeconds: 0.3)
            } else {
                self = Policy(warmUpRuns: 1, minimumRounds: 3, maximumRounds: 21, budgetSeconds: 5)
            }
        }

        private init(warmUpRuns: Int, minimumRounds: Int, maximumRounds: Int, budgetSeconds: Double) {
            self.warmUpRuns = warmUpRuns
            self.minimumRounds = minimumRounds
            self.maximumRounds = maximumRounds
            self.budgetSeconds = budgetSeconds
        }
    }

    let options: BenchOptions
    let policy: Policy

    init(options: BenchOptions) {
        self.options = options
        policy = Policy(options: options)
    }

    /// Measures one scenario over `data` (the loaded dataset, or empty when streamed).
    func measure(_ scenario: Scenario, data: Data) -> ScenarioResult {
        let input = ScenarioInput(dataset: scenario.dataset, access: scenario.access, data: data)
        var result = ScenarioResult(scenario: scenario, inputBytes: data.count)
        var runs: [PreparedRun?] = []

        progress("\(scenario.name): setting up")
        for (index, contender) in scenario.contenders.enumerated() {
            do {
                runs.append(try contender.prepare(input))
            } catch {
                runs.append(nil)
                result.contenders[index].error = "setup failed: \(error)"
            }
        }

        progress("\(scenario.name): verifying")
        verify(scenario, runs: &runs, result: &result)

        progress("\(scenario.name): warming up")
        for _ in 0..<policy.warmUpRuns {
            for index in runs.indices { _ = timedRun(index, runs: &runs, result: &result) }
        }

        let start = ClockReading.now()
        var round = 0
        while true {
            progress("\(scenario.name): round \(round + 1)")
            for offset in runs.indices {
                // Round-robin: each round starts with the next contender, so slow drifts of the
                // machine hit all of them alike.
                let index = (round + offset) % runs.count
                guard let (time, run) = timedRun(index, runs: &runs, result: &result) else { continue }
                result.record(index: index, time: time, run: run)
            }
            round += 1
            let elapsed = (ClockReading.now() - start).wall
            if round >= policy.maximumRounds || (round >= policy.minimumRounds && elapsed >= policy.budgetSeconds) {
                break
            }
        }
        result.rounds = round

        if options.measuresMemory {
            // A contender that ran as a child process has its peak already.
            for (index, contender) in scenario.contenders.enumerated()
            where runs[index] != nil && result.contenders[index].peakRSSBytes == nil {
                progress("\(scenario.name): peak memory of \(contender.name)")
                do {
                    result.contenders[index].peakRSSBytes = try MemoryProbe.measure(
                        scenario: scenario.name, contender: contender.name, options: options)
                } catch {
                    result.problems.append("\(contender.name): \(error)")
                }
            }
        }
        result.finish(clock: options.clock)
        scenario.cleanUp?()
        progress(nil)
        return result
    }

    /// Compares the untimed checksums of contenders that compute the same thing.
    private func verify(_ scenario: Scenario, runs: inout [PreparedRun?], result: inout ScenarioResult) {
        var byKind: [String: [(name: String, checksum: UInt64)]] = [:]
        for (index, contender) in scenario.contenders.enumerated() {
            guard let kind = contender.checksumKind, let verify = runs[index]?.verify else { continue }
            do {
                let checksum = try verify()
                result.contenders[index].verification = checksum
                byKind[kind, default: []].append((contender.name, checksum))
            } catch {
                runs[index] = nil
                result.contenders[index].error = "\(error)"
            }
        }
        for (kind, checksums) in byKind.sorted(by: { $0.key < $1.key })
        where Set(checksums.map(\.checksum)).count > 1 {
            let listed = checksums.map { "\($0.name) \(String($0.checksum, radix: 16))" }.joined(separator: ", ")
            result.problems.append("\(kind) checksums differ: \(listed)")
        }
    }

    /// Runs one contender once; a failure removes it from the scenario.
    private func timedRun(_ index: Int, runs: inout [PreparedRun?], result: inout ScenarioResult) -> (
        ClockReading, RunResult
    )? {
        guard let run = runs[index] else { return nil }
        var stopwatch = Stopwatch()
        let start = ClockReading.now()
        do {
            let outcome = try run.run(&stopwatch)
            var time = ClockReading.now() - start - stopwatch.excluded
            if let process = outcome.process { time = ClockReading(wall: process.seconds, cpu: process.cpuSeconds) }
            return (ClockReading(wall: max(time.wall, 1e-9), cpu: max(time.cpu, 1e-9)), outcome)
        } catch {
            runs[index] = nil
            result.contenders[index].error = "\(error)"
            return nil
        }
    }

    /// Runs inside a memory child: one scenario, one contender, once; prints the peak RSS.
    static func runChild(_ task: BenchOptions.ChildTask, options: BenchOptions) throws {
        if task.scenario != MemoryProbe.idleScenario {
            let scenarios = try ScenarioRegistry.scenarios(for: options)
            guard let scenario = scenarios.first(where: { $0.name == task.scenario }) else {
                throw BenchError("no scenario named '\(task.scenario)'")
            }
            guard let contender = scenario.contenders.first(where: { $0.name == task.contender }) else {
                throw BenchError("scenario '\(task.scenario)' has no contender '\(task.contender)'")
            }
            let data = scenario.access == .inMemory ? try scenario.dataset.load() : Data()
            let run = try contender.prepare(
                ScenarioInput(dataset: scenario.dataset, access: scenario.access, data: data))
            var stopwatch = Stopwatch()
            let outcome = try run.run(&stopwatch)
            withExtendedLifetime(outcome) {}
        }
        guard let peak = MemoryProbe.ownPeakRSS() else { throw BenchError("cannot read /proc/self/status") }
        print(MemoryProbe.reportPrefix + String(peak))
    }

    /// Shows what is being measured on stderr, only when it is a terminal.
    private func progress(_ message: String?) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        let line = message.map { "  \($0)…" } ?? ""
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }
}

extension MemoryProbe {
    /// The scenario name of a child that does nothing: the baseline of every peak.
    static let idleScenario = "idle"
}
