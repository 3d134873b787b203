extension JSONArrayBlock {
    /// The index in the array of the block's first element, or nil for a block whose events are
    /// the document's (the rest of the document around the array, or a document that is not
    /// split).
    ///
    /// With it, a handler can number what it finds by place in the array before the blocks
    /// before it are parsed (the `n`-th element of a block whose first is `k` is element `k + n`).
    ///
    /// ```swift
    /// let outputs = JSONArrayOutputs(.file("feed.json"), path: try JSONPath("$.body[*]")) { block in
    ///     RowCollector(firstRow: block.firstElement ?? 0)
    /// }
    /// ```
    public var firstElement: Int? { elements?.first }
}
