/// The Bidi rule of RFC 5893 §2, for the labels of a domain name that holds a right-to-left
/// label.
enum BidiRule {
    /// Whether `label` holds a right-to-left character (R, AL or AN), which makes the whole
    /// domain name a Bidi domain name.
    static func isRightToLeft(_ label: [Unicode.Scalar]) -> Bool {
        label.contains {
            switch UnicodeTables.bidiClass($0) {
            case .r, .al, .an: return true
            default: return false
            }
        }
    }

    /// Whether `label`, one label of a Bidi domain name, meets the six conditions.
    static func holds(for label: [Unicode.Scalar]) -> Bool {
        let classes = label.map(UnicodeTables.bidiClass)
        guard let first = classes.first else { return false }
        let last = classes.last { $0 != .nsm } ?? first
        switch first {
        case .r, .al:
            // Conditions 2, 3 and 4.
            let allowed: Set<UnicodeTables.BidiClass> = [.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm]
            return classes.allSatisfy(allowed.contains) && [.r, .al, .en, .an].contains(last)
                && !(classes.contains(.en) && classes.contains(.an))
        case .l:
            // Conditions 5 and 6.
            let allowed: Set<UnicodeTables.BidiClass> = [.l, .en, .es, .cs, .et, .on, .bn, .nsm]
            return classes.allSatisfy(allowed.contains) && (last == .l || last == .en)
        default:
            // Condition 1.
            return false
        }
    }
}
