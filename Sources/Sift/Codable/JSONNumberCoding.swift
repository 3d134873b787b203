import Foundation

/// The floating-point and `Decimal` conversions the Codable bridge makes from a number's text,
/// read in place (``JSONBytes``); integers convert with ``JSONBytes/integer(_:)`` itself.
///
/// Like `JSONDecoder`, a floating-point conversion that overflows to infinity, or underflows to
/// zero from a number that is not zero, is an error rather than a silent rounding.
enum JSONNumberCoding {
    /// The nearest `Double`.
    static func double(_ bytes: JSONBytes) throws(JSONNumberConversionError) -> Double {
        let value = try bytes.double()
        try checkNotUnderflowed(value.isZero, bytes, typeName: "Double")
        return value
    }

    /// The nearest `Float`, rounded once from the decimal text (not through `Double`).
    static func float(_ bytes: JSONBytes) throws(JSONNumberConversionError) -> Float {
        let text = bytes.string
        guard let value = Float(text), value.isFinite else {
            throw JSONNumberConversionError(text: text, typeName: "Float", reason: .notRepresentable)
        }
        try checkNotUnderflowed(value.isZero, bytes, typeName: "Float")
        return value
    }

    /// The number as a `Decimal`, exact up to `Decimal`'s 38 significant digits.
    static func decimal(_ bytes: JSONBytes) throws(JSONNumberConversionError) -> Decimal {
        try bytes.decimal()
    }

    /// Rejects a zero result from a number whose significand has a non-zero digit (`1e-400`).
    private static func checkNotUnderflowed(
        _ isZero: Bool, _ bytes: JSONBytes, typeName: String
    ) throws(JSONNumberConversionError) {
        guard isZero else { return }
        let significand = bytes.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        if significand.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            throw JSONNumberConversionError(text: bytes.string, typeName: typeName, reason: .notRepresentable)
        }
    }
}
