import Foundation
import Sift

/// A number of a schema or of an instance, kept exactly when `Decimal` holds it (38 digits,
/// exponents to ±127) and as the nearest `Double` beside, so that bounds and `multipleOf`
/// compare `0.1`, `1e2` and 20-digit integers without rounding.
struct SchemaNumber: Sendable {
    var text: String
    /// The exact value when it was made at once (a schema's number, or an integer of at most 18
    /// characters); see ``exactValue``.
    var decimal: Decimal?
    var double: Double
    /// Whether comparisons are exact: the `Decimal` is then made, when ``decimal`` is nil, only
    /// where the two `Double`s cannot tell the answer.
    var isExact: Bool

    /// The number written as `text` (JSON number syntax); nil when it is not a number.
    ///
    /// Without `exact`, a number that is not a plain integer keeps its `Double` alone: for an
    /// instance number no keyword compares exactly (its `Decimal` would cost more than the rest of
    /// its checks). With `deferred`, an exact number's `Decimal` is made only when a comparison
    /// needs it (an instance number: most bounds are decided by the `Double`s).
    init?(text: String, exact: Bool = true, deferred: Bool = false) {
        // Most numbers of a feed are integers of a few digits: exact as an Int64, with no parse
        // of the text as a Decimal.
        if text.utf8.count <= 18, let integer = Int64(text) {
            self.text = text
            double = Double(integer)
            decimal = Decimal(integer)
            isExact = true
            return
        }
        guard let double = Double(text) else { return nil }
        self.text = text
        self.double = double
        isExact = exact
        self.decimal = exact && !deferred ? Self.exactDecimal(text) : nil
    }

    /// The exact value: ``decimal``, or the text read as a `Decimal` when comparisons are exact
    /// and it keeps every digit; nil otherwise (the `Double` then stands for the number).
    var exactValue: Decimal? {
        decimal ?? (isExact ? Self.exactDecimal(text) : nil)
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
        // Below 2^52 every integer is a Double, so a Double with a fraction is no integer.
        if double.isFinite, abs(double) < 0x1p52, double != double.rounded() { return false }
        if let exact = exactValue { return Self.rounded(exact) == exact }
        return double.isFinite && double == double.rounded()
    }

    /// `-1`, `0` or `1` as `self` is below, equal to or above `other`.
    func compare(_ other: SchemaNumber) -> Int {
        if let order = Self.order(double, other.double) { return order }
        if let left = exactValue, let right = other.exactValue {
            return left < right ? -1 : left == right ? 0 : 1
        }
        return double < other.double ? -1 : double == other.double ? 0 : 1
    }

    /// The order of two numbers from their nearest `Double`s, when the `Double`s are normal and
    /// further apart than rounding can move them (each is within 2^-53 of its number, relative);
    /// nil when only the exact values can tell.
    private static func order(_ left: Double, _ right: Double) -> Int? {
        guard left.isFinite, right.isFinite, left != right else { return nil }
        let scale = max(abs(left), abs(right))
        guard scale > 0x1p-1000, abs(left - right) > scale * 0x1p-50 else { return nil }
        return left < right ? -1 : 1
    }

    /// Whether `self` is an integer multiple of `divisor` (exactly when both are decimals).
    func isMultiple(of divisor: SchemaNumber) -> Bool {
        if let value = exactValue, let step = divisor.exactValue, step != 0 {
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
