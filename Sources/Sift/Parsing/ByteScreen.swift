internal import CYajl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Looks at every chunk before yajl does, for what yajl lets through but JSON forbids: a raw form
/// feed or vertical tab (yajl reads both as whitespace), and bytes that are not UTF-8 (yajl's
/// own check accepts overlong forms, surrogates and code points above U+10FFFF, and only inside
/// strings).
///
/// The engine parses up to the first such byte and reports it there, so the error is the same however
/// the input was split.
///
/// With comments allowed it also follows strings and comments byte by byte: form feeds are fine
/// inside comments, and quotes inside comments are not string boundaries.
struct ByteScreen {
    /// What was found wrong with a byte.
    struct Problem {
        var kind: JSONParseError.Kind
        var message: String
    }

    enum LexState: UInt8 {
        case normal, string, stringEscape, slash, lineComment, blockComment, blockStar
    }

    let validatesUTF8: Bool
    let followsComments: Bool
    /// Which vector code checks UTF-8 before the byte-by-byte code below: the widest the
    /// processor runs, or `SIFT_UTF8_SCALAR` for none (tests compare the two).
    var vectorLevel = sift_utf8_best_level()

    // UTF-8 sequence in progress.
    private var needed = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// The bytes of the sequence so far, first byte in the lowest bits.
    private var sequence: UInt32 = 0
    private var sequenceCount = 0

    // Comment-aware lexing (only with `followsComments`).
    private(set) var lexState = LexState.normal
    /// Absolute offset of the last unescaped quote outside comments, or -1.
    private(set) var lastQuote = -1

    init(validatesUTF8: Bool, followsComments: Bool) {
        self.validatesUTF8 = validatesUTF8
        self.followsComments = followsComments
    }

    /// Whether the input so far ends inside a string (only with `followsComments`).
    var isInsideString: Bool { lexState == .string || lexState == .stringEscape }

    /// Whether the input so far ends inside a `/* */` comment (only with `followsComments`).
    var isInsideBlockComment: Bool { lexState == .blockComment || lexState == .blockStar }

    /// The local index of the first forbidden byte of a chunk starting at absolute offset
    /// `start`, and why; nil when every byte is allowed.
    ///
    /// Updates the state over the bytes before it. `mayHaveFormFeed` false skips the search for form
    /// feeds (an earlier scan found none).
    mutating func firstProblem(
        in base: UnsafePointer<UInt8>, count: Int, start: Int, mayHaveFormFeed: Bool = true
    ) -> (index: Int, problem: Problem)? {
        var limit = count
        var found: Problem?
        if followsComments {
            if let (index, problem) = lex(base, count: count, start: start) {
                limit = index
                found = problem
            }
        } else {
            if mayHaveFormFeed, let hit = memchr(base, 0x0C, limit) {
                limit = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                found = Self.whitespaceProblem(0x0C)
            }
            if let hit = memchr(base, 0x0B, limit) {
                limit = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                found = Self.whitespaceProblem(0x0B)
            }
        }
        if validatesUTF8, let (index, message) = validate(base, count: limit) {
            return (index, Problem(kind: .invalidUTF8, message: message))
        }
        return found.map { (limit, $0) }
    }

    private static func whitespaceProblem(_ byte: UInt8) -> Problem {
        let name = byte == 0x0C ? "form feed (0x0C)" : "vertical tab (0x0B)"
        return Problem(kind: .invalidSyntax, message: "a raw \(name) is not allowed in JSON text")
    }

    // MARK: UTF-8

    /// The fewest bytes worth handing to the vector code: one AVX2 block.
    private static let vectorMinimum = 32

    /// Validates the first `count` bytes, continuing any sequence left open by earlier chunks.
    ///
    /// The vector code vouches for the longest run of whole sequences it can; the byte-by-byte
    /// code does the rest: a sequence carried over from the previous chunk, one cut by this
    /// chunk's end, and every error, which it finds again from the last sequence start the vector
    /// code vouched for, so the error and its message are the same whichever code ran and however
    /// the input was split.
    private mutating func validate(_ base: UnsafePointer<UInt8>, count: Int) -> (Int, String)? {
        var index = 0
        while needed > 0, index < count {
            if let message = extendSequence(with: base[index]) { return (index, message) }
            index &+= 1
        }
        if vectorLevel != SIFT_UTF8_SCALAR, count &- index >= Self.vectorMinimum {
            let end = sift_utf8_whole_sequences_end(base, count)
            index &+= sift_utf8_valid_prefix(base + index, end &- index, vectorLevel)
        }
        return validateBytes(base, from: index, count: count)
    }

    /// Validates bytes `start..<count` one sequence at a time.
    private mutating func validateBytes(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> (Int, String)? {
        var index = start
        let raw = UnsafeRawPointer(base)
        while index < count {
            if needed == 0 {
                // Skip ASCII eight bytes at a time.
                while index + 8 <= count,
                    raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index &+= 8
                }
                guard index < count else { break }
                let byte = base[index]
                if byte < 0x80 {
                    index &+= 1
                    continue
                }
                // Whole two- and three-byte sequences whose lead allows every continuation byte
                // (most non-ASCII text) are stepped over in one go; everything else, and any
                // sequence that is cut by the chunk's end or broken, goes through the state
                // machine below, which also names the problem.
                if byte >= 0xC2, byte <= 0xDF, index &+ 1 < count, base[index &+ 1] & 0xC0 == 0x80 {
                    index &+= 2
                    continue
                }
                if byte >= 0xE1, byte <= 0xEF, byte != 0xED, index &+ 2 < count,
                    base[index &+ 1] & 0xC0 == 0x80, base[index &+ 2] & 0xC0 == 0x80
                {
                    index &+= 3
                    continue
                }
                switch byte {
                case 0xC2...0xDF: begin(byte, needed: 1, lower: 0x80, upper: 0xBF)
                case 0xE0: begin(byte, needed: 2, lower: 0xA0, upper: 0xBF)
                case 0xED: begin(byte, needed: 2, lower: 0x80, upper: 0x9F)
                case 0xE1...0xEF: begin(byte, needed: 2, lower: 0x80, upper: 0xBF)
                case 0xF0: begin(byte, needed: 3, lower: 0x90, upper: 0xBF)
                case 0xF1...0xF3: begin(byte, needed: 3, lower: 0x80, upper: 0xBF)
                case 0xF4: begin(byte, needed: 3, lower: 0x80, upper: 0x8F)
                case 0x80...0xBF: return (index, "unexpected continuation byte \(Self.hex(byte))")
                default: return (index, "byte \(Self.hex(byte)) never appears in UTF-8")
                }
            } else if let message = extendSequence(with: base[index]) {
                return (index, message)
            }
            index &+= 1
        }
        return nil
    }

    /// Adds the next byte to the sequence in progress; the error message if it does not fit.
    private mutating func extendSequence(with byte: UInt8) -> String? {
        guard byte >= lower, byte <= upper else {
            let bytes = (0..<sequenceCount).map { UInt8(truncatingIfNeeded: sequence >> (8 * $0)) }
            return Self.describe(bytes, then: byte)
        }
        sequence |= UInt32(byte) << (8 * sequenceCount)
        sequenceCount += 1
        needed -= 1
        lower = 0x80
        upper = 0xBF
        return nil
    }

    private mutating func begin(_ lead: UInt8, needed: Int, lower: UInt8, upper: UInt8) {
        self.needed = needed
        self.lower = lower
        self.upper = upper
        sequence = UInt32(lead)
        sequenceCount = 1
    }

    private static func describe(_ sequence: [UInt8], then byte: UInt8) -> String {
        let bytes = (sequence + [byte]).map(hex).joined(separator: " ")
        guard sequence.count == 1, (0x80...0xBF).contains(byte) else {
            return "incomplete sequence \(sequence.map(hex).joined(separator: " ")) followed by \(hex(byte))"
        }
        switch sequence[0] {
        case 0xE0, 0xF0: return "overlong encoding \(bytes)"
        case 0xED: return "encoded UTF-16 surrogate \(bytes)"
        default: return "code point above U+10FFFF \(bytes)"
        }
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" : "") + digits
    }

    // MARK: Strings and comments

    /// Follows strings and comments over the first `count` bytes of a chunk starting at absolute
    /// offset `start` (only with `followsComments`).
    mutating func followStrings(over base: UnsafePointer<UInt8>, count: Int, start: Int) {
        _ = lex(base, count: count, start: start)
    }

    /// Follows strings and comments over the chunk; returns the first form feed or vertical tab
    /// outside a comment.
    private mutating func lex(_ base: UnsafePointer<UInt8>, count: Int, start: Int) -> (Int, Problem)? {
        var state = lexState
        defer { lexState = state }
        var index = 0
        while index < count {
            let byte = base[index]
            switch state {
            case .normal, .string:
                if byte == 0x0C || byte == 0x0B {
                    return (index, Self.whitespaceProblem(byte))
                }
                if byte == UInt8(ascii: "\"") {
                    lastQuote = start + index
                    state = state == .normal ? .string : .normal
                } else if state == .string, byte == UInt8(ascii: "\\") {
                    state = .stringEscape
                } else if state == .normal, byte == UInt8(ascii: "/") {
                    state = .slash
                }
            case .stringEscape:
                state = .string
            case .slash:
                if byte == UInt8(ascii: "/") {
                    state = .lineComment
                } else if byte == UInt8(ascii: "*") {
                    state = .blockComment
                } else {
                    state = .normal  // yajl rejects this; look at the byte again as normal text
                    continue
                }
            case .lineComment:
                if byte == 0x0A { state = .normal }
            case .blockComment:
                if byte == UInt8(ascii: "*") { state = .blockStar }
            case .blockStar:
                if byte == UInt8(ascii: "/") {
                    state = .normal
                } else if byte != UInt8(ascii: "*") {
                    state = .blockComment
                }
            }
            index += 1
        }
        return nil
    }
}
