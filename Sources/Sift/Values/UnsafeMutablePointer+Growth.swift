extension UnsafeMutablePointer {
    /// A larger buffer holding this one's first `count` elements, moved over; this one is freed.
    ///
    /// `capacity` doubles until it holds `minimum` elements. The tokenizer's frames and key
    /// arena and the tape's entries and bytes grow this way, with no uniqueness checks on the
    /// appends in between.
    ///
    /// ```swift
    /// if count == capacity { buffer = buffer.grown(keeping: count, capacity: &capacity, minimum: count + 1) }
    /// ```
    func grown(keeping count: Int, capacity: inout Int, minimum: Int) -> UnsafeMutablePointer<Pointee> {
        var grownCapacity = Swift.max(capacity * 2, 1)
        while grownCapacity < minimum { grownCapacity *= 2 }
        let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: grownCapacity)
        grown.moveInitialize(from: self, count: count)
        deallocate()
        capacity = grownCapacity
        return grown
    }
}
