import Foundation
import Testing

@Suite("memory")
struct MemoryTests {
    /// A `{"body":[...]}` document of about `size` bytes, produced piece by piece and never
    /// stored: blocks of 256 elements of about 1 KB each.
    struct FeedGenerator {
        static let elementsPerBlock = 256
        private var feed: RepeatedBlockFeed
        var blocks: Int { feed.blocks }

        init(size: Int) {
            var text = ""
            for index in 0..<Self.elementsPerBlock {
                if index > 0 { text += "," }
                text += #"{"id":\#(index),"component":{"id":"sift:row","category":"row"},"#
                text +=
                    #""text":{"title":"Row \#(index)","subtitle":"\#(String(repeating: "lorem ipsum ", count: 60))"},"#
                text += #""images":{"main":{"uri":"https://example.com/\#(index).png","placeholder":"row"}},"#
                text += #""metadata":{"scores":[1,2.5,-3e2,true,null],"deep":{"a":{"b":{"c":[[[]]]}}}}}"#
            }
            feed = RepeatedBlockFeed(size: size, opening: #"{"body":["#, block: text)
        }

        var elementCount: Int { blocks * Self.elementsPerBlock }

        mutating func next() -> [UInt8]? { feed.next() }
    }

    @Test(
        "query '$.body[*].id' over 1 GB on stdin keeps the child's peak RSS under 32 MB",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func oneGigabyteOnStdin() throws {
        let binary = try #require(SiftBinary.release)
        var generator = FeedGenerator(size: 1 << 30)
        var lineCount = 0
        var idSum = 0
        var current = 0
        let result = try SiftProcess.run(
            ["query", "$.body[*].id"], binary: binary, stdin: .generator { generator.next() }, samplesMemory: true
        ) { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    lineCount += 1
                    idSum += current
                    current = 0
                } else {
                    current = current * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
        }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.bytesFed >= 1 << 30 - (1 << 20))
        #expect(lineCount == generator.elementCount)
        let perBlock = FeedGenerator.elementsPerBlock * (FeedGenerator.elementsPerBlock - 1) / 2
        #expect(idSum == generator.blocks * perBlock)
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }

    @Test(
        "the debug build streams 16 MB on stdin in bounded memory too",
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func debugBuildStreams() throws {
        var generator = FeedGenerator(size: 16 << 20)
        var lineCount = 0
        let result = try SiftProcess.run(
            ["query", "$.body[*].text.title"], stdin: .generator { generator.next() }, samplesMemory: true
        ) { bytes in
            lineCount += bytes.count { $0 == UInt8(ascii: "\n") }
        }
        #expect(result.status == 0)
        #expect(lineCount == generator.elementCount)
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
