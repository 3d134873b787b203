import Foundation
import Sift
import SiftMapping
import Testing

/// A generated document `{"count": n, "people": [ {...}, ... ]}` produced chunk by chunk, never
/// whole.
struct GeneratedPeople: AsyncSequence, Sendable {
    typealias Element = [UInt8]
    let count: Int
    /// Element indices whose zip is missing (failures).
    let broken: Set<Int>

    static func element(_ index: Int, broken: Bool) -> String {
        let zip = broken ? "" : #", "zip": "Z\#(index)""#
        return
            #"{"street": "\#(index) Long Street Name", "city": "City \#(index % 97)"\#(zip), "extra": [\#(index), true, null]}"#
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let count: Int
        let broken: Set<Int>
        var index = -1

        mutating func next() async -> [UInt8]? {
            guard index <= count else { return nil }
            var text = ""
            if index == -1 {
                text = #"{"count": \#(count), "people": ["#
                index = 0
            }
            while text.utf8.count < 60_000 && index < count {
                if index > 0 { text += ",\n" }
                text += GeneratedPeople.element(index, broken: broken.contains(index))
                index += 1
            }
            if index == count {
                text += "]}"
                index += 1
            }
            return Array(text.utf8)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count, broken: broken) }
}

@Suite("Streaming")
struct StreamingTests {
    @Test("elements stream one by one through a callback")
    func callback() throws {
        let json = #"{"people": [{"street": "a", "city": "b", "zip": "1"}, {"street": "c", "city": "d", "zip": "2"}]}"#
        var seen: [String] = []
        try Mapper.forEachElement(of: Address.self, from: .string(json), atKeyPath: "people") { seen.append($0.zip) }
        #expect(seen == ["1", "2"])
        var numbers: [Int] = []
        try Mapper.forEachElement(from: .string(#"{"n": ["1", "2", "3"]}"#), atKeyPath: "n", with: StringToIntDecoder())
        {
            numbers.append($0)
        }
        #expect(numbers == [1, 2, 3])
    }

    @Test("valid elements are delivered, then the failures are thrown together")
    func failuresAfterElements() async throws {
        var zips: [String] = []
        do {
            for try await address in Mapper.elements(
                of: Address.self, from: GeneratedPeople(count: 50, broken: [3, 40]), atKeyPath: "people")
            {
                zips.append(address.zip)
            }
            Issue.record("two elements are broken")
        } catch let error as MappingError {
            #expect(error.failures.map(\.path.description) == ["$.people[3].zip", "$.people[40].zip"])
        }
        #expect(zips.count == 48)
        #expect(zips.first == "Z0" && zips.last == "Z49")
    }

    @Test("a consumer's error stops the stream unchanged")
    func consumerError() async throws {
        struct Enough: Error {}
        var count = 0
        await #expect(throws: Enough.self) {
            for try await _ in Mapper.elements(
                of: Address.self, from: GeneratedPeople(count: 10_000, broken: []), atKeyPath: "people")
            {
                count += 1
                if count == 5 { throw Enough() }
            }
        }
        #expect(count == 5)
    }

    @Test(
        "100 000 streamed elements keep memory bounded (measured in a child process)",
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func boundedMemory() throws {
        // The other suites run in parallel in this process, so the stream runs alone in a child
        // process (this test binary, running only the probe below), which reports its peak RSS.
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sift-mapping-memory-\(getpid()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["--testing-library", "swift-testing", "--filter", "SiftMappingTests.MemoryProbeSuite"]
        var environment = ProcessInfo.processInfo.environment
        environment[MemoryProbe.reportVariable] = report.path
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let text = try String(contentsOf: report, encoding: .utf8)
        let parts = text.split(separator: " ").compactMap { Int($0) }
        let (seen, peak) = (try #require(parts.first), try #require(parts.last))
        #expect(seen == MemoryProbe.elementCount)
        #expect(peak < 64 * 1024 * 1024, "peak RSS \(peak / 1024 / 1024) MB")
    }
}

/// Runs only in the child process of ``StreamingTests/boundedMemory()``.
@Suite("Memory probe", .enabled(if: ProcessInfo.processInfo.environment[MemoryProbe.reportVariable] != nil))
struct MemoryProbeSuite {
    @Test("stream 100 000 generated elements and report the peak RSS")
    func streamAndReport() async throws {
        let count = MemoryProbe.elementCount
        MemoryProbe.resetPeak()
        var seen = 0
        var lastZip = ""
        for try await address in Mapper.elements(
            of: Address.self, from: GeneratedPeople(count: count, broken: []), atKeyPath: "people")
        {
            seen += 1
            lastZip = address.zip
        }
        #expect(lastZip == "Z\(count - 1)")
        let peak = try #require(MemoryProbe.peakResidentBytes())
        let path = try #require(ProcessInfo.processInfo.environment[MemoryProbe.reportVariable])
        try "\(seen) \(peak)".write(toFile: path, atomically: true, encoding: .utf8)
    }
}

/// Peak resident memory of this process, from /proc.
enum MemoryProbe {
    static let reportVariable = "SIFT_MAPPING_MEMORY_REPORT"
    static let elementCount = 100_000

    /// Resets the kernel's high-water mark (VmHWM) to the current resident size.
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }
}
