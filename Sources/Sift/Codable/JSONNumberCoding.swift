import Foundation

/// The conversions the Codable bridge makes from a ``JSONNumber``'s text: exact for integers and
/// `Decimal`, nearest for floating point, always through the engine's number helpers
/// (``JSONBytes/integer(_:)``, ``JSONBytes/double()``, ``JSONBytes/decimal()``).
///
/// Like `JSONDecoder`, a floating-point conversion that overflows to infinity, or underflows to
/// zero from a number that is not zero, is an error rather than a silent rounding.
enum JSONNumberCoding {
    /// The number as `T`, exactly: `300` is not an `Int8`, `1.5` is not an `Int`, `1e2` is `100`.
    static func integer<T: FixedWidthInteger>(
        _ number: JSONNumber, as type: T.Type
    ) throws(JSONNumberConversionError) -> T {
        if let small = smallInteger(number.text), let value = T(exactly: small) { return value }
        return try withBytes(of: number) { bytes throws(JSONNumberConversionError) in try bytes.integer(T.self) }
    }

    /// The value of a plain decimal integer of at most 18 digits (`-42`, `0`), the common case,
    /// read without the general parser; nil for anything else (fractions, exponents, longer
    /// numbers), which the general parser handles.
    private static func smallInteger(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { bytes -> Int64? in
            var index = 0
            let isNegative = bytes.first == UInt8(ascii: "-")
            if isNegative { index = 1 }
            let digitCount = bytes.count - index
            guard digitCount > 0, digitCount <= 18 else { return nil }
            var value: Int64 = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
                index &+= 1
            }
            return isNegative ? -value : value
        }
    }

    /// The nearest `Double`.
    static func double(_ number: JSONNumber) throws(JSONNumberConversionError) -> Double {
        let value = try withBytes(of: number) { bytes throws(JSONNumberConversionError) in try bytes.double() }
        try checkNotUnderflowed(value.isZero, number, typeName: "Double")
        return value
    }

    /// The nearest `Float`, rounded once from the decimal text (not through `Double`).
    static func float(_ number: JSONNumber) throws(JSONNumberConversionError) -> Float {
        guard let value = Float(number.text), value.isFinite else {
            throw JSONNumberConversionError(text: number.text, typeName: "Float", reason: .notRepresentable)
        }
        try checkNotUnderflowed(value.isZero, number, typeName: "Float")
        return value
    }

    /// The number as a `Decimal`, exact up to `Decimal`'s 38 significant digits.
    static func decimal(_ number: JSONNumber) throws(JSONNumberConversionError) -> Decimal {
        try withBytes(of: number) { bytes throws(JSONNumberConversionError) in try bytes.decimal() }
    }

    /// Calls `body` with a borrowed view of the number's text.
    private static func withBytes<R>(
        of number: JSONNumber, _ body: (JSONBytes) throws(JSONNumberConversionError) -> R
    ) throws(JSONNumberConversionError) -> R {
        var text = number.text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONNumberConversionError) -> R in
                try body(JSONBytes(base: buffer.baseAddress, count: buffer.count))
            }
        }
        return try result.get()
    }

    /// Rejects a zero result from a number whose significand has a non-zero digit (`1e-400`).
    private static func checkNotUnderflowed(
        _ isZero: Bool, _ number: JSONNumber, typeName: String
    ) throws(JSONNumberConversionError) {
        guard isZero else { return }
        let significand = number.text.utf8.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        if significand.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw JSONNumberConversionError(text: number.text, typeName: typeName, reason: .notRepresentable)
        }
    }
}
