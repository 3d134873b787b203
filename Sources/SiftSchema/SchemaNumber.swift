import Foundation
import Sift

/// A number of a schema or of an instance, kept exactly when `Decimal` holds it (38 digits,
/// exponents to ±127) and as the nearest `Double` beside, so that bounds and `multipleOf`
/// compare `0.1`, `1e2` and 20-digit integers without rounding.
struct SchemaNumber: Sendable {
    var text: String
    var decimal: Decimal?
    var double: Double

    /// The number written as `text` (JSON number syntax); nil when it is not a number.
    ///
    /// Without `exact`, a number that is not a plain integer keeps its `Double` alone: for an
    /// instance number no keyword compares exactly (its `Decimal` would cost more than the rest of
    /// its checks).
    init?(text: String, exact: Bool = true) {
        // Most numbers of a feed are integers of a few digits: exact as an Int64, with no parse
        // of the text as a Decimal.
        if text.utf8.count <= 18, let integer = Int64(text) {
            self.text = text
            double = Double(integer)
            decimal = Decimal(integer)
            return
        }
        guard let double = Double(text) else { return nil }
        self.text = text
        self.double = double
        self.decimal = exact ? Self.exactDecimal(text) : nil
    }

    /// The number of a number event.
    init?(_ bytes: JSONBytes) { self.init(text: bytes.string) }

    /// The locale that reads `.` as the decimal separator, made once.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// `Decimal(string:)` when it keeps every digit of `text`, else nil.
    private static func exactDecimal(_ text: String) -> Decimal? {
        guard let value = Decimal(string: text, locale: posix), !value.isNaN else {
            return nil
        }
        // Decimal rounds beyond 38 digits and saturates beyond its exponent range: compare with
        // the text's significant digits to know whether it kept them all.
        let digits = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        let significant = digits.reversed().drop { $0 == "0" }.count
        return significant <= 38 && abs(value.exponent) < 120 ? value : nil
    }

    /// Whether the value is an integer (`1`, `1.0`, `1e2`).
    var isIntegral: Bool {
        if let decimal { return Self.rounded(decimal) == decimal }
        return double.isFinite && double == double.rounded()
    }

    /// `-1`, `0` or `1` as `self` is below, equal to or above `other`.
    func compare(_ other: SchemaNumber) -> Int {
        if let left = decimal, let right = other.decimal {
            return left < right ? -1 : left == right ? 0 : 1
        }
        return double < other.double ? -1 : double == other.double ? 0 : 1
    }

    /// Whether `self` is an integer multiple of `divisor` (exactly when both are decimals).
    func isMultiple(of divisor: SchemaNumber) -> Bool {
        if let value = decimal, let step = divisor.decimal, step != 0 {
            let quotient = value / step
            if !quotient.isNaN { return Self.rounded(quotient) == quotient }
        }
        let quotient = double / divisor.double
        return quotient.isFinite && quotient == quotient.rounded()
    }

    private static func rounded(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, .plain)
        return result
    }
}
