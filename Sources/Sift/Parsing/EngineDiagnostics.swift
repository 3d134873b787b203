/// Counters of the engine's bounds and shortcuts, for the tests that check them: compiled in
/// always, off the public API, and never read by the engine itself.
///
/// The tokenizer keeps the counters it owns (``JSONTokenizer/diagnostics``), a path matcher
/// its own (`PathMatcher.diagnostics`); each leaves the others' at zero.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: query.makeMatcher())
/// try tokenizer.parse(input)
/// tokenizer.handler.diagnostics.peakHeldMatches // 2 for `$.a[-2]`
/// ```
package struct EngineDiagnostics: Sendable, Equatable {
    /// Skipped containers the tokenizer moved yajl past, their bytes checked by the scan alone.
    package var containersPassedByScan = 0
    /// Members of objects the tokenizer moved yajl past, unseen by a handler that takes only
    /// some names (``JSONEventContext/takeOnlyMembers(named:)``).
    package var membersPassed = 0
    /// Events the tokenizer delivered from a member chain's scan, without yajl
    /// (``JSONEventContext/takeOnlyMembers(alongChain:)``).
    package var chainEvents = 0
    /// Array elements a member chain's scan read on into, past the element it started in.
    package var chainElements = 0
    /// The most matches a matcher held back at once (indices from the end, RFC 9535 order).
    package var peakHeldMatches = 0
    /// Codable elements a matcher captured leaving members out.
    package var leftOutCaptures = 0
    /// Of the elements captured leaving members out, those decoded again from their raw text.
    package var captureMisses = 0

    package init() {}
}
