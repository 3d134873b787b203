/// Unicode properties that IDNA 2008 needs and `Unicode.Scalar.Properties` does not expose:
/// Script, Joining_Type and Bidi_Class, and the property value names of a regular expression's
/// `\p{…}`, from tables generated out of the Unicode Character Database (`generate.sh`,
/// README.md).
///
/// The tables are of one Unicode version (``version``), which may be older than the Swift
/// standard library's; ``isAssigned(_:)`` treats a code point newer than the tables as
/// unassigned, so that every property asked of an assigned code point comes from one version.
enum UnicodeTables {
    /// The scripts that RFC 5892 Appendix A names.
    enum Script: UInt32 {
        /// Any script not listed here.
        case other = 0
        /// Greek.
        case greek = 1
        /// Hebrew.
        case hebrew = 2
        /// Hiragana.
        case hiragana = 3
        /// Katakana.
        case katakana = 4
        /// Han.
        case han = 5
    }

    /// Joining_Type (ArabicShaping.txt): U non-joining, C join-causing, D dual-joining,
    /// L left-joining, R right-joining, T transparent.
    enum JoiningType: UInt32 {
        /// Non_Joining.
        case nonJoining = 0
        /// Join_Causing.
        case joinCausing = 1
        /// Dual_Joining.
        case dualJoining = 2
        /// Left_Joining.
        case leftJoining = 3
        /// Right_Joining.
        case rightJoining = 4
        /// Transparent.
        case transparent = 5
    }

    /// Bidi_Class, numbered in the order `generate.sh` gives the names.
    enum BidiClass: UInt32 {
        /// L, Left_To_Right.
        case l = 0
        /// R, Right_To_Left.
        case r = 1
        /// AL, Arabic_Letter.
        case al = 2
        /// EN, European_Number.
        case en = 3
        /// ES, European_Separator.
        case es = 4
        /// ET, European_Terminator.
        case et = 5
        /// AN, Arabic_Number.
        case an = 6
        /// CS, Common_Separator.
        case cs = 7
        /// NSM, Nonspacing_Mark.
        case nsm = 8
        /// BN, Boundary_Neutral.
        case bn = 9
        /// B, Paragraph_Separator.
        case b = 10
        /// S, Segment_Separator.
        case s = 11
        /// WS, White_Space.
        case ws = 12
        /// ON, Other_Neutral.
        case on = 13
        /// LRE, Left_To_Right_Embedding.
        case lre = 14
        /// LRO, Left_To_Right_Override.
        case lro = 15
        /// RLE, Right_To_Left_Embedding.
        case rle = 16
        /// RLO, Right_To_Left_Override.
        case rlo = 17
        /// PDF, Pop_Directional_Format.
        case pdf = 18
        /// LRI, Left_To_Right_Isolate.
        case lri = 19
        /// RLI, Right_To_Left_Isolate.
        case rli = 20
        /// FSI, First_Strong_Isolate.
        case fsi = 21
        /// PDI, Pop_Directional_Isolate.
        case pdi = 22
    }

    /// Whether `scalar` is assigned as of the tables' Unicode version.
    static func isAssigned(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return (age.major, age.minor) <= version
    }

    /// The Script of `scalar`, among those RFC 5892 names.
    static func script(_ scalar: Unicode.Scalar) -> Script {
        Script(rawValue: value(of: scalar, in: scriptRanges) ?? 0) ?? .other
    }

    /// The Joining_Type of `scalar`: listed in ArabicShaping.txt, else T for a Mn, Me or Cf, else U.
    static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        if let listed = value(of: scalar, in: joiningTypeRanges) { return JoiningType(rawValue: listed) ?? .nonJoining }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .nonJoining
        }
    }

    /// The Bidi_Class of `scalar`; L when the table does not list it.
    static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        BidiClass(rawValue: value(of: scalar, in: bidiClassRanges) ?? 0) ?? .l
    }

    /// The value of the (first, last, value) triple of `table` whose range holds `scalar`.
    private static func value(of scalar: Unicode.Scalar, in table: [UInt32]) -> UInt32? {
        let code = scalar.value
        var low = 0
        var high = table.count / 3
        while low < high {
            let middle = (low + high) / 2
            if table[middle * 3 + 1] < code {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < table.count / 3, table[low * 3] <= code else { return nil }
        return table[low * 3 + 2]
    }
}
