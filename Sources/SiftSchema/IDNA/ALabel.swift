import Foundation

/// IDNA 2008 A-labels (`xn--` and Punycode) in host names: the checks of RFC 5891 §4.2 and
/// §5.3–5.4 on the U-label each one encodes, and the Bidi rule (RFC 5893) across the name.
enum ALabel {
    /// Whether `label` starts with the ACE prefix `xn--`, in either case.
    static func hasPrefix(_ label: ArraySlice<UInt8>) -> Bool {
        let start = label.startIndex
        return label.count >= 4 && label[start] | 0x20 == UInt8(ascii: "x")
            && label[start + 1] | 0x20 == UInt8(ascii: "n")
            && label[start + 2] == UInt8(ascii: "-") && label[start + 3] == UInt8(ascii: "-")
    }

    /// Whether the `labels` of a host name, each already letters, digits and inner hyphens,
    /// are valid: every A-label encodes a valid U-label, and when one of them is right-to-left,
    /// every label meets the Bidi rule.
    static func areValid(_ labels: [ArraySlice<UInt8>]) -> Bool {
        var decoded: [[Unicode.Scalar]] = []
        var isBidi = false
        for label in labels {
            if hasPrefix(label) {
                guard let uLabel = uLabel(label) else { return false }
                isBidi = isBidi || BidiRule.isRightToLeft(uLabel)
                decoded.append(uLabel)
            } else {
                decoded.append(label.map { Unicode.Scalar($0) })
            }
        }
        return !isBidi || decoded.allSatisfy(BidiRule.holds)
    }

    /// The U-label that the A-label `label` encodes; nil when it is not a valid A-label.
    ///
    /// The label is lowered to lower case first (RFC 5891 §5.3): a host name is
    /// case-insensitive, so `XN--A-ZLB` is the A-label `xn--a-zlb`, whose `a` is PVALID.
    static func uLabel(_ label: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        let punycode = label.dropFirst(4).map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 }
        guard let scalars = Punycode.decode(punycode), scalars.contains(where: { !$0.isASCII }),
            Punycode.encode(scalars) == punycode, isValidULabel(scalars)
        else { return nil }
        return scalars
    }

    /// RFC 5891 §4.2.1–4.2.3 on a decoded label: NFC, no `--` in the third and fourth
    /// positions, no hyphen at either end, no combining mark first, and every code point PVALID
    /// or a CONTEXTJ or CONTEXTO one whose rule holds.
    private static func isValidULabel(_ scalars: [Unicode.Scalar]) -> Bool {
        let hyphen = Unicode.Scalar(UInt8(ascii: "-"))
        guard let first = scalars.first, let last = scalars.last, first != hyphen, last != hyphen,
            scalars.count < 4 || scalars[2] != hyphen || scalars[3] != hyphen
        else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        for index in scalars.indices {
            switch IDNAProperty.of(scalars[index]) {
            case .pvalid: continue
            case .contextJ, .contextO: guard IDNAContextRule.holds(in: scalars, at: index) else { return false }
            case .disallowed, .unassigned: return false
            }
        }
        let text = String(String.UnicodeScalarView(scalars))
        return text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(scalars)
    }
}
