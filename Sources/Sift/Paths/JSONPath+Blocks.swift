extension JSONPath {
    /// Whether a step of some alternative is a `runBlock` or has a filter selector: the path's
    /// values are then computed from captured values (a block's results, a filter's candidates),
    /// so a consumer that builds models from the stream (Hub's scopes) builds them from those
    /// values instead.
    ///
    /// ```swift
    /// JSONPath.root.goTo("a").runBlock { $0 }.containsBlock  // true
    /// ```
    public var containsBlock: Bool {
        alternatives.contains { segments in
            segments.contains { segment in segment.isBlock || (segment.selectors?.contains(where: \.isFilter) ?? false)
            }
        }
    }
}
