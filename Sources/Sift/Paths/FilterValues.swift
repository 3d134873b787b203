/// The comparisons of RFC 9535 §2.3.5.2.2 on values (nil is Nothing).
///
/// - Nothing equals only Nothing.
/// - Numbers compare by their exact decimal value (`1 == 1.0 == 1e0`, and integers of any
///   length), never through `Double` alone.
/// - Strings compare by Unicode scalar values (not by canonical equivalence): `<` is the
///   lexicographic order of the scalars.
/// - Arrays are equal when their elements are, in order; objects when they have the same keys
///   with equal values, in any order. For duplicate keys the first member counts, as a name
///   selects it in a filter's query (see ``StreamedFilter``).
/// - `<` holds only between two numbers or two strings; `<=` and `>=` also hold when `==` does.
enum FilterValues {
    static func compare(_ left: JSONValue?, _ comparison: FilterComparison, _ right: JSONValue?) -> Bool {
        switch comparison {
        case .equal: equal(left, right)
        case .notEqual: !equal(left, right)
        case .less: less(left, right)
        case .lessOrEqual: less(left, right) || equal(left, right)
        case .greater: less(right, left)
        case .greaterOrEqual: less(right, left) || equal(left, right)
        }
    }

    static func less(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        switch (left, right) {
        case (.number(let a)?, .number(let b)?):
            return ExactDecimal.compare(a.text, b.text) < 0
        case (.string(let a)?, .string(let b)?):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
        default:
            return false
        }
    }

    /// Deep equality, walked with an explicit stack (made only for two containers).
    static func equal(_ left: JSONValue?, _ right: JSONValue?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        switch (left, right) {
        case (.array, .array), (.object, .object): break
        default: return scalarsEqual(left, right)
        }
        var pending: [(JSONValue, JSONValue)] = [(left, right)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                for index in x.indices { pending.append((x[index], y[index])) }
            case (.object(let x), .object(let y)):
                let lhs = firstMembers(x)
                let rhs = firstMembers(y)
                guard lhs.count == rhs.count else { return false }
                for (key, value) in lhs {
                    guard let other = rhs[key] else { return false }
                    pending.append((value, other))
                }
            default: if !scalarsEqual(a, b) { return false }
            }
        }
        return true
    }

    /// Equality of two values that are not both arrays or both objects.
    private static func scalarsEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x.text == y.text || ExactDecimal.compare(x.text, y.text) == 0
        case (.string(let x), .string(let y)): x.utf8.elementsEqual(y.utf8)
        default: false
        }
    }

    /// The number of distinct keys of an object (its members, duplicates counted once).
    static func distinctKeyCount(_ object: JSONObject) -> Int {
        object.count < 2 ? object.count : Set(object.members.map { ExactKey($0.key) }).count
    }

    private static func firstMembers(_ object: JSONObject) -> [ExactKey: JSONValue] {
        var result: [ExactKey: JSONValue] = [:]
        for member in object.members where result[ExactKey(member.key)] == nil {
            result[ExactKey(member.key)] = member.value
        }
        return result
    }

    /// A key compared by its Unicode scalars (Swift's `String` equality is canonical
    /// equivalence, which JSON does not have).
    struct ExactKey: Hashable {
        let text: String
        init(_ text: String) { self.text = text }
        static func == (lhs: ExactKey, rhs: ExactKey) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
        func hash(into hasher: inout Hasher) {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

/// A JSON number's exact value, read from its text without copying it: `0.d₁d₂…dₙ × 10^exponent`
/// whose significant digits d₁…dₙ (no leading or trailing zero; none for zero) are the text's
/// digits from `first` to `last`, skipping its decimal point.
struct ExactDecimal {
    var negative = false
    /// The text's integer digits start at 0 of ``digits``, its fraction digits follow.
    private var integer: Range<Int> = 0..<0
    private var fraction: Range<Int> = 0..<0
    /// Positions in the integer-then-fraction digits of the first and last significant digit.
    private var first = 0
    private var last = -1
    private(set) var exponent = 0
    private let text: UnsafeBufferPointer<UInt8>

    /// Exponents beyond this magnitude are clamped (no JSON text reaches it in memory).
    private static let exponentLimit = 1 << 50

    /// -1, 0 or 1 as the number written `left` is less than, equal to or greater than `right`.
    static func compare(_ left: String, _ right: String) -> Int {
        var left = left
        var right = right
        return left.withUTF8 { lhs in
            right.withUTF8 { rhs in ExactDecimal(lhs).compare(with: ExactDecimal(rhs)) }
        }
    }

    /// Reads the number's text (valid only while `text` is).
    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        var index = 0
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        while index < text.count, text[index] &- 48 < 10 { index += 1 }
        integer = integerStart..<index
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < text.count, text[index] &- 48 < 10 { index += 1 }
            fraction = fractionStart..<index
        }
        var written = 0
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < text.count, text[index] &- 48 < 10 {
                written = min(written * 10 + Int(text[index] - 48), Self.exponentLimit)
                index += 1
            }
            if exponentNegative { written = -written }
        }
        let count = integer.count + fraction.count
        while first < count, digit(first) == 0 { first += 1 }
        guard first < count else {
            negative = false
            return
        }
        last = count - 1
        while digit(last) == 0 { last -= 1 }
        exponent = integer.count - first + written
    }

    /// The digit at `position` of the integer-then-fraction digits.
    private func digit(_ position: Int) -> UInt8 {
        let offset =
            position < integer.count ? integer.lowerBound + position : fraction.lowerBound + position - integer.count
        return text[offset] &- 48
    }

    private var isZero: Bool { last < first }

    /// -1, 0 or 1 as this value is less than, equal to or greater than `other`.
    func compare(with other: ExactDecimal) -> Int {
        if isZero || other.isZero {
            if isZero && other.isZero { return 0 }
            if isZero { return other.negative ? 1 : -1 }
            return negative ? -1 : 1
        }
        if negative != other.negative { return negative ? -1 : 1 }
        let magnitude = compareMagnitude(with: other)
        return negative ? -magnitude : magnitude
    }

    private func compareMagnitude(with other: ExactDecimal) -> Int {
        if exponent != other.exponent { return exponent > other.exponent ? 1 : -1 }
        let count = last - first + 1
        let otherCount = other.last - other.first + 1
        for index in 0..<max(count, otherCount) {
            let a = index < count ? digit(first + index) : 0
            let b = index < otherCount ? other.digit(other.first + index) : 0
            if a != b { return a > b ? 1 : -1 }
        }
        return 0
    }
}
