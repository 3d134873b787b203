import Foundation

/// A Swift type a JSON scalar converts to, by the one set of rules every part of Sift uses:
/// typed paths (`.integer`, `.url`...), Hub view models, schema mapping and the HTTP mappers.
///
/// The rules are strict: a boolean is not an integer, a string is not a number, a number that
/// does not fit the type (`1.5` or `300` for `Int8`) does not convert and is never rounded or
/// wrapped, and a URL is a string `URL(string:encodingInvalidCharacters: false)` accepts
/// (absolute or relative; `"é"` is not one). Integral numbers written with a fraction or an
/// exponent (`1.0`, `2e3`) are integers.
///
/// | type | JSON |
/// | --- | --- |
/// | `String` | string |
/// | `Bool` | `true` / `false` |
/// | `Int`, `UInt`, `Int8`...`UInt64` | an integral number that fits |
/// | `Double`, `Float` | a number within the type's range (the nearest value) |
/// | `URL` | a string that is a valid URL |
///
/// ```swift
/// Int(jsonScalar: JSONValue.number(JSONNumber(2000)))  // 2000
/// try Int8.converting(JSONValue.number(JSONNumber(300))) // throws: does not fit in Int8
/// URL(jsonScalar: JSONValue.string("/a/b"))            // a relative URL
/// ```
public protocol JSONScalarConvertible {
    /// What a convertible value is, for messages: "a string", "an integer (Int)", "a URL string".
    ///
    /// ```swift
    /// UInt8.jsonExpectation // "an unsigned integer (UInt8)"
    /// ```
    static var jsonExpectation: String { get }

    /// Converts the scalar an event carries; nil for another kind or a value that does not fit.
    ///
    /// ```swift
    /// if case .number = event, let count = Int(jsonScalar: event) { total += count }
    /// ```
    init?(jsonScalar event: JSONEvent)

    /// Converts a scalar value; nil for another kind or a value that does not fit.
    ///
    /// ```swift
    /// Bool(jsonScalar: JSONValue.bool(true)) // true
    /// ```
    init?(jsonScalar value: JSONValue)

    /// Why `event` does not convert; asked only after ``init(jsonScalar:)-(JSONEvent)`` gave nil.
    ///
    /// ```swift
    /// Int.conversionError(for: .string(bytes)).found // "the string \"12\""
    /// ```
    static func conversionError(for event: JSONEvent) -> JSONConversionError

    /// Why `value` does not convert; asked only after ``init(jsonScalar:)-(JSONValue)`` gave nil.
    ///
    /// ```swift
    /// Int.conversionError(for: .bool(true)).description // "expected an integer (Int), found the boolean true"
    /// ```
    static func conversionError(for value: JSONValue) -> JSONConversionError
}

extension JSONScalarConvertible {
    /// A wrong-kind error (the default: types whose only failure is the kind).
    ///
    /// ```swift
    /// String.conversionError(for: .startArray).description // "expected a string, found an array"
    /// ```
    public static func conversionError(for event: JSONEvent) -> JSONConversionError {
        JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
    }

    /// A wrong-kind error (the default: types whose only failure is the kind).
    ///
    /// ```swift
    /// String.conversionError(for: .null).description // "expected a string, found null"
    /// ```
    public static func conversionError(for value: JSONValue) -> JSONConversionError {
        JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
    }

    /// Converts the scalar an event carries, or throws why it does not convert.
    ///
    /// ```swift
    /// let count = try Int.converting(event)
    /// ```
    @inlinable
    public static func converting(_ event: JSONEvent) throws(JSONConversionError) -> Self {
        if let value = Self(jsonScalar: event) { return value }
        throw conversionError(for: event)
    }

    /// Converts a scalar value, or throws why it does not convert.
    ///
    /// ```swift
    /// let flag = try Bool.converting(JSONValue.bool(false)) // false
    /// ```
    @inlinable
    public static func converting(_ value: JSONValue) throws(JSONConversionError) -> Self {
        if let converted = Self(jsonScalar: value) { return converted }
        throw conversionError(for: value)
    }
}

extension String: JSONScalarConvertible {
    /// "a string".
    public static var jsonExpectation: String { "a string" }

    /// The text of a string event.
    @inlinable
    public init?(jsonScalar event: JSONEvent) {
        guard case .string(let bytes) = event else { return nil }
        self = bytes.string
    }

    /// The text of a string value.
    @inlinable
    public init?(jsonScalar value: JSONValue) {
        guard case .string(let text) = value else { return nil }
        self = text
    }
}

extension Bool: JSONScalarConvertible {
    /// "a boolean".
    public static var jsonExpectation: String { "a boolean" }

    /// The value of `true` or `false`.
    @inlinable
    public init?(jsonScalar event: JSONEvent) {
        guard case .bool(let flag) = event else { return nil }
        self = flag
    }

    /// The value of `true` or `false`.
    @inlinable
    public init?(jsonScalar value: JSONValue) {
        guard case .bool(let flag) = value else { return nil }
        self = flag
    }
}

extension JSONScalarConvertible where Self: FixedWidthInteger {
    /// "an integer (Int)", "an unsigned integer (UInt8)"...
    public static var jsonExpectation: String {
        isSigned ? "an integer (\(Self.self))" : "an unsigned integer (\(Self.self))"
    }

    /// An integral number that fits the type.
    @inlinable
    public init?(jsonScalar event: JSONEvent) {
        guard case .number(let bytes) = event, let value = try? bytes.integer(Self.self) else { return nil }
        self = value
    }

    /// An integral number that fits the type.
    @inlinable
    public init?(jsonScalar value: JSONValue) {
        guard case .number(let number) = value, let converted = try? number.integer(Self.self) else { return nil }
        self = converted
    }

    /// Why a number did not fit, or a wrong-kind error.
    public static func conversionError(for event: JSONEvent) -> JSONConversionError {
        guard case .number(let bytes) = event else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
        }
        do throws(JSONNumberConversionError) {
            _ = try bytes.integer(Self.self)
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
        } catch {
            return JSONConversionError(error, expected: jsonExpectation)
        }
    }

    /// Why a number did not fit, or a wrong-kind error.
    public static func conversionError(for value: JSONValue) -> JSONConversionError {
        guard case .number(let number) = value else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
        }
        do throws(JSONNumberConversionError) {
            _ = try number.integer(Self.self)
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
        } catch {
            return JSONConversionError(error, expected: jsonExpectation)
        }
    }
}

extension Int: JSONScalarConvertible {}
extension Int8: JSONScalarConvertible {}
extension Int16: JSONScalarConvertible {}
extension Int32: JSONScalarConvertible {}
extension Int64: JSONScalarConvertible {}
extension UInt: JSONScalarConvertible {}
extension UInt8: JSONScalarConvertible {}
extension UInt16: JSONScalarConvertible {}
extension UInt32: JSONScalarConvertible {}
extension UInt64: JSONScalarConvertible {}

extension Double: JSONScalarConvertible {
    /// "a number".
    public static var jsonExpectation: String { "a number" }

    /// The nearest `Double` of a number within `Double`'s range.
    @inlinable
    public init?(jsonScalar event: JSONEvent) {
        guard case .number(let bytes) = event, let value = try? bytes.double() else { return nil }
        self = value
    }

    /// The nearest `Double` of a number within `Double`'s range.
    @inlinable
    public init?(jsonScalar value: JSONValue) {
        guard case .number(let number) = value, let converted = number.doubleValue else { return nil }
        self = converted
    }

    /// A number too large for `Double`, or a wrong-kind error.
    public static func conversionError(for event: JSONEvent) -> JSONConversionError {
        guard case .number(let bytes) = event else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
        }
        return .tooLarge(bytes.string, for: "Double", expected: jsonExpectation)
    }

    /// A number too large for `Double`, or a wrong-kind error.
    public static func conversionError(for value: JSONValue) -> JSONConversionError {
        guard case .number(let number) = value else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
        }
        return .tooLarge(number.text, for: "Double", expected: jsonExpectation)
    }
}

extension Float: JSONScalarConvertible {
    /// "a number (Float)".
    public static var jsonExpectation: String { "a number (Float)" }

    /// The nearest `Float` of a number within `Float`'s range.
    @inlinable
    public init?(jsonScalar event: JSONEvent) {
        guard let double = Double(jsonScalar: event), Float(double).isFinite else { return nil }
        self = Float(double)
    }

    /// The nearest `Float` of a number within `Float`'s range.
    @inlinable
    public init?(jsonScalar value: JSONValue) {
        guard let double = Double(jsonScalar: value), Float(double).isFinite else { return nil }
        self = Float(double)
    }

    /// A number too large for `Float`, or a wrong-kind error.
    public static func conversionError(for event: JSONEvent) -> JSONConversionError {
        guard case .number(let bytes) = event else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
        }
        return .tooLarge(bytes.string, for: "Float", expected: jsonExpectation)
    }

    /// A number too large for `Float`, or a wrong-kind error.
    public static func conversionError(for value: JSONValue) -> JSONConversionError {
        guard case .number(let number) = value else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
        }
        return .tooLarge(number.text, for: "Float", expected: jsonExpectation)
    }
}

extension URL: JSONScalarConvertible {
    /// "a URL string".
    public static var jsonExpectation: String { "a URL string" }

    /// A string that is a valid URL, absolute or relative, parsed without percent-encoding
    /// characters a URL cannot hold.
    public init?(jsonScalar event: JSONEvent) {
        guard case .string(let bytes) = event else { return nil }
        self.init(jsonText: bytes.string)
    }

    /// A string that is a valid URL, absolute or relative, parsed without percent-encoding
    /// characters a URL cannot hold.
    public init?(jsonScalar value: JSONValue) {
        guard case .string(let text) = value else { return nil }
        self.init(jsonText: text)
    }

    /// The one URL rule: `URL(string:encodingInvalidCharacters: false)`.
    init?(jsonText text: String) {
        self.init(string: text, encodingInvalidCharacters: false)
    }

    /// A string that is not a URL, or a wrong-kind error.
    public static func conversionError(for event: JSONEvent) -> JSONConversionError {
        guard case .string(let bytes) = event else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: event.summary)
        }
        return JSONConversionError(
            reason: .invalidURL, expected: jsonExpectation, found: JSONValue.quoted(bytes.string))
    }

    /// A string that is not a URL, or a wrong-kind error.
    public static func conversionError(for value: JSONValue) -> JSONConversionError {
        guard case .string(let text) = value else {
            return JSONConversionError(reason: .wrongKind, expected: jsonExpectation, found: value.summary)
        }
        return JSONConversionError(reason: .invalidURL, expected: jsonExpectation, found: JSONValue.quoted(text))
    }
}
