import Foundation

/// The key conversions of `convertFromSnakeCase` and `convertToSnakeCase`, word for word the rules
/// Foundation's `JSONDecoder` and `JSONEncoder` apply, so both give the same keys.
///
/// Keys made of ASCII letters, digits and underscores (nearly all keys) take a fast path with the same
/// result.
enum KeyCaseConversion {
    /// `one_two_three` → `oneTwoThree`; leading and trailing underscores are kept
    /// (`_one_two_` → `_oneTwo_`); a key without inner underscores is left as it is.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "_")) else { return key }
        if key.utf8.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "_") }) {
            return asciiCamelCase(fromSnakeCase: key)
        }
        return generalCamelCase(fromSnakeCase: key)
    }

    /// The conversion for any key, with Foundation's `lowercased()` and `capitalized`.
    static func generalCamelCase(fromSnakeCase key: String) -> String {
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

    /// The same conversion for ASCII letters, digits and underscores.
    ///
    /// `capitalized` upper-cases a letter that starts a word or follows a digit (`b1c` → `B1C`) and
    /// lower-cases the others.
    static func asciiCamelCase(fromSnakeCase key: String) -> String {
        let bytes = Array(key.utf8)
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: "_") }),
            let last = bytes.lastIndex(where: { $0 != UInt8(ascii: "_") })
        else { return key }
        let words = bytes[first...last].split(separator: UInt8(ascii: "_"))
        guard words.count > 1 else { return key }

        var result = Array(bytes[..<first])
        result.reserveCapacity(bytes.count)
        result.append(contentsOf: words[0].map(lowercased))
        for word in words.dropFirst() {
            var previousIsLetter = false
            for byte in word {
                result.append(previousIsLetter ? lowercased(byte) : uppercased(byte))
                previousIsLetter = isASCIILetter(byte)
            }
        }
        result.append(contentsOf: bytes[(last + 1)...])
        return String(decoding: result, as: UTF8.self)
    }

    /// `myURLProperty` → `my_url_property`: words split where lower case turns to upper case, and
    /// before the last capital of a run of capitals followed by lower case.
    static func snakeCase(fromCamelCase key: String) -> String {
        let scalars = key.unicodeScalars
        guard !scalars.isEmpty else { return key }
        func isUpper(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar >= "A" && scalar <= "Z" }
            let category = scalar.properties.generalCategory
            return category == .uppercaseLetter || category == .titlecaseLetter
        }
        func isLower(_ scalar: Unicode.Scalar) -> Bool {
            if scalar.isASCII { return scalar >= "a" && scalar <= "z" }
            return scalar.properties.generalCategory == .lowercaseLetter
        }

        var words: [Range<String.Index>] = []
        var wordStart = scalars.startIndex
        var searchStart = scalars.index(after: wordStart)
        while let upper = scalars[searchStart...].firstIndex(where: isUpper) {
            words.append(wordStart..<upper)
            guard let lower = scalars[upper...].firstIndex(where: isLower) else {
                wordStart = upper
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

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte & ~0x20 : byte
    }
}
