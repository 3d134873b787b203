/// Reads the RFC 9485 grammar exactly; anything else (including groups nested deeper than
/// ``maximumNesting``, and ranges or quantifiers whose bounds are reversed) is not an I-Regexp.
struct IRegexpParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0

    /// The deepest nesting of groups accepted (patterns may come from documents).
    static let maximumNesting = 100

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    private var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// The whole pattern, or nil when it is not an I-Regexp.
    mutating func parse() -> IRegexpNode? {
        guard let node = alternation(), position == scalars.count else { return nil }
        return node
    }

    private mutating func alternation() -> IRegexpNode? {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else { return nil }
        var branches: [IRegexpNode] = []
        while true {
            guard let branch = branch() else { return nil }
            branches.append(branch)
            guard peek == "|" else { break }
            position += 1
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func branch() -> IRegexpNode? {
        var pieces: [IRegexpNode] = []
        while let next = peek, next != "|", next != ")" {
            guard let atom = atom() else { return nil }
            guard let piece = quantified(atom) else { return nil }
            pieces.append(piece)
        }
        return .sequence(pieces)
    }

    private mutating func atom() -> IRegexpNode? {
        guard let next = peek else { return nil }
        position += 1
        switch next {
        case "(":
            guard let inner = alternation(), peek == ")" else { return nil }
            position += 1
            return inner
        case ".": return .scalars(.dot)
        case "^": return .atStart
        case "$": return .atEnd
        case "\\":
            guard let set = escape() else { return nil }
            return .scalars(set)
        case "[": return characterClass().map { .scalars($0) }
        case ")", "*", "+", "?", "]", "{", "|", "}": return nil
        default: return .scalars(IRegexpClass(ranges: [next.value...next.value]))
        }
    }

    private mutating func quantified(_ atom: IRegexpNode) -> IRegexpNode? {
        switch peek {
        case "*":
            position += 1
            return .repetition(atom, minimum: 0, maximum: nil)
        case "+":
            position += 1
            return .repetition(atom, minimum: 1, maximum: nil)
        case "?":
            position += 1
            return .repetition(atom, minimum: 0, maximum: 1)
        case "{":
            position += 1
            guard let minimum = quantity() else { return nil }
            var maximum: Int? = minimum
            if peek == "," {
                position += 1
                maximum = peek == "}" ? nil : quantity()
                if peek != "}" && maximum == nil { return nil }
            }
            guard peek == "}" else { return nil }
            position += 1
            if let maximum, maximum < minimum { return nil }
            return .repetition(atom, minimum: minimum, maximum: maximum)
        default:
            return atom
        }
    }

    private mutating func quantity() -> Int? {
        var value = 0
        var digits = 0
        while let next = peek, next >= "0" && next <= "9" {
            value = value * 10 + Int(next.value - 48)
            guard value <= IRegexp.maximumProgramSize else { return nil }
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// After `\`: a single-character escape or a category escape.
    private mutating func escape() -> IRegexpClass? {
        guard let next = peek else { return nil }
        position += 1
        switch next {
        case "p", "P":
            guard let name = categoryName() else { return nil }
            return IRegexpClass(categories: [(name, next == "P")])
        case "n": return IRegexpClass(ranges: [10...10])
        case "r": return IRegexpClass(ranges: [13...13])
        case "t": return IRegexpClass(ranges: [9...9])
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}":
            return IRegexpClass(ranges: [next.value...next.value])
        default: return nil
        }
    }

    /// `{Name}` after `\p` or `\P`, one of the categories RFC 9485 lists.
    private mutating func categoryName() -> String? {
        guard peek == "{" else { return nil }
        position += 1
        var name = ""
        while let next = peek, next != "}" {
            name.unicodeScalars.append(next)
            position += 1
            if name.count > 2 { return nil }
        }
        guard peek == "}" else { return nil }
        position += 1
        let allowed: [Character: String] = [
            "L": "lmotu", "M": "cen", "N": "dlo", "P": "cdefios", "Z": "lps", "S": "ckmo", "C": "cfno",
        ]
        guard let first = name.first, let seconds = allowed[first] else { return nil }
        if name.count == 2, let second = name.last, !seconds.contains(second) { return nil }
        return name
    }

    /// After `[`: `[^]`, a leading or trailing `-`, characters, ranges and category escapes.
    private mutating func characterClass() -> IRegexpClass? {
        var set = IRegexpClass()
        if peek == "^" {
            set.complemented = true
            position += 1
        }
        var first = true
        while true {
            guard let next = peek else { return nil }
            if next == "]" && !first { break }
            if next == "-" {
                let isEdge = first || (position + 1 < scalars.count && scalars[position + 1] == "]")
                guard isEdge else { return nil }
                position += 1
                set.ranges.append(45...45)
                first = false
                continue
            }
            first = false
            if next == "\\", position + 1 < scalars.count, scalars[position + 1] == "p" || scalars[position + 1] == "P"
            {
                position += 1
                guard let escaped = escape() else { return nil }
                set.categories += escaped.categories
                continue
            }
            guard let low = classCharacter() else { return nil }
            if peek == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let high = classCharacter(), low <= high else { return nil }
                set.ranges.append(low...high)
            } else {
                set.ranges.append(low...low)
            }
        }
        position += 1
        return set
    }

    /// A character of a class: any scalar but `-`, `[`, `\` and `]`, or a single-character escape.
    private mutating func classCharacter() -> UInt32? {
        guard let next = peek else { return nil }
        switch next {
        case "-", "[", "]": return nil
        case "\\":
            position += 1
            guard let escaped = peek, escaped != "p" && escaped != "P", let set = escape(), let range = set.ranges.first
            else { return nil }
            return range.lowerBound
        default:
            position += 1
            return next.value
        }
    }
}
