/// The location of a value inside a document as a sequence of member names and array indices.
///
/// `description` is the readable form (`$.body[3].text`), ``abbreviatedDescription`` the same
/// shortened for error messages when the path is very deep or a key very long; ``normalized`` is
/// RFC 9535's normalized path (`$['body'][3]['text']`), which names every node uniquely.
///
/// ```swift
/// let path: JSONNodePath = [.key("body"), .index(3), .key("text")]
/// print(path)            // $.body[3].text
/// print(path.normalized) // $['body'][3]['text']
/// ```
public struct JSONNodePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step from a container to one of its children.
    ///
    /// ```swift
    /// let step: JSONNodePath.Component = .key("title")
    /// ```
    public enum Component: Hashable, Sendable {
        /// A member of an object, by name.
        case key(String)
        /// An element of an array, by zero-based index.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    ///
    /// ```swift
    /// path.components.count // 3 for $.body[3].text
    /// ```
    public var components: [Component]

    /// Creates a path from its steps.
    ///
    /// ```swift
    /// JSONNodePath([.key("items"), .index(0)])
    /// ```
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// Creates a path from a literal list of steps.
    ///
    /// ```swift
    /// let path: JSONNodePath = [.key("a"), .index(1)]
    /// ```
    public init(arrayLiteral elements: Component...) {
        self.components = elements
    }

    /// The path of the root value, `$`.
    ///
    /// ```swift
    /// JSONNodePath.root.description // "$"
    /// ```
    public static var root: JSONNodePath { JSONNodePath() }

    /// This path extended by one step.
    ///
    /// ```swift
    /// JSONNodePath.root.appending(.key("body")) // $.body
    /// ```
    public func appending(_ component: Component) -> JSONNodePath {
        JSONNodePath(components + [component])
    }

    /// The readable form: `.name` for identifier-like keys, `['odd key']` otherwise, `[n]` for
    /// indices.
    ///
    /// ```swift
    /// JSONNodePath([.key("a b"), .index(0)]).description // "$['a b'][0]"
    /// ```
    public var description: String {
        var result = "$"
        for component in components { Self.append(component, to: &result, keyLimit: nil) }
        return result
    }

    /// The readable form shortened for messages.
    ///
    /// A path of more than ``abbreviationThreshold`` steps shows its first and last
    /// ``abbreviationEnds`` steps with `…` between, and a member name longer than
    /// ``abbreviationKeyLimit`` UTF-8 bytes shows its first bytes followed by `…`. A shorter path
    /// reads as ``description``.
    ///
    /// Error descriptions print this form, so that a path 512 levels deep, or one with a
    /// megabyte-long key, stays one readable line.
    ///
    /// ```swift
    /// JSONNodePath(Array(repeating: .index(0), count: 512)).abbreviatedDescription
    /// // "$[0][0][0][0][0][0]…[0][0][0][0][0][0]"
    /// ```
    public var abbreviatedDescription: String {
        var result = "$"
        let count = components.count
        guard count > Self.abbreviationThreshold else {
            for component in components { Self.append(component, to: &result, keyLimit: Self.abbreviationKeyLimit) }
            return result
        }
        for component in components.prefix(Self.abbreviationEnds) {
            Self.append(component, to: &result, keyLimit: Self.abbreviationKeyLimit)
        }
        result += "…"
        for component in components.suffix(Self.abbreviationEnds) {
            Self.append(component, to: &result, keyLimit: Self.abbreviationKeyLimit)
        }
        return result
    }

    /// The most steps ``abbreviatedDescription`` shows in full: 16.
    ///
    /// ```swift
    /// JSONNodePath.abbreviationThreshold // 16
    /// ```
    public static let abbreviationThreshold = 16

    /// The steps ``abbreviatedDescription`` keeps at each end of a longer path: 6.
    ///
    /// ```swift
    /// JSONNodePath.abbreviationEnds // 6
    /// ```
    public static let abbreviationEnds = 6

    /// The longest member name, in UTF-8 bytes, that ``abbreviatedDescription`` shows in full:
    /// 256; a longer one shows its first 128 bytes (whole characters) and `…`.
    ///
    /// ```swift
    /// JSONNodePath.abbreviationKeyLimit // 256
    /// ```
    public static let abbreviationKeyLimit = 256

    /// Appends the readable form of one step, with a member name over `keyLimit` bytes cut to
    /// half that and marked with `…` (inside its quotes when it is quoted).
    private static func append(_ component: Component, to result: inout String, keyLimit: Int?) {
        switch component {
        case .index(let index): result += "[\(index)]"
        case .key(let key):
            var shown = Substring(key)
            var mark = ""
            if let keyLimit, key.utf8.count > keyLimit {
                shown = prefix(of: key, bytes: keyLimit / 2)
                mark = "…"
            }
            if isIdentifier(key) {
                result += "." + shown + mark
            } else {
                result += "[" + quoted(shown, mark: mark) + "]"
            }
        }
    }

    /// The longest prefix of `key` of at most `bytes` UTF-8 bytes that ends between two
    /// Unicode scalars.
    private static func prefix(of key: String, bytes: Int) -> Substring {
        var end = key.unicodeScalars.startIndex
        var used = 0
        for index in key.unicodeScalars.indices {
            let length = UTF8.width(key.unicodeScalars[index])
            guard used + length <= bytes else { break }
            used += length
            end = key.unicodeScalars.index(after: index)
        }
        return key[..<end]
    }

    /// RFC 9535's normalized path: every member name in single-quoted bracket notation.
    ///
    /// ```swift
    /// JSONNodePath([.key("a"), .index(2)]).normalized // "$['a'][2]"
    /// ```
    public var normalized: String {
        var bytes: [UInt8] = [UInt8(ascii: "$")]
        for component in components {
            bytes.append(UInt8(ascii: "["))
            switch component {
            case .index(let index): bytes.append(contentsOf: String(index).utf8)
            case .key(let key): Self.appendQuoted(key, mark: "", to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return false }
        func isStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || scalar.value >= 0x80
        }
        return isStart(first)
            && key.unicodeScalars.allSatisfy { isStart($0) || ($0 >= "0" && $0 <= "9") }
    }

    /// A member name as RFC 9535 normalized paths quote it; `mark` goes before the closing
    /// quote (`…` for a shortened name).
    ///
    /// Works on the UTF-8 bytes: every byte to escape is ASCII, so the runs between them are
    /// copied whole, and the cost is linear in the name's length.
    static func quoted(_ key: some StringProtocol, mark: String = "") -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count + mark.utf8.count + 2)
        appendQuoted(key, mark: mark, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `key` quoted as ``quoted(_:mark:)`` does to `bytes`.
    private static func appendQuoted(_ key: some StringProtocol, mark: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "'"))
        // nil: the name has no contiguous UTF-8 storage (a bridged or substring form).
        let copied: Void? = key.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &bytes) }
        if copied == nil {
            Array(key.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &bytes) }
        }
        bytes.append(contentsOf: mark.utf8)
        bytes.append(UInt8(ascii: "'"))
    }

    /// Appends `source` to `bytes` with quote, backslash and control characters escaped.
    private static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var runStart = 0
        for index in source.indices {
            let byte = source[index]
            guard byte < 0x20 || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case _ where byte < 0x20:
                let digits = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "u"), 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)],
                ])
            default: bytes.append(byte)  // ' and \ are escaped by a backslash
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
    }
}
