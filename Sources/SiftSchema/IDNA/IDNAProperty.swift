/// The IDNA 2008 derived property of a code point (RFC 5892 §2–3), computed from Swift's
/// Unicode properties and ``UnicodeTables``.
enum IDNAProperty: Equatable {
    /// Allowed anywhere in a U-label.
    case pvalid
    /// A join control, allowed only where its rule of RFC 5892 Appendix A holds.
    case contextJ
    /// Allowed only where its rule of RFC 5892 Appendix A holds.
    case contextO
    /// Never allowed.
    case disallowed
    /// Not assigned in the Unicode version of ``UnicodeTables``: not allowed.
    case unassigned

    /// The derived property of `scalar`, by the rules of RFC 5892 §3 in their order.
    static func of(_ scalar: Unicode.Scalar) -> IDNAProperty {
        if let exception = exception(scalar.value) { return exception }
        // BackwardCompatible (§2.7) is empty.
        let properties = scalar.properties
        guard UnicodeTables.isAssigned(scalar) || properties.isNoncharacterCodePoint else { return .unassigned }
        if isLDH(scalar.value) { return .pvalid }
        if properties.isJoinControl { return .contextJ }
        // Unstable (§2.5): the code point changes under NFKC(casefold(NFKC(cp))). Swift's
        // Changes_When_NFKC_Casefolded is that mapping, which also removes Default_Ignorable
        // code points: those are DISALLOWED by IgnorableProperties just below in any case.
        if properties.changesWhenNFKCCaseFolded { return .disallowed }
        if properties.isDefaultIgnorableCodePoint || properties.isWhitespace || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        if isInIgnorableBlock(scalar.value) || isOldHangulJamo(scalar.value) { return .disallowed }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter, .nonspacingMark,
            .spacingMark:
            return .pvalid
        default:
            return .disallowed
        }
    }

    /// The Exceptions of §2.6.
    private static func exception(_ value: UInt32) -> IDNAProperty? {
        switch value {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9: return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        default: return nil
        }
    }

    /// LDH (§2.4): `a`–`z`, `0`–`9` and `-`.
    private static func isLDH(_ value: UInt32) -> Bool {
        (0x61...0x7A).contains(value) || (0x30...0x39).contains(value) || value == 0x2D
    }

    /// IgnorableBlocks (§2.9): Combining Diacritical Marks for Symbols, Musical Symbols,
    /// Ancient Greek Musical Notation.
    private static func isInIgnorableBlock(_ value: UInt32) -> Bool {
        (0x20D0...0x20FF).contains(value) || (0x1D100...0x1D1FF).contains(value)
            || (0x1D200...0x1D24F).contains(value)
    }

    /// OldHangulJamo (§2.10): Hangul_Syllable_Type L, V or T (HangulSyllableType.txt, unchanged
    /// since Unicode 5.2).
    private static func isOldHangulJamo(_ value: UInt32) -> Bool {
        (0x1100...0x11FF).contains(value) || (0xA960...0xA97C).contains(value) || (0xD7B0...0xD7C6).contains(value)
            || (0xD7CB...0xD7FB).contains(value)
    }
}
