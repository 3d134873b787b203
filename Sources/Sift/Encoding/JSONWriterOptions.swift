/// How a ``JSONWriter`` lays out its output.
///
/// ```swift
/// var options = JSONWriterOptions.pretty
/// options.indent = "\t"
/// let writer = JSONWriter(options: options)
/// ```
public struct JSONWriterOptions: Hashable, Sendable {
    /// Whether to write one member or element per line, indented (each top-level value then ends
    /// with a newline).
    ///
    /// Off by default: compact output with no whitespace at all.
    ///
    /// ```swift
    /// options.prettyPrinted = true
    /// ```
    public var prettyPrinted: Bool

    /// The indentation of one nesting level in pretty output: spaces, tabs and line breaks only
    /// (other characters are dropped).
    ///
    /// Two spaces by default.
    ///
    /// ```swift
    /// options.indent = "    "
    /// ```
    public var indent: String

    /// Whether `/` is written as `\/` (useful when JSON is embedded in HTML `<script>`).
    ///
    /// Off by default.
    ///
    /// ```swift
    /// options.escapesSlashes = true
    /// ```
    public var escapesSlashes: Bool

    /// Whether string and key bytes taken from ``JSONEvent``s are checked to be valid UTF-8 (a
    /// Swift `String` always is).
    ///
    /// On by default; turn it off when the events come from a tokenizer that validated them already.
    ///
    /// ```swift
    /// options.validatesUTF8 = false
    /// ```
    public var validatesUTF8: Bool

    /// Creates options; every parameter has the default.
    ///
    /// ```swift
    /// let options = JSONWriterOptions(prettyPrinted: true, indent: "    ")
    /// ```
    public init(
        prettyPrinted: Bool = false,
        indent: String = "  ",
        escapesSlashes: Bool = false,
        validatesUTF8: Bool = true
    ) {
        self.prettyPrinted = prettyPrinted
        self.indent = indent
        self.escapesSlashes = escapesSlashes
        self.validatesUTF8 = validatesUTF8
    }

    /// Compact output: no whitespace at all.
    ///
    /// ```swift
    /// JSONWriter(options: .compact)
    /// ```
    public static let compact = JSONWriterOptions()

    /// Pretty output, indented by two spaces.
    ///
    /// ```swift
    /// JSONWriter(options: .pretty)
    /// ```
    public static let pretty = JSONWriterOptions(prettyPrinted: true)
}
