import CYajl
import Testing

@testable import Sift

/// ``ArrayStructureScanner`` finds exactly the commas between an array's elements and its
/// closing bracket, wherever the 64-byte blocks fall: never a bracket, comma or quote inside a
/// string, whatever escapes precede it.
@Suite("ArrayStructureScanner")
struct ArrayStructureScannerTests {
    /// The commas at the array's level and its `]`, found byte by byte, for the bytes after `[`.
    static func expected(_ bytes: [UInt8]) -> [ArrayStructureScanner.Event] {
        var events: [ArrayStructureScanner.Event] = []
        var depth = 0
        var inString = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return events + [.end(at: index)] }
                depth -= 1
            case UInt8(ascii: ","): if depth == 0 { events.append(.comma(at: index)) }
            default: break
            }
        }
        return events
    }

    /// What the scanner finds in `bytes`, given in pieces of `piece` bytes, classifying at
    /// `level` (the best the processor runs when nil).
    static func found(_ bytes: [UInt8], piece: Int, level: Int32? = nil) -> [ArrayStructureScanner.Event] {
        var scanner = SkipScanLevel.$forced.withValue(level) { ArrayStructureScanner() }
        var events: [ArrayStructureScanner.Event] = []
        var available = min(piece, bytes.count)
        while true {
            let isLast = available == bytes.count
            let event = bytes[..<available].withUnsafeBufferPointer { scanner.next(in: $0, isLast: isLast) }
            switch event {
            case .needsMore:
                if isLast { return events }
                available = min(available + piece, bytes.count)
            case .end:
                return events + [event]
            case .comma:
                events.append(event)
            }
        }
    }

    static let elements = [
        #"{"a":"],[{\"}","b":[1,{"c":"\\"}]}"#, #""\\\\\"]""#, #"[[],{}]"#, "12", #""\u005d,""#,
        #"{"k\"ey,":"v]"}"#, "null", #""long text, long enough to cross a 64-byte block: ]]]}}},,, \"\\ \" ""#,
        String(repeating: "\\", count: 0),
    ]

    @Test("every alignment and every piece size finds the byte-by-byte structure")
    func alignments() {
        let body = Self.elements.filter { !$0.isEmpty }.joined(separator: " ,\n") + "] , 5"
        for shift in 0..<64 {
            let bytes = Array((String(repeating: " ", count: shift) + body).utf8)
            let expected = Self.expected(bytes)
            #expect(expected.last == .end(at: bytes.count - 5))
            for piece in [1, 63, 64, 65, 200, bytes.count] {
                for level in SkipScanLevel.available {
                    #expect(
                        Self.found(bytes, piece: piece, level: level) == expected,
                        "shift \(shift), pieces of \(piece), level \(level)")
                }
            }
        }
    }

    @Test("a run of backslashes before a quote that crosses a block boundary")
    func backslashRuns() {
        for run in 0..<70 {
            for shift in 0..<3 {
                let text =
                    String(repeating: " ", count: shift) + "\"" + String(repeating: "\\", count: run)
                    + (run % 2 == 0 ? "" : "\\") + "\",\"]\"]"
                let bytes = Array(text.utf8)
                #expect(Self.found(bytes, piece: bytes.count) == Self.expected(bytes), "run \(run), shift \(shift)")
            }
        }
    }

    @Test("generated arrays: every level and piece size, and the commas before a limit counted", arguments: 0..<4)
    func generated(seed: UInt64) {
        var generator = ContainerEndTests.Generator(random: .init(seed: seed))
        for _ in 0..<150 {
            let count = Int.random(in: 0..<10, using: &generator.random)
            let elements = (0..<count).map { _ in generator.space() + generator.value(depth: 0) + generator.space() }
            let bytes = Array((elements.joined(separator: ",") + "] , [1,2]").utf8)
            let expected = Self.expected(bytes)
            let limit = Int.random(in: 0...bytes.count, using: &generator.random)
            let commas = expected.filter { if case .comma = $0 { true } else { false } }
            let early = commas.filter { if case .comma(let at) = $0 { at < limit } else { false } }.count
            for level in SkipScanLevel.available {
                for piece in [1, 64, 100, bytes.count] {
                    #expect(
                        Self.found(bytes, piece: piece, level: level) == expected, "level \(level), pieces of \(piece)")
                }
                var scanner = SkipScanLevel.$forced.withValue(level) { ArrayStructureScanner() }
                var passed = 0
                let event = bytes.withUnsafeBufferPointer {
                    scanner.next(in: $0, isLast: true, commasFrom: limit, passed: &passed)
                }
                #expect(event == expected[early], "level \(level), limit \(limit)")
                #expect(passed == early, "level \(level), limit \(limit)")
            }
        }
    }

    @Test("elements nested deeper than a block holds brackets, and depth that returns to the array's level")
    func deepElements() {
        for depth in [1, 2, 31, 63, 64, 65, 200] {
            let deep = String(repeating: "[1,{\"a\":", count: depth) + "0" + String(repeating: "}]", count: depth)
            let bytes = Array((deep + "," + deep + ", 7 ,\"x\"]").utf8)
            let expected = Self.expected(bytes)
            #expect(expected.count == 4)
            for level in SkipScanLevel.available {
                for piece in [1, 64, bytes.count] {
                    #expect(Self.found(bytes, piece: piece, level: level) == expected, "depth \(depth), level \(level)")
                }
            }
        }
    }

    @Test("the AVX2 and SSE2 classifiers find the bytes the portable one finds, for every byte value")
    func classifiers() {
        var random = TokenizerTestSupport.SplitMix64(seed: 7)
        let structural = Array(#""\{}[],: "#.utf8)
        for round in 0..<4096 {
            var block = [UInt8](repeating: 0, count: 64)
            for index in 0..<64 {
                let value = UInt8(truncatingIfNeeded: random.next())
                block[index] = round % 2 == 0 ? value : structural[Int(value) % structural.count]
            }
            if round < 4 { for index in 0..<64 { block[index] = UInt8(round * 64 + index) } }
            block.withUnsafeBufferPointer { pointer in
                guard let base = pointer.baseAddress else { return }
                let portable = sift_classify_array(base, Int32(SIFT_SKIP_PORTABLE))
                for level in SkipScanLevel.available {
                    let masks = sift_classify_array(base, level)
                    #expect(masks.quote == portable.quote && masks.backslash == portable.backslash, "level \(level)")
                    #expect(masks.opening == portable.opening && masks.closing == portable.closing, "level \(level)")
                    #expect(masks.comma == portable.comma, "level \(level)")
                }
            }
        }
    }
}
