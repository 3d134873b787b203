import Foundation
import Sift
import SiftHub
import Testing

/// A Hub feed generated on the fly, chunk by chunk: a view model whose body holds `count`
/// components.
///
/// The whole feed never exists in memory.
struct GeneratedFeed: AsyncSequence, Sendable {
    typealias Element = [UInt8]

    let count: Int
    let chunkSize = 64 * 1024

    /// The JSON text of component `index`: small, so that the debug build streams 200 000 of
    /// them quickly, with a string, a nested string and a captured dictionary; every 1000th
    /// one also has a child and a target.
    static func component(_ index: Int) -> String {
        let extra =
            index % 1000 == 0
            ? #","target":{"uri":"https://example.com/\#(index)"},"children":[{"id":"c\#(index)-0"}]"# : ""
        return #"{"id":"c\#(index)","text":{"title":"Title \#(index)"},"metadata":{"n":\#(index)}\#(extra)}"#
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let count: Int
        let chunkSize: Int
        var next = 0
        var finished = false

        mutating func next() async -> [UInt8]? {
            guard !finished else { return nil }
            var chunk: [UInt8] = []
            chunk.reserveCapacity(chunkSize + 512)
            if next == 0 { chunk += Array(#"{"title":"Generated","body":["#.utf8) }
            while chunk.count < chunkSize && next < count {
                if next > 0 { chunk.append(UInt8(ascii: ",")) }
                chunk += Array(GeneratedFeed.component(next).utf8)
                next += 1
            }
            if next == count {
                chunk += Array("]}".utf8)
                finished = true
            }
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(count: count, chunkSize: chunkSize)
    }
}

/// The peak resident set size of this process, from /proc/self/status (VmHWM), in bytes.
func peakResidentBytes() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        return digits.map { $0 * 1024 }
    }
    return nil
}

@Suite("Streaming memory")
struct MemoryTests {
    static let childVariable = "SIFTHUB_MEMORY_CHILD"
    static let componentCount = Int(ProcessInfo.processInfo.environment["SIFTHUB_MEMORY_COUNT"] ?? "") ?? 200_000
    static let limit = 64 * 1024 * 1024

    /// Runs in a child process of its own (see ``streamingAFeedStaysUnder64MB()``), so that no other
    /// test's memory is counted: streams the generated feed and prints the process's peak RSS.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[childVariable] != nil))
    func streamGeneratedFeedInChild() async throws {
        var count = 0
        var childCount = 0
        var mismatches: [String] = []
        for try await component in HubSchema.default.components(in: GeneratedFeed(count: Self.componentCount)) {
            let hasExtra = count % 1000 == 0
            if component.identifier != "c\(count)" || component.title != "Title \(count)"
                || component.metadata?["n"] != .number(JSONNumber(count))
                || (component.target?.uri != nil) != hasExtra
            {
                mismatches.append(component.identifier)
            }
            childCount += component.children.count
            count += 1
        }
        #expect(mismatches.isEmpty)
        #expect(count == Self.componentCount)
        #expect(childCount == (Self.componentCount + 999) / 1000)
        print("SIFTHUB_PEAK_RSS=\(peakResidentBytes() ?? -1)")
    }

    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func streamingAFeedStaysUnder64MB() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "streamGeneratedFeedInChild"]
        process.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the child run failed:\n\(text)")
        let peak = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("SIFTHUB_PEAK_RSS=") }
                .flatMap { Int($0.dropFirst("SIFTHUB_PEAK_RSS=".count)) },
            "no measurement in the child's output:\n\(text)")
        #expect(peak > 0)
        #expect(
            peak < Self.limit, "peak RSS \(peak / 1024 / 1024) MB while streaming \(Self.componentCount) components")
    }
}
