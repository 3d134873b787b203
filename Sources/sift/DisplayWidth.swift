/// How many terminal columns text takes.
///
/// Two for a wide East Asian character or an emoji, one for any other character (a base with
/// its combining marks is one character), a tab kept as a tab. Carets under a source line are placed by it, so that they stay under the character they
/// name after CJK text or an emoji.
///
/// ```swift
/// DisplayWidth.padding(before: "[\"日本\", ")  // 9 spaces: [ " 日 本 " , and a space take 1+1+2+2+1+1+1
/// ```
enum DisplayWidth {
    /// The columns `character` takes on a terminal: 1 or 2.
    static func columns(of character: Character) -> Int {
        for scalar in character.unicodeScalars {
            if scalar.properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
            // A text-style emoji made an emoji by the variation selector U+FE0F.
            if scalar.value == 0xFE0F { return 2 }
        }
        return 1
    }

    /// Blanks as wide as `text`, tabs kept, for the line that carries a caret.
    static func padding(before text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            if character == "\t" {
                result.append("\t")
            } else {
                result += String(repeating: " ", count: columns(of: character))
            }
        }
        return result
    }

    /// Whether a scalar is East Asian Wide or Fullwidth (Unicode's EastAsianWidth W and F).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }
}
