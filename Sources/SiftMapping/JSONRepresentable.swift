public import Foundation
public import Sift

/// A model that turns itself into JSON (after Elevate's `Encodable`): build a `JSONValue` from
/// its properties, using the conformances of the standard types and of collections of
/// representable values.
///
/// ```swift
/// extension Person: JSONRepresentable {
///     var jsonValue: JSONValue {
///         var object: JSONObject = ["id": id.jsonValue, "name": name.jsonValue, "addresses": addresses.jsonValue]
///         if let nickname { object["nickname"] = nickname.jsonValue }
///         return .object(object)
///     }
/// }
/// let text = try person.jsonValue.jsonString()
/// let writer = JSONWriter()
/// try writer.writeArray(people)   // element by element
/// ```
public protocol JSONRepresentable {
    /// The JSON form of the value.
    ///
    /// ```swift
    /// 42.jsonValue // .number(42)
    /// ```
    var jsonValue: JSONValue { get }
}

extension JSONValue: JSONRepresentable {
    /// The value itself.
    ///
    /// ```swift
    /// JSONValue.null.jsonValue // .null
    /// ```
    public var jsonValue: JSONValue { self }
}

extension JSONObject: JSONRepresentable {
    /// The object as a value.
    ///
    /// ```swift
    /// JSONObject().jsonValue // .object([:])
    /// ```
    public var jsonValue: JSONValue { .object(self) }
}

extension String: JSONRepresentable {
    /// A JSON string.
    ///
    /// ```swift
    /// "hi".jsonValue // .string("hi")
    /// ```
    public var jsonValue: JSONValue { .string(self) }
}

extension Bool: JSONRepresentable {
    /// A JSON boolean.
    ///
    /// ```swift
    /// true.jsonValue // .bool(true)
    /// ```
    public var jsonValue: JSONValue { .bool(self) }
}

extension JSONRepresentable where Self: BinaryInteger {
    /// A JSON number with the integer's exact digits.
    ///
    /// ```swift
    /// UInt64.max.jsonValue // .number(18446744073709551615)
    /// ```
    public var jsonValue: JSONValue { .number(JSONNumber(self)) }
}

extension Int: JSONRepresentable {}
extension Int8: JSONRepresentable {}
extension Int16: JSONRepresentable {}
extension Int32: JSONRepresentable {}
extension Int64: JSONRepresentable {}
extension UInt: JSONRepresentable {}
extension UInt8: JSONRepresentable {}
extension UInt16: JSONRepresentable {}
extension UInt32: JSONRepresentable {}
extension UInt64: JSONRepresentable {}

extension Double: JSONRepresentable {
    /// A JSON number with the shortest text that reads back as the same `Double`; `null` for
    /// infinities and NaN, which JSON cannot write.
    ///
    /// ```swift
    /// 0.1.jsonValue // .number(0.1)
    /// ```
    public var jsonValue: JSONValue { JSONNumber(self).map(JSONValue.number) ?? .null }
}

extension Float: JSONRepresentable {
    /// A JSON number with the shortest text that reads back as the same `Float` (so `0.1` stays
    /// `0.1`); `null` for infinities and NaN.
    ///
    /// ```swift
    /// Float(0.1).jsonValue // .number(0.1)
    /// ```
    public var jsonValue: JSONValue {
        guard isFinite else { return .null }
        return JSONNumber(text: description.replacingOccurrences(of: "e+", with: "e")).map(JSONValue.number)
            ?? Double(self).jsonValue
    }
}

extension URL: JSONRepresentable {
    /// The URL's string.
    ///
    /// ```swift
    /// URL(string: "https://example.com")!.jsonValue // .string("https://example.com")
    /// ```
    public var jsonValue: JSONValue { .string(absoluteString) }
}

extension Optional: JSONRepresentable where Wrapped: JSONRepresentable {
    /// The wrapped value's JSON, or `null`.
    ///
    /// ```swift
    /// Optional<Int>.none.jsonValue // .null
    /// ```
    public var jsonValue: JSONValue { map(\.jsonValue) ?? .null }
}

extension Array: JSONRepresentable where Element: JSONRepresentable {
    /// A JSON array of the elements' JSON.
    ///
    /// ```swift
    /// [1, 2].jsonValue // .array([1, 2])
    /// ```
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension Set: JSONRepresentable where Element: JSONRepresentable {
    /// A JSON array of the elements' JSON (in the set's iteration order).
    ///
    /// ```swift
    /// Set(["a"]).jsonValue // .array(["a"])
    /// ```
    public var jsonValue: JSONValue { .array(map(\.jsonValue)) }
}

extension Dictionary: JSONRepresentable where Key == String, Value: JSONRepresentable {
    /// A JSON object of the values' JSON, members sorted by key so the output is stable.
    ///
    /// ```swift
    /// ["b": 2, "a": 1].jsonValue // {"a":1,"b":2}
    /// ```
    public var jsonValue: JSONValue {
        .object(
            JSONObject(sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: $0.value.jsonValue) }))
    }
}
