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
        if let equal = scalarsAreEqual(lhs, rhs) { return equal }
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
        // A scalar, the most frequent key of a set, is hashed without the walk's stacks.
        if combineScalar(into: &hasher) { return }
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
            case .value(.array(let elements)):
                hashers[hashers.count - 1].combine(4 as UInt8)
                hashers[hashers.count - 1].combine(elements.count)
                steps.append(contentsOf: elements.reversed().lazy.map(Step.value))
            case .value(.object(let object)):
                combined.append(0)
                steps.append(.endObject(count: object.count))
                steps.append(contentsOf: object.members.lazy.map { Step.member(key: $0.key, value: $0.value) })
            case .value(let scalar):
                _ = scalar.combineScalar(into: &hashers[hashers.count - 1])
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

    /// Feeds `hasher` with a scalar and returns true; false, feeding nothing, for a container.
    private func combineScalar(into hasher: inout Hasher) -> Bool {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let bool):
            hasher.combine(1 as UInt8)
            hasher.combine(bool)
        case .number(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let string):
            hasher.combine(3 as UInt8)
            hasher.combine(string)
        case .array, .object: return false
        }
        return true
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
        // The position in `other` of each key's next unpaired member, and after each member
        // the position of the next member sharing its key (-1 after the last).
        var nextOfKey: [String: Int] = [:]
        nextOfKey.reserveCapacity(count)
        var nextSharingKey = [Int](repeating: -1, count: count)
        for position in other.members.indices.reversed() {
            if let following = nextOfKey.updateValue(position, forKey: other.members[position].key) {
                nextSharingKey[position] = following
            }
        }
        var pairs: [(JSONValue, JSONValue)] = []
        pairs.reserveCapacity(count)
        for member in members {
            guard let position = nextOfKey[member.key], position >= 0 else { return nil }
            nextOfKey[member.key] = nextSharingKey[position]
            pairs.append((member.value, other.members[position].value))
        }
        return pairs
    }
}
