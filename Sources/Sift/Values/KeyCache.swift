/// A small direct-mapped cache of key strings, indexed by a hash of their bytes.
///
/// It starts empty and grows with use: a builder made for one small value (a path engine makes
/// one per captured container) decodes its first ``uncachedKeys`` keys without hashing them or
/// allocating a table, then takes a few slots, not the whole table; a builder that keeps missing
/// (many distinct keys, or keys that collide) grows to 256 slots.
struct KeyCache {
    static let uncachedKeys = 16
    static let smallestSlotCount = 8
    static let largestSlotCount = 256
    private static let longestKey = 64
    /// Empty until ``uncachedKeys`` keys were decoded; a power of two slots after them.
    private(set) var slots: [String] = []
    /// Keys decoded (not found) since the cache last grew, or before it was made.
    private var misses = 0

    /// The key as a `String`: the cached one when the same bytes were seen recently.
    mutating func string(for bytes: JSONBytes, validated: Bool = false) -> String {
        let count = bytes.count
        guard count > 0, count <= Self.longestKey else { return bytes.string }
        if slots.isEmpty {
            guard misses >= Self.uncachedKeys else {
                misses += 1
                return bytes.string(validated: validated)
            }
            slots = [String](repeating: "", count: Self.smallestSlotCount)
            misses = 0
        }
        let hash = bytes.withUnsafeBytes { Self.hash($0) }
        var slot = Int(hash) & (slots.count - 1)
        if slots[slot].utf8.count == count, bytes.equals(slots[slot].utf8) { return slots[slot] }
        let string = bytes.string(validated: validated)
        misses += 1
        if misses > 2 * slots.count && slots.count < Self.largestSlotCount {
            grow()
            slot = Int(hash) & (slots.count - 1)
        }
        slots[slot] = string
        return string
    }

    /// Four times the slots (at most ``largestSlotCount``), keeping the cached keys.
    private mutating func grow() {
        let old = slots
        slots = [String](repeating: "", count: min(old.count * 4, Self.largestSlotCount))
        for key in old where !key.isEmpty {
            var key = key
            let hash = key.withUTF8 { Self.hash(UnsafeRawBufferPointer($0)) }
            slots[Int(hash) & (slots.count - 1)] = key
        }
        misses = 0
    }

    /// FNV-1a of the bytes.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
