public import Sift

/// One fuzz input read as a document: the parser options, the split into chunks and a selector,
/// all taken from an optional header, then the document itself.
///
/// A header is three bytes whose first is 0xF0 or above (a byte no JSON document starts with):
/// its low four bits are the options (comments, several values, no UTF-8 check, a depth limit
/// of 3), the second byte chooses the split (below 0x40: pieces of that many bytes plus one;
/// otherwise random pieces seeded by it) and the third is the selector (which paths, which
/// result order). Without a header (a raw JSONTestSuite file) the options are the defaults and
/// the split and selector come from a hash of the bytes.
///
/// ```swift
/// let input = FuzzInput(Array("\u{F1}\u{07}\u{00}[1, /* two */ 2]".utf8))
/// input.options.allowsComments // true
/// ```
public struct FuzzInput: Sendable {
    /// The JSON document.
    ///
    /// ```swift
    /// FuzzInput(Array("[1]".utf8)).document // [0x5B, 0x31, 0x5D]
    /// ```
    public let document: [UInt8]
    /// The tokenizer options the header chose.
    ///
    /// ```swift
    /// FuzzInput(Array("[1]".utf8)).options == JSONParserOptions() // true
    /// ```
    public let options: JSONParserOptions
    /// The byte that chooses the split.
    ///
    /// ```swift
    /// FuzzInput(bytes).splitByte
    /// ```
    public let splitByte: UInt8
    /// A number the checks use to choose among alternatives (paths, result order).
    ///
    /// ```swift
    /// FuzzInput(bytes).selector % 4
    /// ```
    public let selector: UInt64

    /// Reads the header, if there is one.
    ///
    /// ```swift
    /// let input = FuzzInput(Array(data))
    /// ```
    public init(_ bytes: [UInt8]) {
        if bytes.count >= 3, bytes[0] >= 0xF0 {
            let flags = bytes[0] & 0x0F
            options = JSONParserOptions(
                maximumDepth: flags & 8 != 0 ? 3 : 512, allowsMultipleValues: flags & 2 != 0,
                allowsComments: flags & 1 != 0, validatesUTF8: flags & 4 == 0)
            splitByte = bytes[1]
            selector = UInt64(bytes[2])
            document = Array(bytes[3...])
        } else {
            let hash = Self.hash(bytes)
            options = JSONParserOptions()
            splitByte = UInt8(truncatingIfNeeded: hash) & 0x3F
            selector = hash >> 8
            document = bytes
        }
    }

    /// The document cut into the pieces the split byte chooses (none for an empty document).
    ///
    /// ```swift
    /// for range in input.pieces { try tokenizer.feed(input.document[range]) }
    /// ```
    public var pieces: [Range<Int>] {
        let count = document.count
        if splitByte < 0x40 {
            let size = Int(splitByte) + 1
            return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        }
        var state = UInt64(splitByte)
        var result: [Range<Int>] = []
        var start = 0
        while start < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int((state >> 33) % 64) + 1
            result.append(start..<min(start + length, count))
            start += length
        }
        return result
    }

    /// The pieces as an asynchronous sequence of byte arrays.
    ///
    /// ```swift
    /// try await query.run(chunks: input.chunks)
    /// ```
    public var chunks: FuzzChunks { FuzzChunks(pieces.map { Array(document[$0]) }) }

    /// FNV-1a.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
