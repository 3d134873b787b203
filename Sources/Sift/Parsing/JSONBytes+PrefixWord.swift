extension JSONBytes {
    /// The first eight bytes of a name or key as one word (little-endian, zero-padded).
    ///
    /// Matching a key against a state's names compares lengths and words, and the remaining
    /// bytes only of longer names whose words are equal: no hashing, and no byte comparison at
    /// all for the short keys most documents use.
    @inline(__always)
    static func prefixWord(_ base: UnsafeRawPointer?, count: Int) -> UInt64 {
        guard let base, count > 0 else { return 0 }
        if count >= 8 { return UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) }
        // Shorter keys in at most three loads (four, two and one bytes), not one per byte.
        var word: UInt64 = 0
        var offset = 0
        if count & 4 != 0 {
            word = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
            offset = 4
        }
        if count & 2 != 0 {
            let half = UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            word |= UInt64(half) &<< UInt64(offset &* 8)
            offset &+= 2
        }
        if count & 1 != 0 {
            word |= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &<< UInt64(offset &* 8)
        }
        return word
    }
}
