/// A JSON number, kept as the exact text of the document so that nothing is lost (25-digit
/// integers, `1.0` versus `1`) until a typed accessor asks for a Swift number.
///
/// Two numbers are equal when their values are: `1`, `1.0` and `1e0` are equal.
///
/// ```swift
/// let number = JSONNumber(text: "12345678901234567890123")!
/// number.text                         // "12345678901234567890123"
/// try? number.integer(Int.self)       // nil: does not fit
/// number.doubleValue                  // 1.2345678901234568e+22
/// ```
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
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
        guard JSONNumberParsing.isJSONNumber(text) else { return nil }
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
    /// JSONNumber(0.1)?.text // "0.1"
    /// JSONNumber(2.0)?.text // "2.0"
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
}
