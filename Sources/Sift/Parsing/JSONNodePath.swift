/// The location of a value inside a document as a sequence of member names and array indices.
///
/// `description` is the readable form used in error messages (`$.body[3].text`); ``normalized``
/// is RFC 9535's normalized path (`$['body'][3]['text']`), which names every node uniquely.
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
        for component in components {
            switch component {
            case .index(let index): result += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    result += "." + key
                } else {
                    result += "[" + Self.quoted(key) + "]"
                }
            }
        }
        return result
    }

    /// RFC 9535's normalized path: every member name in single-quoted bracket notation.
    ///
    /// ```swift
    /// JSONNodePath([.key("a"), .index(2)]).normalized // "$['a'][2]"
    /// ```
    public var normalized: String {
        var result = "$"
        for component in components {
            switch component {
            case .index(let index): result += "[\(index)]"
            case .key(let key): result += "[" + Self.quoted(key) + "]"
            }
        }
        return result
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

    /// A member name as RFC 9535 normalized paths quote it.
    static func quoted(_ key: String) -> String {
        var result = "'"
        for scalar in key.unicodeScalars {
            switch scalar {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }
}
