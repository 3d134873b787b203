import Foundation
import Testing

@Suite("memory: filters")
struct FilterMemoryTests {
    /// A `{"body":[...]}` document of about `size` bytes, produced piece by piece and never
    /// stored, with the field names of the bench's Hub feed: each component's `id` first, its
    /// `metadata.flag` and `metadata.score` (in exponent form) after its text and images, so a
    /// filter on them decides after the selected `id` has gone by.
    struct FeedGenerator {
        static let elementsPerBlock = 256
        private var feed: RepeatedBlockFeed
        var blocks: Int { feed.blocks }

        /// Whether component `index` of a block passes `flag == true && score > 0.5`: the flag
        /// is true for even indices, the score `index % 10 * 1E-1` (0.0 to 0.9).
        static func passes(_ index: Int) -> Bool { index % 2 == 0 && index % 10 > 5 }

        init(size: Int) {
            var text = ""
            for index in 0..<Self.elementsPerBlock {
                if index > 0 { text += "," }
                text += #"{"id":"c-\#(index)","component":{"id":"sift:row","category":"row"},"#
                text +=
                    #""text":{"title":"Row \#(index)","subtitle":"\#(String(repeating: "lorem ipsum ", count: 50))"},"#
                text += #""images":{"main":{"uri":"https://example.com/\#(index).png","placeholder":"row"}},"#
                text += #""target":{"uri":"spotify:track:\#(index)","actions":["play","save"]},"#
                text += #""metadata":{"numbers":[1,-20,300],"flag":\#(index % 2 == 0),"#
                text += #""score":\#(index % 10)E-1,"position":\#(index)},"logging":{"ui:index":\#(index)}}"#
            }
            feed = RepeatedBlockFeed(size: size, opening: #"{"id":"feed","body":["#, block: text)
        }

        var matchCount: Int { blocks * (0..<Self.elementsPerBlock).count(where: Self.passes) }

        mutating func next() -> [UInt8]? { feed.next() }
    }

    static let query = "$.body[?@.metadata.flag == true && @.metadata.score > 0.5].id"

    /// Runs the filter query over a generated feed of `size` bytes on stdin; returns the run and
    /// the ids written, counted by the component number they carry.
    func run(size: Int, binary: URL) throws -> (SiftProcess.Result, FeedGenerator, [Int: Int]) {
        var generator = FeedGenerator(size: size)
        var counts: [Int: Int] = [:]
        var line: [UInt8] = []
        let result = try SiftProcess.run(
            ["query", Self.query], binary: binary, stdin: .generator { generator.next() }, samplesMemory: true
        ) { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    // "c-N"
                    let number = Int(String(decoding: line.dropFirst(3).dropLast(), as: UTF8.self)) ?? -1
                    counts[number, default: 0] += 1
                    line.removeAll(keepingCapacity: true)
                } else {
                    line.append(byte)
                }
            }
        }
        return (result, generator, counts)
    }

    @Test(
        "a filter whose operands follow the selected id, over 1 GB on stdin: peak RSS under 32 MB",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func oneGigabyteOnStdin() throws {
        let binary = try #require(SiftBinary.release)
        let (result, generator, counts) = try run(size: 1 << 30, binary: binary)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.bytesFed >= 1 << 30 - (1 << 20))
        #expect(generator.matchCount > 0)
        #expect(counts.values.reduce(0, +) == generator.matchCount)
        #expect(counts.keys.allSatisfy(FeedGenerator.passes))
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }

    @Test(
        "the debug build filters 8 MB on stdin in bounded memory, with the right matches",
        .disabled(
            if: ProcessInfo.processInfo.environment["SIFT_SANITIZER"] != nil,
            "a peak RSS bound: AddressSanitizer's shadow memory and quarantine (make sanitize) exceed it"))
    func debugBuildFilters() throws {
        let (result, generator, counts) = try run(size: 8 << 20, binary: SiftBinary.debug)
        #expect(result.status == 0)
        #expect(generator.matchCount > 0)
        #expect(counts.values.reduce(0, +) == generator.matchCount)
        #expect(counts.keys.sorted() == (0..<FeedGenerator.elementsPerBlock).filter(FeedGenerator.passes))
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
