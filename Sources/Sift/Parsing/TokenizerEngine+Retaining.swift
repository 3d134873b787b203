/// Retaining input: the raw text of a capture that leaves members out, kept across chunks.
extension TokenizerEngine {
    /// Keeps the input from absolute offset `start` (in the chunk being parsed) on, until
    /// ``endRetainingInput()``.
    func beginRetainingInput(at start: Int) {
        retainStart = start
        retainedCount = 0
    }

    /// The input retained since ``beginRetainingInput(at:)``, through the end of the current
    /// token: valid until the handler returns.
    func retainedInput() -> UnsafeRawBufferPointer {
        precondition(retainStart >= 0, "no input is being retained")
        let chunkStart = state.pointee.chunkStart
        let end = currentTokenEnd - chunkStart
        guard let base = state.pointee.chunkBase else {
            return UnsafeRawBufferPointer(start: retained, count: retainedCount)
        }
        let from = max(retainStart - chunkStart, 0)
        if retainedCount == 0 { return UnsafeRawBufferPointer(start: base + from, count: end - from) }
        let count = retainedCount
        appendRetained(UnsafeRawPointer(base + from), count: end - from)
        defer { retainedCount = count }
        return UnsafeRawBufferPointer(start: retained, count: retainedCount)
    }

    /// Stops retaining input.
    func endRetainingInput() {
        retainStart = -1
        retainedCount = 0
    }

    func appendRetained(_ bytes: UnsafeRawPointer, count: Int) {
        guard count > 0 else { return }
        if retainedCount + count > retainedCapacity {
            var capacity = max(retainedCapacity * 2, 4096)
            while capacity < retainedCount + count { capacity *= 2 }
            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            if let retained {
                grown.copyMemory(from: retained, byteCount: retainedCount)
                retained.deallocate()
            }
            retained = grown
            retainedCapacity = capacity
        }
        // Allocated just above when it was missing.
        // swift-format-ignore: NeverForceUnwrap
        (retained! + retainedCount).copyMemory(from: bytes, byteCount: count)
        retainedCount += count
    }
}
