import Foundation

/// A JSON document written piece by piece (an opening, one element, the closing), so that a
/// document of any size can be produced chunk by chunk without ever being held in memory.
///
/// Conforming types are deterministic: a fresh value with the same settings writes the same
/// bytes. Copying a generator copies its position, so ``chunks(of:)`` always starts from the
/// state the generator had when it was called.
///
/// ```swift
/// let feed = HubFeedGenerator(size: 1 << 30)           // 1 GiB, never held
/// for chunk in feed.chunks(of: 64 * 1024) { try tokenizer.feed(chunk) }
/// try tokenizer.finish()
/// let small = HubFeedGenerator(size: 1 << 20).makeData() // 1 MiB in memory
/// ```
protocol JSONDocumentGenerator {
    /// Roughly how many bytes the whole document will have (used to reserve memory).
    var estimatedSize: Int { get }

    /// Appends the next piece of the document to `output` and returns true; returns false,
    /// appending nothing, once the document is complete.
    mutating func writeNextPiece(into output: inout [UInt8]) -> Bool
}

extension JSONDocumentGenerator {
    /// The document as a sequence of chunks of exactly `size` bytes (the last one may be
    /// shorter).
    ///
    /// Only about two chunks are in memory at any time.
    func chunks(of size: Int = 64 * 1024) -> GeneratedChunks<Self> {
        GeneratedChunks(generator: self, chunkSize: size)
    }

    /// The whole document in one contiguous buffer.
    func makeData() -> Data {
        var data = Data(capacity: estimatedSize + estimatedSize / 16)
        for chunk in chunks(of: 256 * 1024) { data.append(contentsOf: chunk) }
        return data
    }
}

/// The chunks of a ``JSONDocumentGenerator``; iterating twice generates the document twice.
struct GeneratedChunks<Generator: JSONDocumentGenerator>: Sequence {
    let generator: Generator
    let chunkSize: Int

    func makeIterator() -> Iterator {
        Iterator(generator: generator, chunkSize: Swift.max(chunkSize, 1))
    }

    /// Hands out fixed-size chunks, generating pieces on demand.
    struct Iterator: IteratorProtocol {
        private var generator: Generator
        private let chunkSize: Int
        private var pending: [UInt8] = []
        private var start = 0
        private var isComplete = false

        init(generator: Generator, chunkSize: Int) {
            self.generator = generator
            self.chunkSize = chunkSize
            pending.reserveCapacity(chunkSize * 2)
        }

        mutating func next() -> [UInt8]? {
            if pending.count - start < chunkSize, !isComplete {
                pending.removeSubrange(0..<start)
                start = 0
                while pending.count < chunkSize, !isComplete {
                    isComplete = !generator.writeNextPiece(into: &pending)
                }
            }
            guard start < pending.count else { return nil }
            let end = Swift.min(start + chunkSize, pending.count)
            let chunk = Array(pending[start..<end])
            start = end
            return chunk
        }
    }
}

// MARK: Writing JSON text quickly

extension [UInt8] {
    /// Appends literal text (already valid JSON, escapes included).
    mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends `"text"`; `text` must already be escaped JSON string content.
    mutating func appendQuoted(_ text: [UInt8]) {
        append(UInt8(ascii: "\""))
        append(contentsOf: text)
        append(UInt8(ascii: "\""))
    }

    /// Appends a member name and its colon: `"name":`.
    mutating func appendKey(_ name: StaticString) {
        append(UInt8(ascii: "\""))
        append(name)
        append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Appends an integer in decimal.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, minimumCount: 1)
    }

    /// Appends the decimal digits of `value`, zero-padded on the left to `minimumCount`.
    mutating func appendDigits(_ value: UInt, minimumCount: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits
        var count = 0
        var rest = value
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 24
            while count < minimumCount && count < 24 {
                buffer[23 - count] = UInt8(ascii: "0")
                count += 1
            }
            append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Appends `count` random lowercase hexadecimal digits.
    mutating func appendHex(_ count: Int, using random: inout SplitMix64) {
        let alphabet: StaticString = "0123456789abcdef"
        var bits = random.next()
        for index in 0..<count {
            if index % 16 == 15 { bits = random.next() }
            append(alphabet.utf8Start[Int(bits & 15)])
            bits >>= 4
        }
    }

    /// Appends `count` random base-62 characters (the alphabet of Spotify ids).
    mutating func appendBase62(_ count: Int, using random: inout SplitMix64) {
        let alphabet: StaticString = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        for _ in 0..<count { append(alphabet.utf8Start[random.below(62)]) }
    }

    /// Appends `count` words from `pool` separated by spaces.
    mutating func appendWords(_ count: Int, from pool: [[UInt8]], using random: inout SplitMix64) {
        for index in 0..<count {
            if index > 0 { append(UInt8(ascii: " ")) }
            append(contentsOf: random.pick(pool))
        }
    }
}

/// Word pools for generated text, as JSON string content: plain ASCII, raw non-ASCII UTF-8, and
/// fragments that carry escapes (`\"`, `\n`, `\u00e9`, `\\`, a surrogate pair).
enum TextPool {
    static let words: [[UInt8]] = bytes([
        "midnight", "sessions", "summer", "road", "trip", "deep", "focus", "chill", "morning", "coffee",
        "indie", "classics", "new", "music", "friday", "release", "radar", "daily", "mix", "jazz",
        "acoustic", "covers", "workout", "beats", "piano", "dinner", "party", "rainy", "day", "hits",
        "throwback", "anthems", "lofi", "study", "sleep", "dance", "rock", "soul", "live", "from",
        "the", "best", "of", "with", "and", "your", "top", "songs", "album", "single",
    ])

    static let internationalWords: [[UInt8]] = bytes([
        "café", "Beyoncé", "Motörhead", "Sigur Rós", "Mötley", "naïve", "Zoë", "Ångström", "Øresund",
        "東京", "音楽", "夏", "Ελληνικά", "Москва", "música", "español", "日本語", "한국어", "🎵", "🔥",
    ])

    static let escapedFragments: [[UInt8]] = bytes([
        #"\"Live\""#, #"caf\u00e9"#, #"line\nbreak"#, #"AC\/DC"#, #"tab\there"#, #"back\\slash"#,
        #"\u00c9dition"#, #"\ud83c\udfb5"#, #"\u65e5\u672c"#, #"say \"hi\""#,
    ])

    static let japanese: [[UInt8]] = bytes([
        "一", "日", "の", "は", "です", "ありがとう", "今日", "天気", "いい", "ね", "フォロー", "お願いします",
        "RT", "@", "#", "ニュース", "速報", "画像", "動画", "まとめ",
    ])

    /// Appends a short text: mostly plain words, some international ones, sometimes an escape.
    static func appendTitle(into output: inout [UInt8], words count: Int, using random: inout SplitMix64) {
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: " ")) }
            switch random.below(100) {
            case 0..<14: output.append(contentsOf: random.pick(internationalWords))
            case 14..<22: output.append(contentsOf: random.pick(escapedFragments))
            default: output.append(contentsOf: random.pick(words))
            }
        }
    }

    private static func bytes(_ texts: [String]) -> [[UInt8]] {
        texts.map { Array($0.utf8) }
    }
}
