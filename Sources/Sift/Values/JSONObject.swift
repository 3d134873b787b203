/// The members of a JSON object, in document order, duplicates kept.
///
/// Lookup by key returns the *last* member with that key, as most JSON readers do. Equality
/// ignores member order (JSON objects are unordered) but not duplicates.
///
/// ```swift
/// var object: JSONObject = ["id": 1, "title": "Hello"]
/// object["title"]            // .string("Hello")
/// object.append(key: "id", value: 2)
/// object["id"]               // .number(2): the last one wins
/// object.count               // 3
/// ```
public struct JSONObject: Sendable, RandomAccessCollection {
    /// One member: a key and its value.
    ///
    /// ```swift
    /// for member in object { print(member.key, member.value) }
    /// ```
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        ///
        /// ```swift
        /// JSONObject.Member(key: "id", value: 1)
        /// ```
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order.
    ///
    /// ```swift
    /// object.members.map(\.key)
    /// ```
    public var members: [Member]

    /// Creates an object from members in order.
    ///
    /// ```swift
    /// JSONObject([.init(key: "a", value: 1)])
    /// ```
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The position of the first member.
    ///
    /// ```swift
    /// object[object.startIndex].key
    /// ```
    public var startIndex: Int { members.startIndex }

    /// The position one past the last member.
    ///
    /// ```swift
    /// object.endIndex == object.count
    /// ```
    public var endIndex: Int { members.endIndex }

    /// The member at `position`.
    ///
    /// ```swift
    /// object[0].key
    /// ```
    public subscript(position: Int) -> Member { members[position] }

    /// The members as a dictionary; for duplicate keys the last member wins (as ``subscript(_:)-(String)``).
    ///
    /// ```swift
    /// (["a": 1, "b": 2] as JSONObject).dictionary["b"] // 2
    /// ```
    public var dictionary: [String: JSONValue] {
        Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The value of the last member named `key`, or nil.
    ///
    /// ```swift
    /// object["title"]?.stringValue
    /// ```
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members.reversed() where member.key == key { return member.value }
            return nil
        }
        set {
            if let newValue {
                if let index = members.lastIndex(where: { $0.key == key }) {
                    members[index].value = newValue
                } else {
                    members.append(Member(key: key, value: newValue))
                }
            } else {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// Appends a member, even when the key already exists.
    ///
    /// ```swift
    /// object.append(key: "tag", value: "b")
    /// ```
    public mutating func append(key: String, value: JSONValue) {
        members.append(Member(key: key, value: value))
    }
}

extension JSONObject: Hashable {
    /// Objects are equal when they have the same keys with the same values, in any member order
    /// (members sharing a key compare in their relative order).
    ///
    /// ```swift
    /// (["a": 1, "b": 2] as JSONObject) == ["b": 2, "a": 1] // true
    /// ```
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == .object(rhs)
    }

    /// Hashes the members independently of their order.
    ///
    /// ```swift
    /// var hasher = Hasher(); object.hash(into: &hasher)
    /// ```
    public func hash(into hasher: inout Hasher) {
        JSONValue.object(self).hash(into: &hasher)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object from a dictionary literal, members in the literal's order, repeated
    /// keys kept.
    ///
    /// ```swift
    /// let object: JSONObject = ["id": 1, "tags": ["a", "b"]]
    /// ```
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { Member(key: $0.0, value: $0.1) })
    }
}
