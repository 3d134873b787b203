internal import CYajl

/// The member names of an object that a handler takes, laid out for the tokenizer's member
/// pass (``JSONEventContext/takeOnlyMembers(named:)``): the tokenizer may pass every member of
/// that object whose key is not one of them without delivering anything of it.
///
/// Made once (per compiled path state, per schema node), kept by its maker for as long as a
/// tokenizer may use it; immutable once made, so it may be shared between threads.
///
/// ```swift
/// let names = MemberNameSet([Array("id".utf8), Array("title".utf8)])
/// // in the handler, on the object's startObject event:
/// context.takeOnlyMembers(named: names)
/// ```
public final class MemberNameSet: @unchecked Sendable {
    /// A `sift_member_names`, its names and their bytes, in one allocation.
    let pointer: UnsafeRawPointer
    private let storage: UnsafeMutableRawPointer

    /// The set of `names`, each the decoded (unescaped) UTF-8 bytes of a member name, compared
    /// byte for byte with the keys.
    ///
    /// With `atAnyDepth`, the names matter at any depth (a handler looking for `$..name`): a
    /// member whose value holds one of them, however deep, is not passed either.
    ///
    /// ```swift
    /// let names = MemberNameSet(["id", "title"].map { Array($0.utf8) })
    /// ```
    public init(_ names: [[UInt8]], atAnyDepth: Bool = false) {
        let header = MemoryLayout<sift_member_names>.stride
        let entry = MemoryLayout<sift_member_name>.stride
        let byteCount = names.reduce(0) { $0 + $1.count }
        let alignment = max(MemoryLayout<sift_member_names>.alignment, MemoryLayout<sift_member_name>.alignment)
        storage = .allocate(byteCount: header + entry * names.count + max(byteCount, 1), alignment: alignment)
        let entries = (storage + header).bindMemory(to: sift_member_name.self, capacity: names.count)
        var bytes = (storage + header + entry * names.count).bindMemory(to: UInt8.self, capacity: max(byteCount, 1))
        for (index, name) in names.enumerated() {
            name.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { bytes.update(from: base, count: source.count) }
            }
            entries[index] = sift_member_name(bytes: UnsafePointer(bytes), length: name.count)
            bytes += name.count
        }
        let lengths = names.reduce(UInt64(0)) { $0 | 1 &<< UInt64(min($1.count, 63)) }
        storage.bindMemory(to: sift_member_names.self, capacity: 1).initialize(
            to: sift_member_names(
                names: UnsafePointer(entries), count: names.count, lengths: lengths, any_depth: atAnyDepth ? 1 : 0))
        pointer = UnsafeRawPointer(storage)
    }

    deinit {
        storage.deallocate()
    }
}
