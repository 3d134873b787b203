/// Whether a string is a regular expression of ECMA-262's `Pattern` grammar with the `u` flag
/// (ECMAScript 2025), the check behind `"format": "regex"`.
///
/// It reads the pattern once, left to right, with an explicit stack of the open groups, so a
/// pattern of any size or nesting is checked in linear time and without recursion. Besides the
/// grammar it applies the early errors: nothing to repeat, `{n,m}` with `n` > `m`, a class range
/// out of order or with a class escape as an end, `\N` beyond the number of groups, `\k<name>`
/// naming no group, two groups of one name that might both take part in a match, and repeated or
/// empty modifiers in `(?ims-ims:…)`.
///
/// `\p{…}` names the binary properties ECMA-262 lists, or a General_Category or Script value of
/// the Unicode version of ``UnicodeTables`` (a script added later is not known).
///
/// ```swift
/// ECMAScriptPattern.isValid("^(?<year>\\d{4})-\\d\\d$")  // true
/// ECMAScriptPattern.isValid("^(abc]")  // false
/// ```
struct ECMAScriptPattern {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var groupCount = 0
    private var largestBackreference = 0
    private var referencedNames: [String] = []
    private var alternatives = AlternativeTree()
    /// Each name and the alternative of its latest group.
    private var names: [String: Int] = [:]

    static func isValid(_ text: String) -> Bool {
        var pattern = ECMAScriptPattern(scalars: Array(text.unicodeScalars))
        return pattern.check()
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// The kinds of group, by whether a quantifier may follow them (with the `u` flag,
    /// look-arounds may not).
    private enum Group { case capturing, plain, lookaround }

    private struct OpenGroup {
        let kind: Group
        let alternative: Int
    }

    private mutating func check() -> Bool {
        var open: [OpenGroup] = []
        var alternative = alternatives.add(under: alternatives.root)
        var quantifiable = false
        while let scalar = next() {
            switch scalar {
            case "|":
                alternative = alternatives.add(under: alternatives.parent(of: alternative))
                quantifiable = false
            case "(":
                guard let kind = groupOpening(in: alternative) else { return false }
                open.append(OpenGroup(kind: kind, alternative: alternative))
                alternative = alternatives.add(under: alternatives.add(under: alternative))
                quantifiable = false
            case ")":
                guard let group = open.popLast() else { return false }
                alternative = group.alternative
                quantifiable = group.kind != .lookaround
            case "*", "+", "?", "{":
                guard quantifiable, scalar != "{" || boundsAreInOrder() else { return false }
                if peek() == "?" { index += 1 }
                quantifiable = false
            case "}", "]": return false
            case "^", "$": quantifiable = false
            case "[":
                guard classIsValid() else { return false }
                quantifiable = true
            case "\\":
                if peek() == "b" || peek() == "B" {
                    index += 1
                    quantifiable = false
                } else {
                    guard atomEscapeIsValid() else { return false }
                    quantifiable = true
                }
            default: quantifiable = true
            }
        }
        return open.isEmpty && largestBackreference <= groupCount
            && referencedNames.allSatisfy { names[$0] != nil }
    }

    // MARK: Groups

    /// Reads what follows a `(`; nil when it opens no group.
    private mutating func groupOpening(in alternative: Int) -> Group? {
        guard peek() == "?" else {
            groupCount += 1
            return .capturing
        }
        index += 1
        switch next() {
        case "=", "!": return .lookaround
        case "<":
            if peek() == "=" || peek() == "!" {
                index += 1
                return .lookaround
            }
            guard let name = groupName(), declare(name, in: alternative) else { return nil }
            groupCount += 1
            return .capturing
        case ":": return .plain
        case nil: return nil
        default:
            index -= 1
            return modifiersAreValid() ? .plain : nil
        }
    }

    /// `ims-ims:` after `(?`: no flag twice, and not `(?-:`.
    private mutating func modifiersAreValid() -> Bool {
        var seen: Set<Unicode.Scalar> = []
        var removing = false
        var removed = 0
        while let scalar = next() {
            switch scalar {
            case "i", "m", "s":
                guard seen.insert(scalar).inserted else { return false }
                if removing { removed += 1 }
            case "-" where !removing: removing = true
            case ":": return !removing || removed > 0 || seen.count > removed
            default: return false
            }
        }
        return false
    }

    /// Records a group of `name`; false when an earlier group of that name might take part in the same match.
    ///
    /// Checking each against the latest suffices: two groups exclude each other when they sit in
    /// different alternatives of one disjunction, and that relation carries along a sequence in
    /// pattern order.
    private mutating func declare(_ name: String, in alternative: Int) -> Bool {
        if let earlier = names[name], !alternatives.excludeEachOther(earlier, alternative) { return false }
        names[name] = alternative
        return true
    }

    /// `name>` after `<`, escapes decoded.
    private mutating func groupName() -> String? {
        var name = String.UnicodeScalarView()
        while let scalar = next() {
            if scalar == ">" { return name.isEmpty ? nil : String(name) }
            var character = scalar
            if scalar == "\\" {
                guard next() == "u", let value = unicodeEscape(), let decoded = Unicode.Scalar(value) else {
                    return nil
                }
                character = decoded
            }
            let properties = character.properties
            let allowed =
                character == "$" || character == "_"
                || (name.isEmpty
                    ? properties.isIDStart
                    : properties.isIDContinue || character == "\u{200C}" || character == "\u{200D}")
            guard allowed else { return nil }
            name.append(character)
        }
        return nil
    }

    // MARK: Quantifiers

    /// `n}`, `n,}` or `n,m}` after `{`, with `n` ≤ `m`.
    private mutating func boundsAreInOrder() -> Bool {
        guard let low = digits() else { return false }
        if peek() == "," {
            index += 1
            if peek() == "}" {
                index += 1
                return true
            }
            guard let high = digits(), next() == "}" else { return false }
            return low.count < high.count || (low.count == high.count && !high.lexicographicallyPrecedes(low))
        }
        return next() == "}"
    }

    /// A run of decimal digits without leading zeros (so that longer means larger); nil when
    /// there is none.
    private mutating func digits() -> [UInt8]? {
        let start = index
        while peek()?.isASCIIDigit == true { index += 1 }
        guard index > start else { return nil }
        return Array(scalars[start..<index].map { UInt8($0.value) }.drop { $0 == 0x30 })
    }

    // MARK: Escapes

    /// What follows a `\` outside a class (not `b` or `B`).
    private mutating func atomEscapeIsValid() -> Bool {
        guard let scalar = peek() else { return false }
        switch scalar {
        case "1"..."9":
            var value = 0
            while let digit = peek(), digit.isASCIIDigit {
                value = min(value * 10 + Int(digit.value - 0x30), Int(Int32.max))
                index += 1
            }
            largestBackreference = max(largestBackreference, value)
            return true
        case "k":
            index += 1
            guard next() == "<", let name = groupName() else { return false }
            referencedNames.append(name)
            return true
        default:
            return classEscape(inClass: false) != nil
        }
    }

    /// A class escape or character escape after `\`: the character's value, or -1 for a class
    /// (`\d`, `\p{…}`…); nil when invalid.
    private mutating func classEscape(inClass: Bool) -> Int? {
        guard let scalar = next() else { return nil }
        switch scalar {
        case "d", "D", "s", "S", "w", "W": return -1
        case "p", "P": return propertyIsValid() ? -1 : nil
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "b" where inClass: return 0x08
        case "-" where inClass: return 0x2D
        case "c":
            guard let letter = next(), letter.isASCIILetter else { return nil }
            return Int(letter.value % 32)
        case "0":
            guard peek()?.isASCIIDigit == true else { return 0 }
            return nil
        case "x":
            guard let high = hexDigit(), let low = hexDigit() else { return nil }
            return high * 16 + low
        case "u": return unicodeEscape()
        case "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/": return Int(scalar.value)
        default: return nil
        }
    }

    /// `XXXX` (a surrogate pair when a trailing `\uXXXX` follows a leading one) or `{X…}` after
    /// `\u`: the code point.
    private mutating func unicodeEscape() -> Int? {
        if peek() == "{" {
            index += 1
            var value = 0
            var count = 0
            while let digit = hexDigit() {
                value = min(value * 16 + digit, 0x11_0000)
                count += 1
            }
            guard count > 0, next() == "}", value <= 0x10_FFFF else { return nil }
            return value
        }
        guard let lead = fourHexDigits() else { return nil }
        let resume = index
        if (0xD800..<0xDC00).contains(lead), next() == "\\", next() == "u", let trail = fourHexDigits(),
            (0xDC00..<0xE000).contains(trail)
        {
            return 0x1_0000 + (lead - 0xD800) << 10 + (trail - 0xDC00)
        }
        index = resume
        return lead
    }

    private mutating func fourHexDigits() -> Int? {
        var value = 0
        for _ in 0..<4 {
            guard let digit = hexDigit() else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private mutating func hexDigit() -> Int? {
        guard let scalar = peek(), scalar.properties.isASCIIHexDigit else { return nil }
        index += 1
        return Int(scalar.value <= 0x39 ? scalar.value - 0x30 : (scalar.value | 0x20) - 0x57)
    }

    /// `{Name=Value}` or `{NameOrValue}` after `\p` or `\P`.
    private mutating func propertyIsValid() -> Bool {
        guard next() == "{" else { return false }
        let start = index
        while let scalar = peek(), scalar != "}" { index += 1 }
        guard next() == "}" else { return false }
        let body = String(String.UnicodeScalarView(scalars[start..<index - 1]))
        let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return UnicodeProperties.lone.contains(body) }
        switch parts[0] {
        case "General_Category", "gc": return UnicodeTables.generalCategoryNames.contains(parts[1])
        case "Script", "sc", "Script_Extensions", "scx": return UnicodeTables.scriptNames.contains(parts[1])
        default: return false
        }
    }

    // MARK: Classes

    /// What follows a `[`, up to its `]`: every range in order and between two characters.
    private mutating func classIsValid() -> Bool {
        if peek() == "^" { index += 1 }
        var previous: Int?
        while let scalar = next() {
            switch scalar {
            case "]": return true
            case "-" where previous != nil && peek() != "]":
                guard let low = previous, let high = classAtom(), low >= 0, high >= 0, low <= high else {
                    return false
                }
                previous = nil
            default:
                index -= 1
                guard let atom = classAtom() else { return false }
                previous = atom
            }
        }
        return false
    }

    /// One member of a class: a character's value, or -1 for a class escape.
    private mutating func classAtom() -> Int? {
        guard let scalar = next() else { return nil }
        if scalar == "\\" { return classEscape(inClass: true) }
        return scalar == "]" ? nil : Int(scalar.value)
    }

    // MARK: Reading

    private mutating func next() -> Unicode.Scalar? {
        guard index < scalars.count else { return nil }
        defer { index += 1 }
        return scalars[index]
    }

    private func peek() -> Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { (value | 0x20) &- 0x61 < 26 }
    fileprivate var isASCIIDigit: Bool { value &- 0x30 < 10 }
}
