import CYajl
import Foundation
import Testing

@testable import Sift

/// The scan that finds where a skipped container ends (`sift_container_end`) accepts only what
/// yajl accepts, and finds the end of every container of strict JSON.
///
/// yajl is moved past whatever the scan accepts, so a container the scan accepted and yajl
/// would have refused would be an error lost; a valid container the scan refuses only costs
/// speed, but would mean the scan does not do its job.
@Suite("Finding a skipped container's end")
struct ContainerEndTests {
    typealias Random = TokenizerTestSupport.SplitMix64

    /// Text made of the pieces the scan must tell apart: every escape, numbers of every shape,
    /// literals, whitespace, nesting.
    struct Generator {
        var random: Random

        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

        mutating func space() -> String { pick(["", "", " ", "\n  ", "\r\n\t", "    "]) }

        mutating func string() -> String {
            let parts = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                pick([
                    "a", "long text, long enough for the 16-byte blocks: ",
                    "longer text, long enough for a 64-byte block of its own, and more than one of them: ",
                    String(repeating: "\\", count: 2 * Int.random(in: 1..<40, using: &random)), #"\""#, #"\\"#, #"\/"#,
                    #"\b"#, #"\f"#,
                    #"\n"#, #"\r"#, #"\t"#, #"\u00e9"#, #"\uD83D\uDE00"#, #"\uABcd"#, "é", "東京", "🔥", "}", "]",
                    "'", ":", ",", "\u{7F}",
                ])
            }
            return "\"" + parts.joined() + "\""
        }

        mutating func number() -> String {
            pick([
                "0", "-0", "7", "-12", "1234567890123456789012", "0.5", "-3.25", "1e5", "1E+2", "2e-3", "-0.0e0",
                "6.02E23", "12345678", "-123456789", "98765432.123456789e+12345678", "1.0000000", "0.12345678E-9",
            ])
        }

        mutating func value(depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 6 ? 4 : 7), using: &random) {
            case 0: return number()
            case 1: return pick(["true", "false", "null"])
            case 2, 3: return string()
            case 4, 5:
                let members = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                    space() + string() + space() + ":" + space() + value(depth: depth + 1) + space()
                }
                return "{" + members.joined(separator: ",") + space() + "}"
            default:
                let elements = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                    space() + value(depth: depth + 1) + space()
                }
                return "[" + elements.joined(separator: ",") + space() + "]"
            }
        }

        mutating func container() -> [UInt8] {
            var text = value(depth: 0)
            while text.first != "{" && text.first != "[" { text = value(depth: 0) }
            return Array(text.utf8)
        }

        /// Bytes that break JSON in ways yajl's lexer and parser tell apart.
        static let damage: [[UInt8]] = [
            [0x00], [0x01], [0x1F], [0x0B], [0x0C], [0x09], [0x0A], [0x22], [0x5C], [0x2C], [0x3A], [0x7B], [0x7D],
            [0x5B], [0x5D], [0x2D], [0x2E], [0x65], [0x30], [0x31], [0x2B], [0x78], [0x75], [0x2F], [0x2A],
            Array(#"\u12"#.utf8), Array(#"\u0G"#.utf8), Array(#"\x"#.utf8), Array("tru".utf8), Array("nul".utf8),
            Array("01".utf8), Array("1.".utf8), Array("-".utf8), Array("-e".utf8), Array(".5".utf8), Array("1e".utf8),
            Array("+1".utf8), Array(String(repeating: #"\"#, count: 63).utf8),
            Array(String(repeating: "x", count: 70).utf8),
        ]

        /// `bytes` with a piece replaced, inserted or removed at a random place.
        mutating func damaged(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            guard !bytes.isEmpty else { return pick(Self.damage) }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.replaceSubrange(position...position, with: pick(Self.damage))
            case 1: bytes.insert(contentsOf: pick(Self.damage), at: position)
            default: bytes.remove(at: position)
            }
            return bytes
        }
    }

    /// Whether yajl (as the tokenizer configures it, without callbacks) takes `bytes` as one
    /// complete document.
    static func yajlAccepts(_ bytes: [UInt8], maximumDepth: Int = 10_000) -> Bool {
        guard let handle = yajl_alloc(nil, nil, nil) else { return false }
        defer { yajl_free(handle) }
        sift_yajl_config_flag(handle, yajl_dont_validate_strings, 1)
        let parsed = bytes.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
        return parsed == yajl_status_ok && yajl_complete_parse(handle) == yajl_status_ok
    }

    /// The scan's answer for the container opened by `bytes[0]`, the same at every level
    /// (`SIFT_SKIP_LEVEL`); -2 if the levels disagree.
    static func end(of bytes: [UInt8], room: Int = 10_000) -> Int {
        let ends = SkipScanLevel.available.map { scan(bytes, room: room, level: $0).close }
        return ends.allSatisfy { $0 == ends[0] } ? ends[0] : -2
    }

    /// The whole answer of the scan at one level.
    static func scan(_ bytes: [UInt8], room: Int = 10_000, level: Int32) -> sift_container_scan_result {
        let openAt = UnsafeMutablePointer<Int>.allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
        defer { openAt.deallocate() }
        return bytes.withUnsafeBufferPointer { sift_container_scan($0.baseAddress, 1, $0.count, room, openAt, level) }
    }

    @Test("Every generated container is found whole", arguments: 0..<8)
    func validContainers(seed: UInt64) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var generator = Generator(random: Random(seed: seed &* 7919 &+ 3))
            var failures: [String] = []
            for _ in 0..<2_000 {
                let bytes = generator.container()
                if !Self.yajlAccepts(bytes) {
                    failures.append("yajl refuses \(String(decoding: bytes, as: UTF8.self))")
                }
                // With bytes after it, as inside a document.
                let end = Self.end(of: bytes + Array(#", "next": 1}"#.utf8))
                if end != bytes.count - 1 {
                    failures.append("end \(end) of \(bytes.count): \(String(decoding: bytes, as: UTF8.self))")
                }
                if failures.count > 10 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("Whatever the scan accepts in damaged text, yajl accepts", arguments: 0..<16)
    func damagedContainers(seed: UInt64) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var generator = Generator(random: Random(seed: seed &+ 0x5C41))
            var failures: [String] = []
            for round in 0..<3_000 {
                var bytes = generator.container()
                for _ in 0...(round % 3) { bytes = generator.damaged(bytes) }
                guard bytes.first == UInt8(ascii: "{") || bytes.first == UInt8(ascii: "[") else { continue }
                let end = Self.end(of: bytes)
                if end == -2 { failures.append("levels disagree on \(String(decoding: bytes, as: UTF8.self))") }
                guard end >= 0 else { continue }
                let container = Array(bytes[...end])
                if !Self.yajlAccepts(container) {
                    failures.append("accepted \(String(decoding: container, as: UTF8.self))")
                }
                if failures.count > 10 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("Cases at the edges: what the scan leaves to yajl, the end of the bytes, the depth")
    func edges() {
        let refused = [
            #"{"a":1,}"#, #"[1,]"#, #"{"a" 1}"#, #"{1:2}"#, #"[01]"#, #"[1.]"#, #"[.5]"#, #"[-]"#, #"[1e]"#, #"[+1]"#,
            #"[tru]"#, #"[truex]"#, #"[nul]"#, #"["\x"]"#, #"["\u12G4"]"#, "[\"\u{01}\"]", "[\u{0B}1]", "[\u{0C}1]",
            #"[1}"#, #"{"a":1]"#, #"[[1]"#, #"["a"#, #"[1"#, #"[1 2]"#, #"{"a":1 "b":2}"#, #"['a']"#, #"[NaN]"#,
            #"[/*c*/1]"#, #"{"a"}"#, #"{,"a":1}"#, #"[,1]"#,
        ]
        for text in refused {
            let bytes = Array(text.utf8)
            #expect(Self.end(of: bytes) == -1, "\(text)")
        }
        let found = [
            #"{}"#, #"[]"#, #"[ ]"#, #"{"":""}"#, #"[-0.0E-0]"#, #"["\"]\\"]"#, "[\"\u{7F}\"]", #"[[],[[]],{}]"#,
        ]
        for text in found {
            let bytes = Array(text.utf8)
            #expect(Self.end(of: bytes) == bytes.count - 1, "\(text)")
            #expect(Self.yajlAccepts(bytes), "\(text)")
        }
        // A number that ends with the bytes may go on: left to yajl.
        #expect(Self.end(of: Array("[1".utf8)) == -1)
        // `room` containers may open inside, not one more.
        let nested = Array("[[[[]]]]".utf8)
        #expect(Self.end(of: nested, room: 3) == nested.count - 1)
        #expect(Self.end(of: nested, room: 2) == -1)
        // Deeper than the scan's own stack: left to yajl; within it, found.
        func nesting(_ depth: Int) -> [UInt8] {
            Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        }
        #expect(Self.end(of: nesting(1_100)) == -1)
        #expect(Self.end(of: nesting(1_000)) == 1_999)
    }

    @Test("Strings in 64-byte blocks end where the byte-by-byte scan ends them, at every level", arguments: 0..<4)
    func longStrings(seed: UInt64) async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var random = Random(seed: seed &+ 0xB10C)
            // Dense in what the blocks must tell apart: backslash runs, quotes, escapes, control
            // bytes, hexadecimal digits after `u`.
            let alphabet = Array(#"\\\\\\""aaaaaaaaaauuF0/bnx"#.utf8) + [0x01, 0x1F, 0xC3, 0xA9, 0x7F]
            var failures: [String] = []
            for _ in 0..<4_000 {
                let count = Int.random(in: 1..<300, using: &random)
                let plain = Int.random(in: 0..<4, using: &random) == 0
                let bytes = (0..<count).map { _ in
                    plain && Int.random(in: 0..<8, using: &random) != 0
                        ? UInt8(ascii: "a") : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                }
                bytes.withUnsafeBufferPointer { buffer in
                    // swift-format-ignore: NeverForceUnwrap
                    // A non-empty array's buffer has a base address.
                    let base = buffer.baseAddress!
                    let end = base + buffer.count
                    let expected = sift_skip_string_bytes(base, end).map { $0 - base } ?? -1
                    for level in SkipScanLevel.available {
                        for found in [sift_skip_string(base, end, level), sift_skip_long_string(base, end, level)] {
                            let offset = found.map { $0 - base } ?? -1
                            if offset != expected {
                                failures.append(
                                    "level \(level): \(offset) instead of \(expected) in \(bytes)")
                            }
                        }
                    }
                }
                if failures.count > 5 { break }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test("The scan tells where the last string closes, and which containers are open where it stops")
    func lastStringAndOpenContainers() {
        let escapes = String(repeating: #"\\"#, count: 50)
        let cases: [(text: String, lastStringClose: Int)] = [
            (#"{"a":"b","c":[1,"d"]}"#, 18), (#"[1,[2],{}]"#, -1), (#"{"k":1}"#, 3),
            (#"[""#, -1), ("[\"\(escapes)\\\"\"]", 104), ("[\"\(escapes)\(escapes)x\", 1]", 203),
        ]
        for level in SkipScanLevel.available {
            for (text, expected) in cases {
                let result = Self.scan(Array(text.utf8), level: level)
                if result.close >= 0 { #expect(result.last_string_close == expected, "\(text), level \(level)") }
            }
            let openAt = UnsafeMutablePointer<Int>.allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
            defer { openAt.deallocate() }
            let cut = Array(#"[1,[2,{"a":[ 3"#.utf8)
            let result = cut.withUnsafeBufferPointer {
                sift_container_scan($0.baseAddress, 1, $0.count, 10_000, openAt, level)
            }
            #expect(result.close == -1)
            #expect(result.open_count == 4)
            #expect((0..<4).map { openAt[$0] } == [0, 3, 6, 11])
        }
    }
}
