/// A `pattern` that only names ASCII characters, matched over a string's UTF-8 bytes without
/// making a `String`: a sequence of literals and ASCII classes with quantifiers (`^[a-z]+-[0-9]+$`,
/// `^\d{4}$`), as a bit-parallel automaton of at most 63 positions.
///
/// Any other pattern (alternation, groups, `.`, a negated class, a category, a non-ASCII
/// character, or too many positions) has no byte form and is matched by the engine's I-Regexp
/// matcher instead. Every byte of a multi-byte character is one no class here takes, so a
/// string's bytes match exactly when its code points do.
///
/// ```swift
/// let pattern = BytePattern("^[a-z]+:[a-z]+$")
/// Array("row:card".utf8).withUnsafeBufferPointer { pattern?.matches($0) } // true
/// ```
struct BytePattern: Sendable {
    /// For each byte, the positions whose class takes it (bit `i`: position `i`).
    private var accepts: [UInt64] = Array(repeating: 0, count: 256)
    /// For each position, the states after taking a byte there.
    private var next: [UInt64] = []
    /// The states at the start: position 0 and those reachable by skipping optional positions.
    private var start: UInt64 = 0
    /// The state after the last position.
    private var final: UInt64 = 0
    private var anchoredStart = false
    private var anchoredEnd = false

    /// How often a position's class is taken.
    private enum Repeat { case once, optional, any }

    /// The byte form of an I-Regexp `source` (after ``PatternTranslation``), or nil when it has none.
    init?(_ source: String) {
        var scalars = Array(source.unicodeScalars)[...]
        if scalars.first == "^" {
            anchoredStart = true
            scalars.removeFirst()
        }
        if scalars.last == "$", scalars.dropLast().last != "\\" {
            anchoredEnd = true
            scalars.removeLast()
        }
        var positions: [(bytes: [Bool], repeat: Repeat)] = []
        while !scalars.isEmpty {
            guard let set = Self.atom(&scalars), let (least, most) = Self.quantifier(&scalars) else { return nil }
            for _ in 0..<least { positions.append((set, .once)) }
            if let most {
                guard most >= least else { return nil }
                for _ in least..<most { positions.append((set, .optional)) }
            } else {
                positions.append((set, .any))
            }
            guard positions.count <= 63 else { return nil }
        }
        let count = positions.count
        // closures[i]: state i and the states after the optional positions from i on.
        var closures = Array(repeating: UInt64(0), count: count + 1)
        closures[count] = 1 << count
        for index in stride(from: count - 1, through: 0, by: -1) {
            closures[index] = 1 << index | (positions[index].repeat == .once ? 0 : closures[index + 1])
        }
        for (index, position) in positions.enumerated() {
            next.append(position.repeat == .any ? closures[index] : closures[index + 1])
            for byte in 0..<128 where position.bytes[byte] { accepts[byte] |= 1 << index }
        }
        start = closures[0]
        final = 1 << count
    }

    /// Whether the pattern matches somewhere in `bytes` (JSON Schema patterns are not anchored).
    func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var state = start
        if !anchoredEnd && state & final != 0 { return true }
        return accepts.withUnsafeBufferPointer { accepts in
            next.withUnsafeBufferPointer { next in
                for byte in bytes {
                    var active = state & accepts[Int(byte)]
                    state = anchoredStart ? 0 : start
                    while active != 0 {
                        state |= next[active.trailingZeroBitCount]
                        active &= active &- 1
                    }
                    if state == 0 { return false }
                    if !anchoredEnd && state & final != 0 { return true }
                }
                return state & final != 0
            }
        }
    }

    /// The characters metacharacters stand for when escaped.
    private static let escapable = Set("()*+-.?[\\]^{|}$/".unicodeScalars)

    /// One literal, escape or class: the ASCII bytes it takes.
    private static func atom(_ scalars: inout ArraySlice<Unicode.Scalar>) -> [Bool]? {
        guard let first = scalars.popFirst() else { return nil }
        var set = Array(repeating: false, count: 128)
        switch first {
        case "[":
            guard scalars.first != "^" else { return nil }
            var isFirst = true
            while let scalar = scalars.popFirst() {
                if scalar == "]" { return set }
                guard let low = classCharacter(scalar, &scalars, isEdge: isFirst || scalars.first == "]") else {
                    return nil
                }
                isFirst = false
                var high = low
                if scalars.first == "-", scalars.dropFirst().first != "]", scalars.count > 1 {
                    scalars.removeFirst()
                    guard let next = scalars.popFirst(), let end = classCharacter(next, &scalars, isEdge: false),
                        end >= low
                    else { return nil }
                    high = end
                }
                for byte in low...high { set[Int(byte)] = true }
            }
            return nil
        case "\\":
            guard let byte = escape(&scalars) else { return nil }
            set[Int(byte)] = true
        case "^", "$", ".", "|", "?", "*", "+", "(", ")", "]", "{", "}":
            return nil
        default:
            guard first.isASCII else { return nil }
            set[Int(first.value)] = true
        }
        return set
    }

    /// A character inside a class, as a byte; `-` only at the class's edge.
    private static func classCharacter(
        _ scalar: Unicode.Scalar, _ scalars: inout ArraySlice<Unicode.Scalar>, isEdge: Bool
    ) -> UInt8? {
        switch scalar {
        case "\\": return escape(&scalars)
        case "[": return nil
        case "-": return isEdge ? UInt8(ascii: "-") : nil
        default: return scalar.isASCII ? UInt8(scalar.value) : nil
        }
    }

    /// The byte of a single-character escape after its `\`.
    private static func escape(_ scalars: inout ArraySlice<Unicode.Scalar>) -> UInt8? {
        guard let escaped = scalars.popFirst() else { return nil }
        switch escaped {
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        default: return escapable.contains(escaped) ? UInt8(escaped.value) : nil
        }
    }

    /// The quantifier after an atom, `(1, 1)` without one; nil for a form not taken here.
    private static func quantifier(_ scalars: inout ArraySlice<Unicode.Scalar>) -> (Int, Int?)? {
        switch scalars.first {
        case "*":
            scalars.removeFirst()
            return (0, nil)
        case "+":
            scalars.removeFirst()
            return (1, nil)
        case "?":
            scalars.removeFirst()
            return (0, 1)
        case "{":
            guard let close = scalars.firstIndex(of: "}") else { return nil }
            let body = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
            scalars = scalars[scalars.index(after: close)...]
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
            guard let least = Int(parts[0]), parts.count <= 2, least <= 63 else { return nil }
            if parts.count == 1 { return (least, least) }
            if parts[1].isEmpty { return (least, nil) }
            guard let most = Int(parts[1]), most <= 63 else { return nil }
            return (least, most)
        default:
            return (1, 1)
        }
    }
}
