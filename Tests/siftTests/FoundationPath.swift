import Foundation

/// A JSONPath of plain steps evaluated over `JSONSerialization` output: the reference the tests
/// compare `sift query` with (only steps whose order does not depend on member order, which
/// `JSONSerialization` loses).
///
/// ```swift
/// let ids = FoundationPath.select([.key("statuses"), .each, .key("id")], in: twitter)
/// ```
enum FoundationPath {
    /// One step of a path.
    enum Step: Sendable {
        case key(String)
        case each
        case index(Int)
        case slice(start: Int, end: Int, step: Int)
    }

    /// Every value `steps` select in `value`, in RFC 9535 order.
    static func select(_ steps: [Step], in value: Any) -> [Any] {
        var nodes = [value]
        for step in steps {
            nodes = nodes.flatMap { node -> [Any] in
                switch step {
                case .key(let key):
                    guard let object = node as? [String: Any], let member = object[key] else { return [] }
                    return [member]
                case .each:
                    if let array = node as? [Any] { return array }
                    return []
                case .index(let index):
                    guard let array = node as? [Any] else { return [] }
                    let position = index < 0 ? array.count + index : index
                    return array.indices.contains(position) ? [array[position]] : []
                case .slice(let start, let end, let stride):
                    guard let array = node as? [Any] else { return [] }
                    return Swift.stride(from: start, to: min(end, array.count), by: stride).map { array[$0] }
                }
            }
        }
        return nodes
    }

    /// Whether two lists of `JSONSerialization` values are equal, value for value.
    static func equal(_ lhs: [Any], _ rhs: [Any]) -> Bool {
        equal(lhs as Any, rhs as Any)
    }

    /// Whether two `JSONSerialization` values are equal: same structure, same strings, numbers
    /// equal as `NSNumber`s, booleans only equal to booleans. (`NSArray.isEqual` would do, but
    /// bridges every nested array again on Linux: seconds for canada.json.)
    static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
        switch (lhs, rhs) {
        case (let lhs as [Any], let rhs as [Any]):
            return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { equal($0, $1) }
        case (let lhs as [String: Any], let rhs as [String: Any]):
            return lhs.count == rhs.count && lhs.allSatisfy { key, value in rhs[key].map { equal(value, $0) } ?? false }
        case (let lhs as String, let rhs as String):
            return lhs == rhs
        case (is NSNull, is NSNull):
            return true
        case (let lhs as NSNumber, let rhs as NSNumber):
            return isBoolean(lhs) == isBoolean(rhs) && lhs == rhs
        default:
            return false
        }
    }

    /// Whether `JSONSerialization` made this number from `true` or `false`.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        ObjectIdentifier(type(of: number)) == booleanType
    }

    private static let booleanType = ObjectIdentifier(type(of: try! parse("true") as! NSNumber))

    /// Parses one line of output (any JSON value, scalars included).
    static func parse(_ line: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
    }
}
