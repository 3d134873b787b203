/// A path that cannot be streamed where it was given: the path of a nested model (a Hub
/// scope, a mapped model) with a filter selector (`[?…]`), since a model is built from the
/// stream as it arrives and cannot wait for its filter to decide.
///
/// Queries stream filters (``JSONQuery``, ``JSONInput/values(at:options:)``, `sift query`); the entry
/// points that build models throw this error before reading any input. Filter the values of a
/// query instead, or evaluate the path in memory with ``TypedJSONPath/values(in:)``.
///
/// ```swift
/// do {
///     _ = try mappedModels(from: input)
/// } catch let error as JSONPathStreamingError {
///     print(error)
///     // a filter selector in the path of a nested model is not streamed: use a query's values,
///     // or TypedJSONPath.values(in:) on the parsed value ($['items'][?@.price < 10])
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
        "a filter selector in the path of a nested model is not streamed: use a query's values, "
            + "or TypedJSONPath.values(in:) on the parsed value (\(path))"
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
