/// A line of a newline-delimited input that did not parse, set aside by ``JSONLineOutputs`` when
/// it skips invalid lines: where it is, why it failed, and its text.
///
/// ```swift
/// struct Printer: JSONLineHandler {
///     mutating func setAside(_ line: JSONInvalidLine) {
///         print("line \(line.line) set aside: \(line.error.summary)")
///     }
///     ...
/// }
/// ```
public struct JSONInvalidLine: Sendable {
    /// The line's number in the whole input, from 1.
    ///
    /// ```swift
    /// invalid.line  // 7
    /// ```
    public let line: Int

    /// The byte offset of the line's first byte in the whole input, from 0.
    ///
    /// ```swift
    /// invalid.offset  // 123
    /// ```
    public let offset: Int

    /// The line's bytes, without its line break (it may not even be UTF-8).
    ///
    /// ```swift
    /// String(decoding: invalid.text, as: UTF8.self)  // "{\"id\":,}"
    /// ```
    public let text: [UInt8]

    /// The error, placed in the whole input, as a tokenizer reading only this line reports it.
    ///
    /// ```swift
    /// invalid.error.summary  // "invalid JSON: unallowed token at this point in JSON text (in $.id)"
    /// ```
    public let error: JSONParseError
}
