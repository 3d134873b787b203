/// The contextual rules of RFC 5892 Appendix A, for the CONTEXTJ and CONTEXTO code points of a
/// U-label.
enum IDNAContextRule {
    /// Whether the code point at `index` of `label` may stand there: false for a code point
    /// with no rule (RFC 5891 §4.2.3.3: no rule means not allowed).
    static func holds(in label: [Unicode.Scalar], at index: Int) -> Bool {
        let before = index > 0 ? label[index - 1] : nil
        let after = index + 1 < label.count ? label[index + 1] : nil
        switch label[index].value {
        case 0x200C:  // ZERO WIDTH NON-JOINER (A.1)
            return isVirama(before) || joinsAround(label, index)
        case 0x200D:  // ZERO WIDTH JOINER (A.2)
            return isVirama(before)
        case 0x00B7:  // MIDDLE DOT (A.3)
            return before?.value == 0x6C && after?.value == 0x6C
        case 0x0375:  // GREEK LOWER NUMERAL SIGN (KERAIA) (A.4)
            return after.map { UnicodeTables.script($0) == .greek } ?? false
        case 0x05F3, 0x05F4:  // HEBREW PUNCTUATION GERESH, GERSHAYIM (A.5, A.6)
            return before.map { UnicodeTables.script($0) == .hebrew } ?? false
        case 0x30FB:  // KATAKANA MIDDLE DOT (A.7)
            return label.contains { [.hiragana, .katakana, .han].contains(UnicodeTables.script($0)) }
        case 0x0660...0x0669:  // ARABIC-INDIC DIGITS (A.8)
            return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9:  // EXTENDED ARABIC-INDIC DIGITS (A.9)
            return !label.contains { (0x0660...0x0669).contains($0.value) }
        default:
            return false
        }
    }

    /// Canonical_Combining_Class Virama (9).
    private static func isVirama(_ scalar: Unicode.Scalar?) -> Bool {
        scalar?.properties.canonicalCombiningClass.rawValue == 9
    }

    /// A.1's regular expression around the ZWNJ at `index`:
    /// `(Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})`.
    private static func joinsAround(_ label: [Unicode.Scalar], _ index: Int) -> Bool {
        let left = label[..<index].reversed().first { UnicodeTables.joiningType($0) != .transparent }
        let right = label[(index + 1)...].first { UnicodeTables.joiningType($0) != .transparent }
        guard let left, let right else { return false }
        let leftType = UnicodeTables.joiningType(left)
        let rightType = UnicodeTables.joiningType(right)
        return (leftType == .leftJoining || leftType == .dualJoining)
            && (rightType == .rightJoining || rightType == .dualJoining)
    }
}
