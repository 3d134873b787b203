/// RFC 3986's grammar for `format: uri` (an absolute URI) and `format: uri-reference`.
enum URIGrammar {
    private static let unreserved = Set("-._~".utf8)
    private static let subDelimiters = Set("!$&'()*+,;=".utf8)

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    /// Whether `byte` may appear as itself in a part that also allows `extra`.
    private static func isAllowed(_ byte: UInt8, extra: Set<UInt8>) -> Bool {
        isAlpha(byte) || FormatAssertion.isDigit(byte) || unreserved.contains(byte) || subDelimiters.contains(byte)
            || extra.contains(byte)
    }

    /// Whether `part` holds only allowed bytes and well-formed `%XX` escapes.
    private static func isEncoded(_ part: ArraySlice<UInt8>, extra: Set<UInt8>) -> Bool {
        var index = part.startIndex
        while index < part.endIndex {
            if part[index] == UInt8(ascii: "%") {
                guard index + 2 < part.endIndex, FormatAssertion.isHex(part[index + 1]),
                    FormatAssertion.isHex(part[index + 2])
                else { return false }
                index += 3
            } else {
                guard isAllowed(part[index], extra: extra) else { return false }
                index += 1
            }
        }
        return true
    }

    static func isValid(_ bytes: [UInt8], requiresScheme: Bool) -> Bool {
        var rest = bytes[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard isEncoded(rest[(hash + 1)...], extra: Set(":@/?".utf8)) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard isEncoded(rest[(question + 1)...], extra: Set(":@/?".utf8)) else { return false }
            rest = rest[..<question]
        }
        var hasScheme = false
        if let colon = rest.firstIndex(of: UInt8(ascii: ":")), !rest[..<colon].contains(UInt8(ascii: "/")),
            let first = rest.first, isAlpha(first),
            rest[..<colon].allSatisfy({ isAlpha($0) || FormatAssertion.isDigit($0) || "+-.".utf8.contains($0) })
        {
            hasScheme = true
            rest = rest[(colon + 1)...]
        }
        guard hasScheme || !requiresScheme else { return false }
        if rest.starts(with: "//".utf8) {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            guard isAuthority(rest[..<end]) else { return false }
            rest = rest[end...]
        } else if !hasScheme {
            // A relative reference's first segment cannot hold a colon (it would read as a scheme).
            let firstSegment = rest.prefix { $0 != UInt8(ascii: "/") }
            guard !firstSegment.contains(UInt8(ascii: ":")) else { return false }
        }
        return isEncoded(rest, extra: Set(":@/".utf8))
    }

    private static func isAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var host = authority
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) {
            guard isEncoded(authority[..<at], extra: Set(":".utf8)) else { return false }
            host = authority[(at + 1)...]
        }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[(host.startIndex + 1)..<close]
            let isFuture = literal.first.map { $0 | 0x20 == UInt8(ascii: "v") } ?? false
            guard isFuture || FormatAssertion.isIPv6(literal) else { return false }
            host = host[(close + 1)...]
            guard host.isEmpty || host.first == UInt8(ascii: ":") else { return false }
            return host.dropFirst().allSatisfy(FormatAssertion.isDigit)
        }
        if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
            guard host[(colon + 1)...].allSatisfy(FormatAssertion.isDigit) else { return false }
            host = host[..<colon]
        }
        return isEncoded(host, extra: [])
    }
}
