#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The member names a subschema knows (`properties`, `required`), looked up by the UTF-8 bytes
/// the tokenizer delivers, so that a member name becomes a `String` only when an error or a rare
/// keyword keeps it.
///
/// Names compare byte for byte, which is code point by code point as JSON Schema compares them.
/// An open-addressing table of FNV-1a hashes over one buffer of all the names' bytes.
///
/// ```swift
/// let table = MemberTable(["id", "body"])
/// Array("body".utf8).withUnsafeBufferPointer { table.index(of: $0) } // 1
/// ```
struct MemberTable: Sendable {
    /// The names' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each name starts in ``bytes``, and one more entry: the end.
    private var starts: [Int] = [0]
    /// Name indices by hash, -1 for an empty slot; a power of two long.
    private var slots: [Int] = []

    /// The number of names.
    var count: Int { starts.count - 1 }

    /// A table of `names`, each at its index in the list (the names are distinct).
    init(_ names: [String]) {
        for name in names {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }
        var size = 4
        while size < names.count * 2 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        for index in names.indices {
            var slot = Self.hash(name: index, in: self) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = index
        }
    }

    /// The index of the name whose bytes are `name`, if the table has it.
    func index(of name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        return bytes.withUnsafeBufferPointer { all in
            while true {
                let candidate = slots[slot]
                guard candidate >= 0 else { return nil }
                let start = starts[candidate]
                if starts[candidate + 1] - start == name.count {
                    guard let base = all.baseAddress, let other = name.baseAddress else { return candidate }
                    if memcmp(base + start, other, name.count) == 0 { return candidate }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    private static func hash(name index: Int, in table: MemberTable) -> Int {
        table.bytes.withUnsafeBufferPointer { all in
            hash(UnsafeBufferPointer(rebasing: all[table.starts[index]..<table.starts[index + 1]]))
        }
    }

    /// FNV-1a over the bytes.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: value ^ (value >> 29))
    }
}
