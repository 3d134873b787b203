import Sift

/// The `format` values Sift asserts when asked.
///
/// With ``JSONSchema/init(_:remotes:baseURI:assertsFormat:)``'s `assertsFormat`: RFC 3339 dates
/// and times, e-mail addresses and host names (ASCII, A-labels checked against IDNA 2008), IP
/// addresses, URIs and URI references (RFC 3986), UUIDs, JSON Pointers and regular expressions.
/// Any other format stays an annotation, and a non-string instance always passes.
enum FormatAssertion {
    /// The formats that become assertions.
    static let asserted: Set<String> = [
        "date-time", "date", "time", "email", "hostname", "ipv4", "ipv6", "uri", "uri-reference", "uuid",
        "json-pointer", "regex",
    ]

    /// Whether `text` is a valid `format`; true for a format that is not asserted.
    static func isValid(_ text: String, format: String) -> Bool {
        let bytes = Array(text.utf8)
        switch format {
        case "date": return isDate(bytes[...])
        case "time": return isTime(bytes[...])
        case "date-time":
            guard bytes.count > 11, bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
            return isDate(bytes[..<10]) && isTime(bytes[11...])
        case "email": return isEmail(bytes)
        case "hostname": return isHostname(bytes[...])
        case "ipv4": return isIPv4(bytes[...])
        case "ipv6": return isIPv6(bytes[...])
        case "uri": return URIGrammar.isValid(bytes, requiresScheme: true)
        case "uri-reference": return URIGrammar.isValid(bytes, requiresScheme: false)
        case "uuid": return isUUID(bytes)
        case "json-pointer": return isJSONPointer(bytes)
        case "regex": return ECMAScriptPattern.isValid(text)
        default: return true
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6 }

    /// The value of `count` ASCII digits at `start`; nil when one is not a digit.
    private static func number(_ bytes: ArraySlice<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<start + count {
            guard index < bytes.endIndex, isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        }
        return value
    }

    /// RFC 3339 `full-date`: `YYYY-MM-DD`, a day that exists.
    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = number(bytes, start, 4), let month = number(bytes, start + 5, 2),
            let day = number(bytes, start + 8, 2), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// RFC 3339 `full-time`: `HH:MM:SS[.frac]` and `Z` or `±HH:MM`; a leap second only at
    /// 23:59 UTC.
    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
            let hour = number(bytes, start, 2), let minute = number(bytes, start + 3, 2),
            let second = number(bytes, start + 6, 2), hour < 24, minute < 60, second <= 60
        else { return false }
        var index = start + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > digits, index < bytes.endIndex else { return false }
        }
        var offset = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            guard index + 1 == bytes.endIndex else { return false }
        } else {
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), bytes.endIndex - index == 6,
                bytes[index + 3] == UInt8(ascii: ":"), let offsetHour = number(bytes, index + 1, 2),
                let offsetMinute = number(bytes, index + 4, 2), offsetHour < 24, offsetMinute < 60
            else { return false }
            offset = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        guard second == 60 else { return true }
        let utc = ((hour * 60 + minute - offset) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    /// Four decimal octets, no leading zero.
    static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard (1...3).contains(part.count), part.allSatisfy(isDigit),
                    part.count == 1 || part.first != UInt8(ascii: "0"),
                    let value = number(part, part.startIndex, part.count)
                else { return false }
                return value <= 255
            }
    }

    /// RFC 4291 text: eight groups of 1–4 hex digits, `::` once for a run of zero groups, an IPv4
    /// address for the last two; no zone, no prefix length.
    static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let colon = UInt8(ascii: ":")
        var head = bytes
        var tail: ArraySlice<UInt8> = []
        var compressed = false
        if let index = bytes.indices.first(where: {
            $0 + 1 < bytes.endIndex && bytes[$0] == colon && bytes[$0 + 1] == colon
        }) {
            compressed = true
            head = bytes[..<index]
            tail = bytes[(index + 2)...]
        }
        func groups(_ part: ArraySlice<UInt8>) -> [ArraySlice<UInt8>]? {
            part.isEmpty ? [] : part.split(separator: colon, omittingEmptySubsequences: false)
        }
        guard var all = groups(head), let rest = groups(tail) else { return false }
        all += rest
        var count = all.count
        if let last = all.last, last.contains(UInt8(ascii: ".")) {
            guard compressed ? !rest.isEmpty : true, isIPv4(last) else { return false }
            all.removeLast()
            count += 1
        }
        guard all.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(isHex) }) else { return false }
        return compressed ? count <= 7 : count == 8
    }

    /// RFC 1123 host names in ASCII: dot-separated labels of letters, digits and inner hyphens,
    /// 1–63 bytes each, 253 in all; an A-label (`xn--…`) must also encode a valid IDNA 2008
    /// U-label (``ALabel``).
    static func isHostname(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (1...253).contains(bytes.count) else { return false }
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let isLDH = labels.allSatisfy { label in
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-")
            else { return false }
            return label.allSatisfy { isDigit($0) || ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 == UInt8(ascii: "-") }
        }
        return isLDH && (!labels.contains(where: ALabel.hasPrefix) || ALabel.areValid(labels))
    }

    /// RFC 5321 mailbox: a dot-atom or quoted local part, `@`, a host name or an address literal.
    private static func isEmail(_ bytes: [UInt8]) -> Bool {
        guard let at = bytes.lastIndex(of: UInt8(ascii: "@")), at > 0, at + 1 < bytes.count else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        let localValid: Bool
        if local.first == UInt8(ascii: "\""), local.count >= 2, local.last == UInt8(ascii: "\"") {
            var escaped = false
            localValid = local.dropFirst().dropLast().allSatisfy { byte in
                defer { escaped = !escaped && byte == UInt8(ascii: "\\") }
                return escaped || (byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\""))
            }
        } else {
            let atext = Set("!#$%&'*+-/=?^_`{|}~".utf8)
            localValid = local.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
                !$0.isEmpty
                    && $0.allSatisfy { isDigit($0) || ($0 | 0x20) &- UInt8(ascii: "a") < 26 || atext.contains($0) }
            }
        }
        guard localValid else { return false }
        if domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") {
            let literal = domain.dropFirst().dropLast()
            let prefix = Array("IPv6:".utf8)
            if literal.starts(with: prefix) { return isIPv6(literal.dropFirst(prefix.count)) }
            return isIPv4(literal)
        }
        return isHostname(domain)
    }

    private static func isUUID(_ bytes: [UInt8]) -> Bool {
        guard bytes.count == 36 else { return false }
        return bytes.indices.allSatisfy {
            [8, 13, 18, 23].contains($0) ? bytes[$0] == UInt8(ascii: "-") : isHex(bytes[$0])
        }
    }

    /// RFC 6901: empty, or `/`-separated tokens where `~` is followed by `0` or `1`.
    private static func isJSONPointer(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        guard bytes[0] == UInt8(ascii: "/") else { return false }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "~") {
            guard index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1")
            else { return false }
        }
        return true
    }
}
