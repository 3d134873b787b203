import Sift

/// A JSON value compared as JSON Schema compares instances (`enum`, `const`, `uniqueItems`):
/// numbers by value (`1 == 1.0`), objects regardless of member order, and strings code point by
/// code point — unlike Swift's `String`, whose equality is canonical equivalence (`"é"` written
/// as one code point would equal `"e"` and a combining accent).
struct ExactValue: Hashable {
    var value: JSONValue

    static func == (lhs: ExactValue, rhs: ExactValue) -> Bool { equal(lhs.value, rhs.value) }

    func hash(into hasher: inout Hasher) { Self.hash(value, into: &hasher) }

    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.number(let left), .number(let right)): return left == right
        case (.string(let left), .string(let right)): return left.utf8.elementsEqual(right.utf8)
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { equal($0, $1) }
        case (.object(let left), .object(let right)):
            let leftMembers = members(left)
            let rightMembers = members(right)
            guard leftMembers.count == rightMembers.count else { return false }
            for (key, value) in leftMembers {
                guard let other = rightMembers[key], equal(value, other) else { return false }
            }
            return true
        default: return false
        }
    }

    /// An object's members by name bytes (the last of duplicate names wins).
    private static func members(_ object: JSONObject) -> [[UInt8]: JSONValue] {
        var table: [[UInt8]: JSONValue] = [:]
        for member in object { table[Array(member.key.utf8)] = member.value }
        return table
    }

    private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0)
        case .bool(let flag): hasher.combine(flag)
        case .number(let number): hasher.combine(number)
        case .string(let text):
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        case .array(let array):
            hasher.combine(array.count)
            for element in array { hash(element, into: &hasher) }
        case .object(let object):
            // Order-independent: the sum of each member's own hash.
            var sum = 0
            for (key, member) in members(object) {
                var memberHasher = Hasher()
                memberHasher.combine(key)
                hash(member, into: &memberHasher)
                sum &+= memberHasher.finalize()
            }
            hasher.combine(sum)
        }
    }
}
