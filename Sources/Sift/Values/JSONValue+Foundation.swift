import Foundation

extension JSONValue {
    /// Converts a Foundation object graph, such as `JSONSerialization.jsonObject(with:)` returns,
    /// into a value; nil when it holds anything JSON cannot express (a date, a non-string
    /// dictionary key, NaN or an infinity).
    ///
    /// Accepted: `NSNull`, `NSNumber` (booleans told apart from numbers, `NSDecimalNumber` kept
    /// exactly), `String` / `NSString`, `[Any]` / `NSArray`, `[String: Any]` / `NSDictionary`, and
    /// Swift's `Bool`, integers, `Double`, `Float` and `Decimal`. Dictionary members come in the
    /// dictionary's iteration order.
    ///
    /// ```swift
    /// let object = try JSONSerialization.jsonObject(with: Data(#"{"ok":true,"n":[1,2.5]}"#.utf8))
    /// let value = JSONValue(foundation: object) // ["ok": true, "n": [1, 2.5]]
    /// ```
    public init?(foundation object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            guard let value = JSONValue(number: number) else { return nil }
            self = value
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            var elements: [JSONValue] = []
            elements.reserveCapacity(array.count)
            for element in array {
                guard let value = JSONValue(foundation: element) else { return nil }
                elements.append(value)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let value = JSONValue(foundation: element) else { return nil }
                members.append(JSONObject.Member(key: key, value: value))
            }
            self = .object(JSONObject(members))
        default:
            // A nil inside `Any` (e.g. from `[1, nil] as [Any?]`) is JSON null.
            let mirror = Mirror(reflecting: object)
            guard mirror.displayStyle == .optional else { return nil }
            guard let wrapped = mirror.children.first?.value else {
                self = .null
                return
            }
            guard let value = JSONValue(foundation: wrapped) else { return nil }
            self = value
        }
    }

    private static let booleanType = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// A number or a boolean: Foundation's booleans are a distinct `NSNumber` subclass
    /// (`__NSCFBoolean`), on Linux as on Darwin, unlike `NSNumber(value: 1 as Int8)`.
    private init?(number: NSNumber) {
        if ObjectIdentifier(type(of: number)) == Self.booleanType {
            self = .bool(number.boolValue)
            return
        }
        if let decimal = number as? NSDecimalNumber {
            guard let exact = JSONNumber(exactly: decimal.decimalValue) else { return nil }
            self = .number(exact)
            return
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"):
            // A Float's own shortest description: 0.1 rather than 0.10000000149011612.
            let float = number.floatValue
            guard float.isFinite else { return nil }
            self = .number(JSONNumber(validatedText: float.description))
        case UInt8(ascii: "d"):
            guard let value = JSONNumber(number.doubleValue) else { return nil }
            self = .number(value)
        case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
            self = .number(JSONNumber(number.uint64Value))
        default:
            self = .number(JSONNumber(number.int64Value))
        }
    }

    /// The value as Foundation objects that `JSONSerialization` can write back: `NSNull`,
    /// `Bool`, `Int` / `UInt64` for integers written as such that fit, `Double` for every other
    /// number (so a fraction keeps only `Double` precision, an integer beyond 64 bits becomes
    /// approximate, and one beyond `Double`'s range becomes an infinity, which `JSONSerialization`
    /// refuses), `String`, `[Any]` and `[String: Any]` (the last member of a repeated key wins).
    ///
    /// ```swift
    /// let value: JSONValue = ["n": 1, "list": [true, .null]]
    /// let data = try JSONSerialization.data(withJSONObject: value.foundationValue)
    /// ```
    public var foundationValue: Any {
        switch self {
        case .null:
            return NSNull()
        case .bool(let bool):
            return bool
        case .number(let number):
            if let integer = number.plainInteger(as: Int.self) { return integer }
            if let integer = number.plainInteger(as: UInt64.self) { return integer }
            return number.doubleValue ?? (number.text.hasPrefix("-") ? -Double.infinity : Double.infinity)
        case .string(let string):
            return string
        case .array(let elements):
            return elements.map(\.foundationValue)
        case .object(let object):
            var dictionary: [String: Any] = Dictionary(minimumCapacity: object.count)
            for member in object { dictionary[member.key] = member.value.foundationValue }
            return dictionary
        }
    }
}
