extension JSONValue {
    /// The deepest nesting of arrays and objects a ``JSONValue`` may have when the engine builds
    /// it: a deeper value is refused with a ``JSONValueDepthError`` before it is built.
    ///
    /// A `JSONValue` is a tree of Swift values: releasing it and encoding it through
    /// Foundation's `JSONEncoder` recurse once per level inside the Swift run time and
    /// Foundation, so a deep enough value overflows the thread's stack (a signal, not an
    /// error). Measured with the release build on Linux (nested arrays, and objects of one
    /// member), the shallowest values that overflow are:
    ///
    /// | stack | release | Foundation's `JSONEncoder` |
    /// | --- | --- | --- |
    /// | 8 MB (main thread) | 58 000 | 5 000 |
    /// | 512 KB (a secondary thread) | 3 600 | 300 |
    ///
    /// 2 048 is safe on both for releasing a value (what every consumer does, often without
    /// knowing). `==` and `hash(into:)` walk the value with a stack of their own, and
    /// ``JSONValueEncoder`` takes a `JSONValue` as it is, so these work at this bound on any
    /// thread; Foundation's encoder does not, on a 512 KB thread, past a few hundred levels.
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
/// of a ``JSONParseError/Kind/consumerError`` located at the container that went too deep.
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
