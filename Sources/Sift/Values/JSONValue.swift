/// A JSON value held in memory: what a destination gets when it asks for a whole subtree.
///
/// Numbers keep their exact text (``JSONNumber``); objects keep their members in document order,
/// duplicates included (``JSONObject``). Equality is JSON's: numbers compare by value, objects
/// regardless of member order. `description` is the value as compact JSON.
///
/// ```swift
/// let value: JSONValue = ["name": "Ada", "born": 1815, "tags": ["math", "poetry"]]
/// value["tags"]?[1]?.stringValue // "poetry"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object(JSONObject)
}

// MARK: - Accessors

extension JSONValue {
    /// The value of the object's last member named `key`; nil when this is not an object or has
    /// no such member.
    ///
    /// ```swift
    /// let value: JSONValue = ["id": 7]
    /// value["id"]   // .number(7)
    /// value["name"] // nil
    /// ```
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The array's element at `index`; nil when this is not an array or `index` is out of
    /// bounds.
    ///
    /// ```swift
    /// let value: JSONValue = ["a", "b"]
    /// value[1]  // .string("b")
    /// value[5]  // nil
    /// ```
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The string, when this is a string.
    ///
    /// ```swift
    /// JSONValue.string("hi").stringValue // "hi"
    /// ```
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The boolean, when this is `true` or `false`.
    ///
    /// ```swift
    /// JSONValue.bool(true).boolValue // true
    /// ```
    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    /// The number, when this is a number.
    ///
    /// ```swift
    /// (JSONValue.number(3)).numberValue?.text // "3"
    /// ```
    public var numberValue: JSONNumber? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The number as an `Int`, when this is a number with an integral value that fits (`2.0`
    /// gives 2, `2.5` and `1e30` give nil).
    ///
    /// ```swift
    /// let value: JSONValue = 42
    /// value.intValue // 42
    /// ```
    public var intValue: Int? {
        guard case .number(let number) = self else { return nil }
        return try? number.integer(Int.self)
    }

    /// The number as the nearest `Double`, when this is a number within `Double`'s range.
    ///
    /// ```swift
    /// let value: JSONValue = 0.5
    /// value.doubleValue // 0.5
    /// ```
    public var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }

    /// The elements, when this is an array.
    ///
    /// ```swift
    /// let value: JSONValue = [1, 2]
    /// value.arrayValue?.count // 2
    /// ```
    public var arrayValue: [JSONValue]? {
        guard case .array(let array) = self else { return nil }
        return array
    }

    /// The members, when this is an object.
    ///
    /// ```swift
    /// let value: JSONValue = ["a": 1]
    /// value.objectValue?.count // 1
    /// ```
    public var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }

    /// Whether this is `null`.
    ///
    /// ```swift
    /// JSONValue.null.isNull // true
    /// ```
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// Creates `true` or `false` from a literal.
    ///
    /// ```swift
    /// let flag: JSONValue = true
    /// ```
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// Creates a number from an integer literal.
    ///
    /// ```swift
    /// let count: JSONValue = 3
    /// ```
    public init(integerLiteral value: Int) {
        self = .number(JSONNumber(value))
    }

    /// Creates a number from a floating-point literal, in its shortest exact form.
    ///
    /// ```swift
    /// let ratio: JSONValue = 0.1 // text "0.1"
    /// ```
    public init(floatLiteral value: Double) {
        self = .number(JSONNumber(floatLiteral: value))
    }

    /// Creates a string from a literal.
    ///
    /// ```swift
    /// let name: JSONValue = "Ada"
    /// ```
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// Creates an array from a literal; write `.null` for JSON null.
    ///
    /// ```swift
    /// let list: JSONValue = [1, "two", .null, [3]]
    /// ```
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// Creates an object from a dictionary literal, members in the literal's order.
    ///
    /// ```swift
    /// let object: JSONValue = ["id": 1, "name": "Ada"]
    /// ```
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
