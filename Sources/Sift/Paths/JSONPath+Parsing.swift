/// A JSONPath expression that could not be read, with the offending position.
///
/// ```swift
/// do { _ = try JSONPath("$.a[") } catch let error as JSONPathSyntaxError {
///     print(error)
///     // error: expected a selector at position 4
///     // $.a[
///     //     ^
/// }
/// ```
public struct JSONPathSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    ///
    /// ```swift
    /// error.message // "expected a selector"
    /// ```
    public let message: String

    /// The expression that was parsed.
    ///
    /// ```swift
    /// error.expression // "$.a["
    /// ```
    public let expression: String

    /// The 0-based position (in Unicode scalars) of the offending character.
    ///
    /// ```swift
    /// error.position // 4
    /// ```
    public let position: Int

    /// The message, the expression and a caret under the offending position.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        let caret = String(repeating: " ", count: position) + "^"
        return "error: \(message) at position \(position)\n\(expression)\n\(caret)"
    }
}

extension JSONPath {
    /// Parses an RFC 9535 JSONPath expression: `$`, `.name`, `['name']`, `.*`, `[*]`, `[n]`
    /// (negative counts from the end), unions `[a,b]`, slices `[start:end:step]`, descendant
    /// segments `..` and filter selectors `[?expr]` with comparisons, `&&`, `||`, `!`, existence
    /// tests and the functions `length`, `count`, `match`, `search` and `value`.
    ///
    /// Well-typedness (RFC 9535 §2.4.3) is checked here: an ill-typed filter is a syntax error.
    /// Filters stream like every other selector: each candidate is decided from its operands,
    /// captured alone, as soon as they are read.
    ///
    /// ```swift
    /// let path = try JSONPath("$.store.book[0,-1]['title']")
    /// let ids = try JSONPath("$..id")
    /// let cheap = try JSONPath("$.items[?@.price < 10 && match(@.name, 'a.*')].name")
    /// ```
    public init(_ expression: String) throws(JSONPathSyntaxError) {
        var parser = JSONPathParser(expression)
        self = try parser.parse()
    }
}

struct JSONPathParser {
    let expression: String
    let scalars: [Unicode.Scalar]
    var position = 0
    /// How deep filter expressions nest at the current position (see ``FilterExpression/maximumNesting``).
    var filterNesting = 0
    private static let maximumInteger = (1 << 53) - 1

    init(_ expression: String) {
        self.expression = expression
        self.scalars = Array(expression.unicodeScalars)
    }

    mutating func parse() throws(JSONPathSyntaxError) -> JSONPath {
        guard peek == "$" else { throw error("a JSONPath query starts with '$'") }
        position += 1
        let segments = try segments(inFilter: false)
        return JSONPath(alternatives: [segments])
    }

    /// The segments after `$` or `@`.
    ///
    /// At the top level they run to the end of the expression; inside a filter they end before the first character that cannot start a segment (blank
    /// space before it is left unread).
    mutating func segments(inFilter: Bool) throws(JSONPathSyntaxError) -> [PathSegment] {
        var segments: [PathSegment] = []
        while true {
            let beforeSpace = position
            skipBlanks()
            guard let next = peek else {
                if position != beforeSpace && !inFilter {
                    throw error("unexpected blank space at the end", at: beforeSpace)
                }
                position = beforeSpace
                break
            }
            switch next {
            case "[":
                segments.append(.child(try bracketedSelection()))
            case ".":
                position += 1
                if peek == "." {
                    position += 1
                    switch peek {
                    case "[": segments.append(.descendant(try bracketedSelection()))
                    case "*":
                        position += 1
                        segments.append(.descendant([.wildcard]))
                    default: segments.append(.descendant([.name(try memberNameShorthand())]))
                    }
                } else if peek == "*" {
                    position += 1
                    segments.append(.child([.wildcard]))
                } else {
                    segments.append(.child([.name(try memberNameShorthand())]))
                }
            default:
                if inFilter {
                    position = beforeSpace
                    return segments
                }
                throw error("expected '.', '..' or '[' to start a segment")
            }
        }
        return segments
    }

    var peek: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func error(_ message: String, at offset: Int? = nil) -> JSONPathSyntaxError {
        JSONPathSyntaxError(message: message, expression: expression, position: offset ?? position)
    }

    mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { position += 1 }
    }

    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || scalar == "_" || scalar.value >= 0x80
    }

    private mutating func memberNameShorthand() throws(JSONPathSyntaxError) -> String {
        guard let first = peek, Self.isNameFirst(first) else { throw error("expected a member name") }
        var name = String.UnicodeScalarView()
        while let scalar = peek, Self.isNameFirst(scalar) || (scalar >= "0" && scalar <= "9") {
            name.append(scalar)
            position += 1
        }
        return String(name)
    }

    private mutating func bracketedSelection() throws(JSONPathSyntaxError) -> [PathSelector] {
        position += 1  // [
        var selectors: [PathSelector] = []
        while true {
            skipBlanks()
            selectors.append(try selector())
            skipBlanks()
            switch peek {
            case ",": position += 1
            case "]":
                position += 1
                return selectors
            case nil: throw error("expected ']' to close the selection")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func selector() throws(JSONPathSyntaxError) -> PathSelector {
        switch peek {
        case "'", "\"": return .name(try stringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?": return .filter(try filterSelector())
        case nil: throw error("expected a selector")
        default:
            let start = position
            let first: Int? = peek == ":" ? nil : try integer()
            skipBlanks()
            guard peek == ":" else {
                guard let first else { throw error("expected a selector", at: start) }
                return .index(first)
            }
            position += 1
            skipBlanks()
            let end: Int? = (peek == "-" || peek.map { $0 >= "0" && $0 <= "9" } == true) ? try integer() : nil
            skipBlanks()
            var step: Int?
            if peek == ":" {
                position += 1
                skipBlanks()
                if peek == "-" || peek.map({ $0 >= "0" && $0 <= "9" }) == true { step = try integer() }
            }
            return .slice(start: first, end: end, step: step)
        }
    }

    private mutating func integer() throws(JSONPathSyntaxError) -> Int {
        let start = position
        var negative = false
        if peek == "-" {
            negative = true
            position += 1
        }
        guard let first = peek, first >= "0" && first <= "9" else { throw error("expected a selector", at: start) }
        if first == "0" {
            position += 1
            if negative { throw error("'-0' is not a valid integer", at: start) }
            if let next = peek, next >= "0" && next <= "9" { throw error("integers have no leading zeros", at: start) }
            return 0
        }
        var value = 0
        while let scalar = peek, scalar >= "0" && scalar <= "9" {
            value = value * 10 + Int(scalar.value - 48)
            if value > Self.maximumInteger { throw error("integer out of range (at most 2^53-1)", at: start) }
            position += 1
        }
        return negative ? -value : value
    }

    mutating func stringLiteral() throws(JSONPathSyntaxError) -> String {
        guard let quote = peek else { throw error("expected a string") }
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("unterminated string") }
            position += 1
            if scalar == quote { return String(result) }
            if scalar.value < 0x20 { throw error("control characters must be escaped in strings", at: position - 1) }
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escaped = peek else { throw error("unterminated string") }
            position += 1
            switch escaped {
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "/": result.append("/")
            case "\\": result.append("\\")
            case "u": result.append(try unicodeEscape())
            case _ where escaped == quote: result.append(quote)
            default: throw error("invalid escape '\\\(escaped)'", at: position - 2)
            }
        }
    }

    private mutating func hexQuad() throws(JSONPathSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Int(String(scalar), radix: 16) else {
                throw error("expected four hexadecimal digits")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func unicodeEscape() throws(JSONPathSyntaxError) -> Unicode.Scalar {
        let start = position - 2
        var high = try hexQuad()
        if (0xDC00...0xDFFF).contains(high) { throw error("lone low surrogate", at: start) }
        if (0xD800...0xDBFF).contains(high) {
            guard peek == "\\", position + 1 < scalars.count, scalars[position + 1] == "u" else {
                throw error("high surrogate without a low surrogate", at: start)
            }
            position += 2
            let low = try hexQuad()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("high surrogate without a low surrogate", at: start)
            }
            high = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        // Surrogates are paired above, so every code point left is a scalar.
        guard let scalar = Unicode.Scalar(high) else { throw error("invalid \\u escape", at: start) }
        return scalar
    }
}
