import Foundation

/// URI references as JSON Schema uses them: `$id` and `$ref` resolved against a base (RFC 3986),
/// fragments kept apart, JSON Pointers escaped and unescaped.
enum SchemaURI {
    /// The base a schema without `$id` gets; relative references resolve against it.
    static let defaultBase = "sift:///schema.json"

    /// `reference` resolved against `base`, fragment included (`base` has no fragment).
    static func resolve(_ reference: String, against base: String) -> String {
        let (path, fragment) = split(reference)
        var resolved = base
        if !path.isEmpty {
            if hasScheme(path) {
                resolved = path
            } else if let baseURL = URL(string: base), let url = URL(string: path, relativeTo: baseURL) {
                resolved = url.absoluteString
            } else {
                resolved = path
            }
        }
        return fragment.map { resolved + "#" + $0 } ?? resolved
    }

    /// `uri` without its fragment, and the fragment (nil when there is no `#`).
    static func split(_ uri: String) -> (String, String?) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, nil) }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// Whether `reference` starts with a scheme (`http:`, `urn:`, `tag:`).
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":"), colon != reference.startIndex else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// One JSON Pointer token escaped (`~` as `~0`, `/` as `~1`).
    static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The tokens of a JSON Pointer written in a URI fragment (percent-decoded, then unescaped);
    /// nil when it is not a pointer.
    static func pointerTokens(_ fragment: String) -> [String]? {
        let decoded = fragment.removingPercentEncoding ?? fragment
        if decoded.isEmpty { return [] }
        guard decoded.hasPrefix("/") else { return nil }
        return decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The value at `tokens` below `value`; nil when there is none.
    static func value(at tokens: [String], in value: JSONValueRef) -> JSONValueRef? {
        var current = value
        for token in tokens {
            switch current.value {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = JSONValueRef(value: member, pointer: current.pointer + "/" + escape(token))
            case .array(let array):
                guard let index = Int(token), array.indices.contains(index) else { return nil }
                current = JSONValueRef(value: array[index], pointer: current.pointer + "/" + token)
            default: return nil
            }
        }
        return current
    }
}
