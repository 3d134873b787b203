import Foundation
import Testing

@testable import Sift

#if canImport(Glibc)
    import Glibc
#endif

/// Streams a generated document far larger than the memory bound through one path, in a child
/// process so that nothing else the test runner does is counted.
@Suite struct PathMemoryTests {
    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func quarterGigabyteThroughOnePathStaysUnder64MB() async {
        await #expect(processExitsWith: .success) {
            var matches = 0
            var query = JSONQuery()
            query.add(try! JSONPath("$.body[*].text.title").string) { match in
                if !match.value.isEmpty { matches += 1 }
            }
            let tokenizer = JSONTokenizer(handler: query.makeMatcher())
            var generator = GeneratedFeed(
                totalBytes: (Int(ProcessInfo.processInfo.environment["SIFT_MEMORY_TEST_MB"] ?? "") ?? 256) << 20)
            while let chunk = generator.next() {
                try! tokenizer.feed(chunk)
            }
            try! tokenizer.finish()
            let peak = PeakMemory.residentBytes()
            FileHandle.standardError.write(
                "generated \(generator.produced >> 20) MB, \(matches) matches, peak RSS \(peak >> 20) MB\n".data(
                    using: .utf8)!)
            exit(matches == generator.components && peak < 64 << 20 ? 0 : 1)
        }
    }
}

/// A Hub-shaped feed produced chunk by chunk; never held whole.
struct GeneratedFeed {
    let totalBytes: Int
    private(set) var produced = 0
    private(set) var components = 0
    private var finished = false
    private var buffer: [UInt8] = []

    init(totalBytes: Int) {
        self.totalBytes = totalBytes
    }

    mutating func next() -> [UInt8]? {
        if finished { return nil }
        buffer.removeAll(keepingCapacity: true)
        if produced == 0 { buffer.append(contentsOf: #"{"title":"Generated","body":["#.utf8) }
        while buffer.count < 65_536 {
            if produced + buffer.count >= totalBytes {
                buffer.append(contentsOf: #"],"footer":{"text":"end"}}"#.utf8)
                finished = true
                break
            }
            let index = components
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(
                contentsOf: """
                    {"id":"row-\(index)","component":{"id":"glue:row","category":"row"},\
                    "text":{"title":"Title \(index) \\"quoted\\" caf\\u00e9","subtitle":"Sub é \(index % 97)"},\
                    "images":{"main":{"uri":"https://images.example.com/\(index).jpg"}},\
                    "metadata":{"rank":\(index),"score":\(Double(index) / 7),"new":\(index % 2 == 0)}}
                    """.utf8)
            components += 1
        }
        produced += buffer.count
        return buffer
    }
}

/// The process's peak resident set size (VmHWM).
enum PeakMemory {
    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return digits * 1024
        }
        return 0
    }
}
