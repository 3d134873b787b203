extension JSONQuery {
    /// The order in which a query's matches are delivered.
    ///
    /// ```swift
    /// var query = JSONQuery()
    /// query.resultOrder = .streaming
    /// query.add(try JSONPath("$..uri").string) { match in print(match.value) }
    /// ```
    public enum ResultOrder: Sendable, Hashable {
        /// RFC 9535 order, the default: the order of the query's segments and selectors, a
        /// container before the values inside it.
        ///
        /// A match may have to wait for another that comes later in the input: with a
        /// descendant segment (`$..uri`), a union (`$['b','a']`) or an index from the end
        /// (`$.items[-1]`), matches are held until the value the reordering starts from closes
        /// (for `$..uri`, the whole document), so memory grows with the matches held.
        ///
        /// ```swift
        /// query.resultOrder = .rfc9535 // [[1]] with $..* gives [1], then 1
        /// ```
        case rfc9535

        /// Each match as soon as it is complete: a scalar when it is read, a container when it
        /// closes, so a match nested in another comes before the one that contains it, and the
        /// selectors of a union do not reorder anything.
        ///
        /// The same matches as ``rfc9535`` (as a multiset), in memory bounded by the largest
        /// match, plus what a query holds by nature: an index or slice from the end of an array
        /// (`[-2]`, `[-3:]`) keeps the candidates among the array's last elements until the
        /// array closes, and their matches are delivered then, in the order they completed.
        ///
        /// ```swift
        /// query.resultOrder = .streaming // [[1]] with $..* gives 1, then [1]
        /// ```
        case streaming
    }
}
