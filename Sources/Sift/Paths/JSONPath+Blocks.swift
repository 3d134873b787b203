extension JSONPath {
    /// Whether a step of some alternative is a `runBlock`: the path's values are then computed
    /// from captured values, so a consumer that builds models from the stream (Hub's scopes)
    /// builds them from the block's results instead.
    package var containsBlock: Bool {
        alternatives.contains { segments in segments.contains(where: \.isBlock) }
    }
}
