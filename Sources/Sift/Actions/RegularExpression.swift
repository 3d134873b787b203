/// The engine's linear-time regular-expression matcher (an I-Regexp, RFC 9485, run by a Pike VM),
/// offered to the package's other libraries: SiftSchema's `pattern` and `patternProperties` use
/// it, as `match()` and `search()` in filters do.
///
/// Matching takes time proportional to the text's length times the pattern's size; it never
/// backtracks. Patterns outside I-Regexp (`\d`, `\w`, `(?:…)`, look-arounds, back-references)
/// do not compile.
///
/// ```swift
/// let expression = RegularExpression("^[a-z]+$")
/// expression?.matchesPart("abc") // true
/// ```
package struct RegularExpression: Sendable {
    private let compiled: IRegexp

    /// Compiles `pattern`; nil when it is not an I-Regexp.
    package init?(_ pattern: String) {
        guard let compiled = IRegexp(pattern) else { return nil }
        self.compiled = compiled
    }

    /// Whether some substring of `text` matches (RFC 9535's `search`, JSON Schema's `pattern`).
    package func matchesPart(_ text: String) -> Bool { compiled.matchesPart(text) }

    /// Whether the whole of `text` matches (RFC 9535's `match`).
    package func matchesWhole(_ text: String) -> Bool { compiled.matchesWhole(text) }
}
