/// A path that is evaluated in memory only for now: it has a filter selector (`[?…]`), which
/// streaming queries do not evaluate yet.
///
/// Every streaming entry point (``JSONQuery``, `sift query`, …) throws it before reading any
/// input; evaluate such a path on a value in memory with ``TypedJSONPath/values(in:)``.
///
/// ```swift
/// var query = JSONQuery()
/// query.add(try JSONPath("$.items[?@.price < 10]").value)
/// do { _ = try query.run(.string(#"{"items":[]}"#)) } catch let error as JSONPathStreamingError {
///     print(error)
///     // filter selectors are evaluated in memory only for now: use TypedJSONPath.values(in:) on
///     // the parsed value ($['items'][?@.price < 10])
/// }
/// ```
public struct JSONPathStreamingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path that cannot be streamed, in JSONPath notation.
    ///
    /// ```swift
    /// error.path // "$['items'][?@.price < 10]"
    /// ```
    public let path: String

    /// Why, and what to do instead.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        "filter selectors are evaluated in memory only for now: use TypedJSONPath.values(in:) on the parsed value (\(path))"
    }

    /// The error for `path` when it has a filter selector in any step; nil when it can be streamed.
    init?(_ path: JSONPath) {
        let hasFilter = path.alternatives.contains { segments in
            segments.contains { segment in segment.selectors?.contains(where: \.isFilter) ?? false }
        }
        guard hasFilter else { return nil }
        self.path = path.description
    }
}
