extension ECMAScriptPattern {
    /// The nesting of a pattern's disjunctions and alternatives, to tell whether two named groups
    /// might both take part in one match: the pattern is a disjunction (the root, depth 0), each
    /// alternative a child of its disjunction and each group a disjunction under the alternative
    /// it sits in, so even depths are disjunctions and odd depths alternatives.
    ///
    /// Each node keeps a jump pointer besides its parent (Myers' skew-binary ancestors), so a
    /// common ancestor is found in steps logarithmic in the depth, whatever the nesting.
    struct AlternativeTree {
        private var parents: [Int32] = [0]
        private var depths: [Int32] = [0]
        private var jumps: [Int32] = [0]

        var root: Int { 0 }

        func parent(of node: Int) -> Int { Int(parents[node]) }

        /// A new node under `parent`.
        mutating func add(under parent: Int) -> Int {
            let jump = Int(jumps[parent])
            let evenSteps = depths[parent] - depths[jump] == depths[jump] - depths[Int(jumps[jump])]
            parents.append(Int32(parent))
            depths.append(depths[parent] + 1)
            jumps.append(evenSteps && parent != root ? jumps[jump] : Int32(parent))
            return parents.count - 1
        }

        /// Whether a group in alternative `first` and one in alternative `second` exclude each
        /// other: they meet at a disjunction, in different alternatives of it.
        func excludeEachOther(_ first: Int, _ second: Int) -> Bool {
            var (deeper, other) = depths[first] >= depths[second] ? (first, second) : (second, first)
            while depths[deeper] > depths[other] {
                let jump = Int(jumps[deeper])
                deeper = depths[jump] >= depths[other] ? jump : parent(of: deeper)
            }
            while deeper != other {
                if jumps[deeper] != jumps[other] {
                    deeper = Int(jumps[deeper])
                    other = Int(jumps[other])
                } else {
                    deeper = parent(of: deeper)
                    other = parent(of: other)
                }
            }
            return depths[deeper] % 2 == 0
        }
    }

    /// The names `\p{…}` accepts besides the General_Category and Script values of
    /// ``UnicodeTables``.
    enum UnicodeProperties {
        /// The binary properties of ECMA-262's table of them, by name and alias.
        static let binary: Set<String> = [
            "ASCII", "ASCII_Hex_Digit", "AHex", "Alphabetic", "Alpha", "Any", "Assigned", "Bidi_Control", "Bidi_C",
            "Bidi_Mirrored", "Bidi_M", "Case_Ignorable", "CI", "Cased", "Changes_When_Casefolded", "CWCF",
            "Changes_When_Casemapped", "CWCM", "Changes_When_Lowercased", "CWL", "Changes_When_NFKC_Casefolded",
            "CWKCF", "Changes_When_Titlecased", "CWT", "Changes_When_Uppercased", "CWU", "Dash",
            "Default_Ignorable_Code_Point", "DI", "Deprecated", "Dep", "Diacritic", "Dia", "Emoji",
            "Emoji_Component", "EComp", "Emoji_Modifier", "EMod", "Emoji_Modifier_Base", "EBase",
            "Emoji_Presentation", "EPres", "Extended_Pictographic", "ExtPict", "Extender", "Ext", "Grapheme_Base",
            "Gr_Base", "Grapheme_Extend", "Gr_Ext", "Hex_Digit", "Hex", "IDS_Binary_Operator", "IDSB",
            "IDS_Trinary_Operator", "IDST", "ID_Continue", "IDC", "ID_Start", "IDS", "Ideographic", "Ideo",
            "Join_Control", "Join_C", "Logical_Order_Exception", "LOE", "Lowercase", "Lower", "Math",
            "Noncharacter_Code_Point", "NChar", "Pattern_Syntax", "Pat_Syn", "Pattern_White_Space", "Pat_WS",
            "Quotation_Mark", "QMark", "Radical", "Regional_Indicator", "RI", "Sentence_Terminal", "STerm",
            "Soft_Dotted", "SD", "Terminal_Punctuation", "Term", "Unified_Ideograph", "UIdeo", "Uppercase",
            "Upper", "Variation_Selector", "VS", "White_Space", "space", "WSpace", "XID_Continue", "XIDC", "XID_Start",
            "XIDS",
        ]

        /// What `\p{…}` accepts without a `=`.
        static let lone = UnicodeTables.generalCategoryNames.union(binary)
    }
}
