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

    /// What the scanner finds in `bytes`, given in pieces of `piece` bytes.
    static func found(_ bytes: [UInt8], piece: Int) -> [ArrayStructureScanner.Event] {
        var scanner = ArrayStructureScanner()
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
                #expect(Self.found(bytes, piece: piece) == expected, "shift \(shift), pieces of \(piece)")
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
}
