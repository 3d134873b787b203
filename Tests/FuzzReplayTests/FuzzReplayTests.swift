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
