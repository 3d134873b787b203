import Foundation
import Testing

@Suite("sift query: streaming order and deep values")
struct QueryOrderAndDepthTests {
    func query(_ arguments: [String], stdin bytes: [UInt8], binary: URL = SiftBinary.debug) throws
        -> SiftProcess.Result
    {
        try SiftProcess.run(["query"] + arguments, binary: binary, stdin: .bytes(bytes))
    }

    static func nestedArrays(_ depth: Int) -> [UInt8] {
        Array(repeating: UInt8(ascii: "["), count: depth) + Array(repeating: UInt8(ascii: "]"), count: depth)
    }

    static func nestedText(_ depth: Int) -> String { String(decoding: nestedArrays(depth), as: UTF8.self) }

    @Test("--stream-order writes each match when it is complete, nested matches first")
    func streamOrder() throws {
        let json = Array(#"{"a":[1,{"uri":"x","b":{"uri":"y"}}],"uri":"z"}"#.utf8)
        let streamed = try query(["--stream-order", "$..*"], stdin: json)
        #expect(streamed.status == 0)
        #expect(
            streamed.stdoutLines == [
                "1", #""x""#, #""y""#, #"{"uri":"y"}"#, #"{"uri":"x","b":{"uri":"y"}}"#,
                #"[1,{"uri":"x","b":{"uri":"y"}}]"#, #""z""#,
            ])
        let rfc = try query(["$..*"], stdin: json)
        #expect(rfc.stdoutLines.sorted() == streamed.stdoutLines.sorted())
        #expect(rfc.stdoutLines.first == #"[1,{"uri":"x","b":{"uri":"y"}}]"#)
        #expect(try query(["--stream-order", "$..uri"], stdin: json).stdoutLines == [#""x""#, #""y""#, #""z""#])
    }

    @Test("deep values within the writer's depth are written whole, in either order")
    func deepValuesWithinTheWriterDepth() throws {
        let bytes = Self.nestedArrays(120)
        let whole = try query(["--max-depth", "1000", "$"], stdin: bytes)
        #expect(whole.status == 0)
        #expect(whole.stdoutLines == [Self.nestedText(120)])
        let streamed = try query(["--max-depth", "1000", "--stream-order", "$..*"], stdin: bytes)
        #expect(streamed.status == 0)
        #expect(streamed.stdoutLines == (1..<120).map(Self.nestedText))
    }

    @Test(
        "a million nested arrays end in a result or a clean error, never a signal",
        arguments: [["$"], ["$..*"], ["--stream-order", "$..*"], ["$..[0]"]])
    func aMillionLevels(arguments: [String]) throws {
        let result = try query(["--max-depth", "2000000"] + arguments, stdin: Self.nestedArrays(1_000_000))
        #expect(result.status == 0 || result.status == 1, "status \(result.status): \(result.stderrText.prefix(300))")
        if result.status == 1 {
            #expect(result.stderrText.hasPrefix("<stdin>:1:"))
            #expect(result.stderrText.contains("error: "))
        }
    }

    @Test("sixty thousand nested arrays under '$' are refused with the JSONValue bound (2048)")
    func sixtyThousandLevels() throws {
        let result = try query(["--max-depth", "100000", "$"], stdin: Self.nestedArrays(60_000))
        #expect(result.status == 1)
        #expect(result.stderrText.contains("the value nests deeper than 2048 levels, the most a JSONValue holds"))
        #expect(result.stdout.isEmpty)
    }

    /// A `{"items":[...]}` document of about `size` bytes with two `uri` members per element,
    /// produced piece by piece and never stored.
    struct URIFeed {
        static let elementsPerBlock = 512
        let blocks: Int
        private var produced = 0
        private let block: [UInt8]

        init(size: Int) {
            var text = ""
            for index in 0..<Self.elementsPerBlock {
                text += #",{"id":\#(index),"uri":"https://example.com/items/\#(index)","#
                text += #""images":{"main":{"uri":"https://img.example.com/\#(index).png"}},"#
                text += #""text":"\#(String(repeating: "lorem ipsum ", count: 10))"}"#
            }
            block = Array(text.utf8)
            blocks = max(size / block.count, 1)
        }

        var matchCount: Int { blocks * Self.elementsPerBlock * 2 }

        mutating func next() -> [UInt8]? {
            defer { produced += 1 }
            switch produced {
            case 0: return Array(#"{"items":[{"id":-1}"#.utf8)
            case 1...blocks: return block
            case blocks + 1: return Array("]}".utf8)
            default: return nil
            }
        }
    }

    @Test(
        "--stream-order '$..uri' over 128 MB keeps the child's peak RSS under 32 MB",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func streamOrderMemory() throws {
        // In RFC 9535 order the same run holds every match until the root closes (about
        // 150 MB at this size).
        let binary = try #require(SiftBinary.release)
        var feed = URIFeed(size: 128 << 20)
        var lines = 0
        let result = try SiftProcess.run(
            ["query", "--stream-order", "$..uri"], binary: binary, stdin: .generator { feed.next() },
            samplesMemory: true
        ) { bytes in
            lines += bytes.count { $0 == UInt8(ascii: "\n") }
        }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(lines == feed.matchCount)
        #expect(result.peakMemory < 32 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }
}
