import Foundation

/// A JSON number, kept as the exact text of the document so that nothing is lost (25-digit
/// integers, `1.0` versus `1`) until a typed accessor asks for a Swift number.
///
/// Two numbers are equal when their values are: `1`, `1.0` and `1e0` are equal. Integral values
/// compare exactly, however long (`12345678901234567890123` differs from
/// `12345678901234567890124`); numbers with a fraction compare as the nearest `Double`, the way
/// JSON readers see them (`0.1` equals `0.1000000000000000055511`). A fraction whose magnitude
/// is out of `Double`'s range (it would become zero or infinity) compares exactly.
///
/// ```swift
/// let number = JSONNumber(text: "12345678901234567890123")!
/// number.text                         // "12345678901234567890123"
/// try? number.integer(Int.self)       // nil: does not fit
/// number.doubleValue                  // 1.2345678901234568e+22
/// ```
public struct JSONNumber: Sendable, CustomStringConvertible {
    /// The number exactly as written in JSON.
    ///
    /// ```swift
    /// JSONNumber(42).text // "42"
    /// ```
    public let text: String

    /// Creates a number from JSON number text; nil when `text` is not in JSON's number grammar.
    ///
    /// ```swift
    /// JSONNumber(text: "1e3")   // 1e3
    /// JSONNumber(text: "0x10")  // nil
    /// ```
    public init?(text: String) {
        var text = text
        guard text.withUTF8({ JSONNumberParsing.isJSONNumber(UnsafeRawBufferPointer($0)) }) else { return nil }
        self.text = text
    }

    /// Creates a number from text the tokenizer has already validated.
    init(validatedText text: String) {
        self.text = text
    }

    /// Creates a number from an integer.
    ///
    /// ```swift
    /// JSONNumber(-7).text // "-7"
    /// ```
    public init(_ value: some BinaryInteger) {
        self.text = String(value)
    }

    /// Creates a number from a finite double, written in the shortest form that reads back
    /// exactly; nil for NaN and infinities, which JSON cannot express.
    ///
    /// ```swift
    /// let ratio = 0.1, whole = 2.0
    /// JSONNumber(ratio)?.text      // "0.1"
    /// JSONNumber(whole)?.text      // "2.0"
    /// JSONNumber(Double.nan)       // nil
    /// ```
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        self.text = value.description
    }

    /// The number's text.
    ///
    /// ```swift
    /// "\(JSONNumber(3))" // "3"
    /// ```
    public var description: String { text }

    // MARK: Conversions

    /// The number as an integer of type `T`, exactly.
    ///
    /// Integral values written with a fraction or exponent (`1.0`, `2e3`) convert; fractions and
    /// values outside `T`'s range throw ``JSONNumberConversionError``: nothing is ever wrapped or
    /// rounded.
    ///
    /// ```swift
    /// try JSONNumber(text: "2e3")!.integer(Int16.self) // 2000
    /// try JSONNumber(300).integer(Int8.self)           // throws: does not fit in Int8
    /// ```
    public func integer<T: FixedWidthInteger>(_ type: T.Type = Int.self) throws(JSONNumberConversionError) -> T {
        let result = withBytes { bytes in
            Result { () throws(JSONNumberConversionError) in try bytes.integer(T.self) }
        }
        return try result.get()
    }

    /// The nearest `Double`, or nil when the magnitude is beyond `Double`'s range.
    ///
    /// ```swift
    /// JSONNumber(text: "0.1")?.doubleValue   // 0.1
    /// JSONNumber(text: "1e400")?.doubleValue // nil
    /// ```
    public var doubleValue: Double? {
        withBytes { bytes in JSONNumberParsing.double(base: bytes.base, count: bytes.count) }
    }

    /// The number as a `Decimal` (exact up to 38 significant digits), or nil when its exponent
    /// is out of `Decimal`'s range.
    ///
    /// ```swift
    /// JSONNumber(text: "19.99")?.decimalValue // 19.99
    /// ```
    public var decimalValue: Decimal? {
        withBytes { bytes in try? bytes.decimal() }
    }

    /// The value when the text is a plain integer (`-?[0-9]+`) that fits `T`, without any
    /// allocation; nil otherwise.
    func plainInteger<T: FixedWidthInteger>(as type: T.Type) -> T? {
        withBytes { bytes in bytes.parseInteger(as: T.self) }
    }

    /// Calls `body` with the text's UTF-8 bytes, borrowed.
    func withBytes<Result>(_ body: (JSONBytes) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable({ buffer in
            body(JSONBytes(base: buffer.baseAddress, count: buffer.count))
        }) {
            return result
        }
        var copy = text
        return copy.withUTF8 { buffer in body(JSONBytes(base: buffer.baseAddress, count: buffer.count)) }
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Creates a number from an integer literal.
    ///
    /// ```swift
    /// let count: JSONNumber = 42
    /// ```
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Creates a number from a floating-point literal, in its shortest exact form.
    ///
    /// ```swift
    /// let ratio: JSONNumber = 0.25 // text "0.25"
    /// ```
    public init(floatLiteral value: Double) {
        guard let number = JSONNumber(value) else {
            preconditionFailure("JSON cannot express the floating-point literal \(value)")
        }
        self = number
    }
}
