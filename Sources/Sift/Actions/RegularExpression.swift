/// The engine's linear-time regular-expression matcher (an I-Regexp, RFC 9485, run by a Pike VM):
/// `match()` and `search()` in filters use it, and so do SiftSchema's `pattern` and
/// `patternProperties`, through this public face.
///
/// Matching takes time proportional to the text's length times the pattern's size; it never
/// backtracks. Patterns outside I-Regexp (`\d`, `\w`, `(?:…)`, look-arounds, back-references)
/// do not compile.
///
/// ```swift
/// let expression = RegularExpression("^[a-z]+$")
/// expression?.matchesPart("abc") // true
/// ```
public struct RegularExpression: Sendable {
    private let compiled: IRegexp

    /// Compiles `pattern`; nil when it is not an I-Regexp.
    ///
    /// ```swift
    /// RegularExpression("\\d+")  // nil: `\d` is not I-Regexp; write [0-9]+
    /// ```
    public init?(_ pattern: String) {
        guard let compiled = IRegexp(pattern) else { return nil }
        self.compiled = compiled
    }

    /// Whether some substring of `text` matches (RFC 9535's `search`, JSON Schema's `pattern`).
    ///
    /// ```swift
    /// RegularExpression("[0-9]")?.matchesPart("a1")  // true
    /// ```
    public func matchesPart(_ text: String) -> Bool { compiled.matchesPart(text) }

    /// Whether the whole of `text` matches (RFC 9535's `match`).
    ///
    /// ```swift
    /// RegularExpression("[0-9]")?.matchesWhole("a1")  // false
    /// ```
    public func matchesWhole(_ text: String) -> Bool { compiled.matchesWhole(text) }
}
