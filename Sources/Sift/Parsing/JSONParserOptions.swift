/// Settings of the tokenizer, shared by every layer that reads JSON.
///
/// ```swift
/// var options = JSONParserOptions()
/// options.allowsMultipleValues = true   // NDJSON
/// options.maximumDepth = 64
/// ```
public struct JSONParserOptions: Hashable, Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is a
    /// ``JSONParseError/Kind/depthLimitExceeded`` error.
    ///
    /// The default is 512.
    ///
    /// ```swift
    /// options.maximumDepth = 100
    /// ```
    public var maximumDepth: Int

    /// Whether the input may hold several top-level values one after another (newline-delimited
    /// JSON, or values simply concatenated).
    ///
    /// Off by default: a second value is an error. When on, an input of only whitespace is a stream of
    /// no values, not an error.
    ///
    /// ```swift
    /// options.allowsMultipleValues = true
    /// ```
    public var allowsMultipleValues: Bool

    /// Whether `//` and `/* */` comments are skipped as whitespace.
    ///
    /// Off by default. Inside a comment any UTF-8 text is allowed, form feeds included.
    ///
    /// ```swift
    /// options.allowsComments = true
    /// ```
    public var allowsComments: Bool

    /// Whether the input is checked to be valid UTF-8, strictly (no overlong forms, encoded
    /// surrogates or code points above U+10FFFF).
    ///
    /// On by default; turning it off is faster and passes invalid bytes in strings through unchanged.
    ///
    /// ```swift
    /// options.validatesUTF8 = false
    /// ```
    public var validatesUTF8: Bool

    /// Creates options; every parameter has the strict default.
    ///
    /// ```swift
    /// let ndjson = JSONParserOptions(allowsMultipleValues: true)
    /// ```
    public init(
        maximumDepth: Int = 512,
        allowsMultipleValues: Bool = false,
        allowsComments: Bool = false,
        validatesUTF8: Bool = true
    ) {
        self.maximumDepth = maximumDepth
        self.allowsMultipleValues = allowsMultipleValues
        self.allowsComments = allowsComments
        self.validatesUTF8 = validatesUTF8
    }
}
