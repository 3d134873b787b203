/// Two ways of reading the same input that should agree and do not (or a rule the harness
/// checks that does not hold).
///
/// ```swift
/// throw FuzzDivergence("whole vs pieces", expected: whole, found: pieces)
/// ```
public struct FuzzDivergence: Error, CustomStringConvertible {
    /// What was compared.
    ///
    /// ```swift
    /// divergence.check // "whole vs pieces"
    /// ```
    public let check: String
    /// The two outcomes (or the broken rule), as text.
    ///
    /// ```swift
    /// print(divergence.details)
    /// ```
    public let details: String

    /// A divergence described in full.
    ///
    /// ```swift
    /// FuzzDivergence("normalized form", details: "$['a'] does not parse")
    /// ```
    public init(_ check: String, details: String) {
        self.check = check
        self.details = details
    }

    /// A divergence between two outcomes, showing where they first differ.
    ///
    /// ```swift
    /// FuzzDivergence("whole vs pieces", expected: ["null"], found: ["error: ..."])
    /// ```
    public init(_ check: String, expected: [String], found: [String]) {
        let first =
            zip(expected, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expected.count, found.count)
        let left = first < expected.count ? expected[first] : "(end)"
        let right = first < found.count ? found[first] : "(end)"
        self.init(check, details: "line \(first) differs:\n  expected: \(left)\n  found:    \(right)")
    }

    /// Throws a divergence unless the outcomes are equal.
    ///
    /// ```swift
    /// try FuzzDivergence.expectEqual(whole, pieces, "whole vs pieces")
    /// ```
    public static func expectEqual(_ expected: [String], _ found: [String], _ check: String) throws(FuzzDivergence) {
        if expected != found { throw FuzzDivergence(check, expected: expected, found: found) }
    }

    /// The check and the details.
    ///
    /// ```swift
    /// print(divergence)
    /// ```
    public var description: String { "divergence in \(check): \(details)" }
}
