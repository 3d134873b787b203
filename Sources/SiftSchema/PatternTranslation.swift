/// Rewrites the ECMA-262 shorthands JSON Schema patterns commonly use into I-Regexp (RFC 9485),
/// which the engine matches in linear time: `\d`, `\w`, `\s` and their negations, long Unicode
/// category names (`\p{Letter}` → `\p{L}`), `\uXXXX`, `\/` and non-capturing groups `(?:…)`.
///
/// What has no I-Regexp form (look-arounds, back-references, lazy quantifiers, `\b`, script
/// properties) is left as written, and the pattern then fails to compile with
/// ``JSONSchemaError/Kind/unsupportedPattern``.
enum PatternTranslation {
    static func translate(_ pattern: String) -> String {
        var output = ""
        var inClass = false
        var scalars = Array(pattern.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "[" where !inClass:
                inClass = true
                output.unicodeScalars.append(scalar)
                if scalars.first == "^" { output.unicodeScalars.append(scalars.removeFirst()) }
            case "]" where inClass:
                inClass = false
                output.unicodeScalars.append(scalar)
            case "(" where !inClass && scalars.starts(with: ["?", ":"]):
                scalars.removeFirst(2)
                output += "("
            case "\\":
                guard let escaped = scalars.popFirst() else {
                    output += "\\"
                    continue
                }
                output += escape(escaped, rest: &scalars, inClass: inClass)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    private static let digits = "0-9"
    private static let word = "a-zA-Z0-9_"
    /// ECMA-262's white space and line terminators.
    private static let space =
        "\\t\\n\\r \u{0B}\u{0C}\u{A0}\u{1680}\u{2000}-\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{FEFF}"

    private static func escape(_ escaped: Unicode.Scalar, rest: inout ArraySlice<Unicode.Scalar>, inClass: Bool)
        -> String
    {
        switch escaped {
        case "d": return inClass ? digits : "[\(digits)]"
        case "w": return inClass ? word : "[\(word)]"
        case "s": return inClass ? space : "[\(space)]"
        case "D" where !inClass: return "[^\(digits)]"
        case "W" where !inClass: return "[^\(word)]"
        case "S" where !inClass: return "[^\(space)]"
        case "/": return "/"
        case "u":
            let hex = String(String.UnicodeScalarView(rest.prefix(4)))
            guard hex.count == 4, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                return "\\u"
            }
            rest.removeFirst(4)
            let special: Set<Unicode.Scalar> = [
                "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}", "$",
            ]
            return special.contains(scalar) ? "\\" + String(scalar) : String(scalar)
        case "p", "P":
            guard rest.first == "{", let close = rest.firstIndex(of: "}") else { return "\\" + String(escaped) }
            let name = String(String.UnicodeScalarView(rest[rest.index(after: rest.startIndex)..<close]))
            let bare = name.split(separator: "=").last.map(String.init) ?? name
            guard let short = categories[bare] ?? (categories.values.contains(bare) ? bare : nil) else {
                return "\\" + String(escaped)
            }
            rest.removeSubrange(rest.startIndex...close)
            return "\\\(escaped){\(short)}"
        default: return "\\" + String(escaped)
        }
    }

    /// Unicode general categories by long name.
    private static let categories: [String: String] = [
        "Letter": "L", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll", "Titlecase_Letter": "Lt",
        "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M", "Nonspacing_Mark": "Mn",
        "Spacing_Mark": "Mc", "Enclosing_Mark": "Me", "Number": "N", "Decimal_Number": "Nd", "digit": "Nd",
        "Letter_Number": "Nl", "Other_Number": "No", "Punctuation": "P", "punct": "P",
        "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd", "Open_Punctuation": "Ps",
        "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi", "Final_Punctuation": "Pf",
        "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc",
        "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z", "Space_Separator": "Zs",
        "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C", "Control": "Cc", "Format": "Cf",
        "Unassigned": "Cn", "Private_Use": "Co",
    ]
}
