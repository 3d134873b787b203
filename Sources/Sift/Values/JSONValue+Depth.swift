extension JSONValue {
    /// The deepest nesting of arrays and objects a ``JSONValue`` may have when the engine builds
    /// it: a deeper value is refused with a ``JSONValueDepthError`` before it is built.
    ///
    /// A `JSONValue` is a tree of Swift values: releasing it, comparing it, hashing it and
    /// encoding it through `Codable` recurse once per level inside the Swift run time and the
    /// standard library, so a deep enough value overflows the thread's stack (a signal, not an
    /// error). Measured with the release build on Linux (nested arrays, and objects of one
    /// member), the shallowest values that overflow are:
    ///
    /// | stack | release | `==` | `hashValue` | `JSONEncoder` |
    /// | --- | --- | --- | --- | --- |
    /// | 8 MB (main thread) | 58 000 | 8 900 | 17 000 | 5 000 |
    /// | 512 KB (a secondary thread) | 3 600 | 550 | 1 050 | 300 |
    ///
    /// 2 048 is safe on both for releasing a value (what every consumer does, often without
    /// knowing), and on the main thread for everything. On a 512 KB thread, comparing or
    /// encoding a value deeper than a few hundred levels overflows whatever this bound is (the
    /// tokenizer's default limit, 512, is already too deep for them there).
    ///
    /// Everything that builds values from input checks this bound: ``JSONValueBuilder`` as a
    /// tokenizer's handler, `JSONValue(parsing:options:)`, and the captures of path
    /// queries (their Codable decodings too). The engine's own walks (tokenizing, matching,
    /// building, reading a captured tape) do not recurse: a query that captures nothing that
    /// deep runs over input of any depth the tokenizer is allowed to accept.
    ///
    /// ```swift
    /// var options = JSONParserOptions()
    /// options.maximumDepth = 100_000
    /// // throws: the value nests deeper than 2048 levels, the most a JSONValue holds
    /// _ = try JSONValue(parsing: String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000),
    ///                   options: options)
    /// ```
    public static let maximumDepth = 2048
}

/// A value nests deeper than ``JSONValue/maximumDepth``: building it as a ``JSONValue`` (or
/// decoding it with a recursive `Decodable`) could overflow the stack, so it was refused.
///
/// Inside a parse (and from every query) it arrives as the ``JSONParseError/underlyingError``
/// of a ``JSONParseError/Kind/consumerError`` located at the container that went too deep; a
/// value captured to be decoded knows its depth only as it closes, so its error is located at
/// its end.
///
/// ```swift
/// do {
///     _ = try JSONValue(parsing: deepText, options: options)
/// } catch let error as JSONParseError where error.underlyingError is JSONValueDepthError {
///     print(error.summary)
/// }
/// ```
public struct JSONValueDepthError: Error, Sendable, CustomStringConvertible {
    /// The bound that was exceeded (``JSONValue/maximumDepth``).
    ///
    /// ```swift
    /// error.maximumDepth // 2048
    /// ```
    public let maximumDepth: Int

    /// Creates the error for the bound ``JSONValue/maximumDepth``.
    ///
    /// ```swift
    /// throw JSONValueDepthError()
    /// ```
    public init() {
        maximumDepth = JSONValue.maximumDepth
    }

    /// `the value nests deeper than 2048 levels, the most a JSONValue holds`.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        "the value nests deeper than \(maximumDepth) levels, the most a JSONValue holds"
    }
}
