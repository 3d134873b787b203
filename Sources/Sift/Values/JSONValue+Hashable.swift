extension JSONValue {
    /// JSON's equality: numbers by value (`1`, `1.0` and `1e0` are equal), strings by their
    /// characters, arrays element by element, objects by their members in any order (members
    /// sharing a key compare in their relative order).
    ///
    /// It walks both values with a stack of its own, so values of any depth compare without
    /// recursion: a synthesized `==` recursed once a level and overflowed a 512 KB thread stack
    /// (Swift concurrency's on Apple platforms) at about 550 levels.
    ///
    /// ```swift
    /// JSONValue.number(JSONNumber(1)) == (try JSONValue(parsing: "1.0")) // true
    /// (["a": 1, "b": [true]] as JSONValue) == ["b": [true], "a": 1]   // true
    /// ```
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        var pending: [(JSONValue, JSONValue)] = []
        var pair = (lhs, rhs)
        while true {
            switch pair {
            case (.array(let left), .array(let right)):
                guard left.count == right.count else { return false }
                for (leftElement, rightElement) in zip(left, right) {
                    guard let equal = scalarsAreEqual(leftElement, rightElement) else {
                        pending.append((leftElement, rightElement))
                        continue
                    }
                    guard equal else { return false }
                }
            case (.object(let left), .object(let right)):
                guard let pairs = left.valuePairs(matching: right) else { return false }
                for (leftValue, rightValue) in pairs {
                    guard let equal = scalarsAreEqual(leftValue, rightValue) else {
                        pending.append((leftValue, rightValue))
                        continue
                    }
                    guard equal else { return false }
                }
            default:
                guard scalarsAreEqual(pair.0, pair.1) == true else { return false }
            }
            guard let next = pending.popLast() else { return true }
            pair = next
        }
    }

    /// Whether two values are equal when neither is a container, false when only one is; nil
    /// when both are containers of one kind (to be compared member by member).
    private static func scalarsAreEqual(_ left: JSONValue, _ right: JSONValue) -> Bool? {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.array, .array), (.object, .object): nil
        default: false
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``: numbers by value, object members
    /// independently of their order.
    ///
    /// Like `==`, it walks the value with a stack of its own, at any depth.
    ///
    /// ```swift
    /// let unique: Set<JSONValue> = [["a": 1, "b": 2], ["b": 2, "a": 1.0]]
    /// unique.count // 1
    /// ```
    public func hash(into hasher: inout Hasher) {
        /// What is left to hash, last first: a value, and the ends of the member or object it
        /// lies in.
        enum Step {
            case value(JSONValue)
            case member(key: String, value: JSONValue)
            case endMember
            case endObject(count: Int)
        }
        // Each object member is hashed by a hasher of its own, and the object combines its
        // members' hashes by exclusive or, whatever their order: the innermost is the last.
        var hashers = [hasher]
        var combined: [Int] = []
        var steps = [Step.value(self)]
        while let step = steps.popLast() {
            switch step {
            case .value(.null): hashers[hashers.count - 1].combine(0 as UInt8)
            case .value(.bool(let bool)):
                hashers[hashers.count - 1].combine(1 as UInt8)
                hashers[hashers.count - 1].combine(bool)
            case .value(.number(let number)):
                hashers[hashers.count - 1].combine(2 as UInt8)
                hashers[hashers.count - 1].combine(number)
            case .value(.string(let string)):
                hashers[hashers.count - 1].combine(3 as UInt8)
                hashers[hashers.count - 1].combine(string)
            case .value(.array(let elements)):
                hashers[hashers.count - 1].combine(4 as UInt8)
                hashers[hashers.count - 1].combine(elements.count)
                steps.append(contentsOf: elements.reversed().lazy.map(Step.value))
            case .value(.object(let object)):
                combined.append(0)
                steps.append(.endObject(count: object.count))
                steps.append(contentsOf: object.members.lazy.map { Step.member(key: $0.key, value: $0.value) })
            case .member(let key, let value):
                var memberHasher = Hasher()
                memberHasher.combine(key)
                hashers.append(memberHasher)
                steps.append(.endMember)
                steps.append(.value(value))
            case .endMember:
                combined[combined.count - 1] ^= hashers.removeLast().finalize()
            case .endObject(let count):
                hashers[hashers.count - 1].combine(5 as UInt8)
                hashers[hashers.count - 1].combine(count)
                hashers[hashers.count - 1].combine(combined.removeLast())
            }
        }
        hasher = hashers[0]
    }
}

extension JSONObject {
    /// The values of `self` and `other` to compare pairwise, when both have the same keys as
    /// many times each: in member order when the keys come in the same order, else key by key,
    /// members sharing a key in their relative order; nil when the keys differ.
    func valuePairs(matching other: JSONObject) -> [(JSONValue, JSONValue)]? {
        guard count == other.count else { return nil }
        if members.lazy.map(\.key).elementsEqual(other.members.lazy.map(\.key)) {
            return zip(members, other.members).map { ($0.value, $1.value) }
        }
        var groups: [String: [JSONValue]] = [:]
        for member in other.members { groups[member.key, default: []].append(member.value) }
        var taken: [String: Int] = [:]
        var pairs: [(JSONValue, JSONValue)] = []
        pairs.reserveCapacity(count)
        for member in members {
            let position = taken[member.key, default: 0]
            guard let group = groups[member.key], position < group.count else { return nil }
            taken[member.key] = position + 1
            pairs.append((member.value, group[position]))
        }
        return pairs
    }
}
