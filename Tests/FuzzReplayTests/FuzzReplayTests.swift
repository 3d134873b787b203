import Foundation
import SiftFuzzChecks
import Testing

/// The fuzz targets' checks, without instrumentation, over every seed (Fuzz/Corpus/<target>,
/// and JSONTestSuite's files for the targets that read documents) and every saved reproducer
/// (Fuzz/Reproducers/<target>): the harnesses cannot rot, and a fixed finding stays fixed.
@Suite struct FuzzReplayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The files of a folder of the package, sorted (none if it does not exist).
    static func files(in folder: String) -> [URL] {
        let directory = packageRoot.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map {
            directory.appendingPathComponent($0)
        }
    }

    static func inputs(of target: FuzzTarget) -> [URL] {
        var result = files(in: target.corpusFolder) + files(in: target.reproducerFolder)
        if target.readsDocuments {
            result += files(in: "Tests/SiftTests/Fixtures/JSONTestSuite").filter { $0.pathExtension == "json" }
        }
        return result
    }

    @Test func everyTargetHasSeeds() {
        for target in FuzzTarget.allCases {
            #expect(!Self.files(in: target.corpusFolder).isEmpty, "\(target.corpusFolder) is empty")
        }
    }

    /// A change to the tokenizer, the scanner, the matcher or the array split lands only fuzzed:
    /// `make fuzz` (at least 300 s a target, no finding) records the sources it covered in
    /// `Fuzz/LastRun`, and this fails until it has run over the sources as they are.
    @Test func lastFuzzRunCoversTheseSources() throws {
        let stamp = try String(contentsOf: Self.packageRoot.appendingPathComponent("Fuzz/LastRun"), encoding: .utf8)
        let fields = Dictionary(
            stamp.split(separator: "\n").map { line in
                let parts = line.split(separator: " ", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            },
            uniquingKeysWith: { first, _ in first })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.packageRoot.appendingPathComponent("Fuzz/fuzzed-sources.sh").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let hash = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && hash.count == 64, "Fuzz/fuzzed-sources.sh failed")
        #expect(
            fields["sources"] == hash,
            """
            The tokenizer (Sources/Sift/Parsing), CYajl, the matcher (Sources/Sift/Paths) or the array split \
            (Sources/Sift/Parallel/Array*) changed since the last `make fuzz` that found nothing (Fuzz/LastRun, \
            \(fields["date"] ?? "never")): run `make fuzz` (FUZZ_SECONDS of 300 or more) and commit Fuzz/LastRun \
            with the change.
            """)
        let seconds = fields["seconds"]?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        #expect(seconds >= 300, "Fuzz/LastRun records \(seconds) s a target; a run counts from 300 s")
        for target in ["FuzzTokenizer", "FuzzSkipping", "FuzzPaths", "FuzzJSONPath", "FuzzModels", "FuzzSplitting"] {
            #expect(fields["\(target):"] != nil, "Fuzz/LastRun has no status line for \(target)")
        }
    }

    /// Each target's check over its inputs, on a thread of its own: the checks wait for
    /// asynchronous entry points, which must not block a thread of the cooperative pool.
    @Test(arguments: FuzzTarget.allCases)
    func replaysSeedsAndReproducers(target: FuzzTarget) async throws {
        let inputs = Self.inputs(of: target)
        let failures = await withCheckedContinuation { continuation in
            Thread {
                var failures: [String] = []
                for url in inputs {
                    guard let data = try? Data(contentsOf: url) else {
                        failures.append("\(url.path) cannot be read")
                        continue
                    }
                    do {
                        try target.check(Array(data))
                    } catch {
                        failures.append("\(url.lastPathComponent): \(error)")
                    }
                }
                continuation.resume(returning: failures)
            }.start()
        }
        #expect(failures.isEmpty, "\(failures.count) of \(inputs.count): \(failures.prefix(5).joined(separator: "\n"))")
    }
}
