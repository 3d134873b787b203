import Foundation

/// The key conversions of `convertFromSnakeCase` and `convertToSnakeCase`, word for word the rules
/// Foundation's `JSONDecoder` and `JSONEncoder` apply, so both give the same keys.
enum KeyCaseConversion {
    /// `one_two_three` → `oneTwoThree`; leading and trailing underscores are kept
    /// (`_one_two_` → `_oneTwo_`); a key without inner underscores is left as it is.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == "_" { key.formIndex(before: &last) }

        let words = key[first...last].split(separator: "_")
        let joined: String
        if words.count == 1 {
            joined = String(key[first...last])
        } else {
            joined = ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
        }
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// `myURLProperty` → `my_url_property`: words split where lower case turns to upper case, and
    /// before the last capital of a run of capitals followed by lower case.
    static func snakeCase(fromCamelCase key: String) -> String {
        let scalars = key.unicodeScalars
        guard !scalars.isEmpty else { return key }
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .lowercaseLetter
        }

        var words: [Range<String.Index>] = []
        var wordStart = scalars.startIndex
        var searchStart = scalars.index(after: wordStart)
        while let upper = scalars[searchStart...].firstIndex(where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLower) else {
                wordStart = upper
                searchStart = scalars.endIndex
                break
            }
            if lower == scalars.index(after: upper) {
                // One capital starting a word: the word goes on to the next capital.
                wordStart = upper
            } else {
                // A run of capitals is a word of its own, up to the capital before the lower case.
                let beforeLower = scalars.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<scalars.endIndex)
        return words.map { String(scalars[$0]).lowercased() }.joined(separator: "_")
    }
}
