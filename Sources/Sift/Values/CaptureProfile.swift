/// What a `Decodable` type reads of the elements a Codable destination captures, learned while
/// they are decoded, so that the engine captures only that of the elements that follow.
///
/// A Decodable type asks for its members by name, so which members matter is only known while
/// one is decoded. The profile is a tree of *nodes*, one per place the type has looked at (the
/// element itself, a member of it, the elements of an array in it), each with the names the type
/// asked for there. The engine captures the first element whole and decodes it, which fills the
/// profile; from then on an object at a node where the type asked for members one by one keeps
/// only the members it asked for, and the contents of the others are never delivered (see
/// ``JSONTapeBuilder``). A node the type never looked inside, or whose members it enumerated
/// (`allKeys`, a `[String: V]`), is captured whole.
///
/// Learning never stops: every decode records what it asks for. When a later element's type
/// asks for a member that was not captured (another variant of an enum, say), the decode is a
/// *miss*: the element is decoded again from its raw text, captured whole, and the profile
/// learns the new names (see `JSONValueDecoder.decode(_:from:at:location:)`). A profile with too
/// many misses or nodes switches itself off, and every element is then captured whole.
///
/// One profile serves one destination of one run, on one thread: it is not shared, and its
/// state is read and written one call at a time (no dynamic exclusivity checks).
final class CaptureProfile {
    /// A place in the captured elements that the decoded type has looked at.
    struct Node {
        /// A keyed container was made on an object here: its members are picked by name.
        var readsMembers = false
        /// Its members were enumerated: objects here are captured whole.
        var readsAllMembers = false
        /// The node of this array's elements, once the type has read one; -1 before.
        var elements: Int32 = -1
    }

    /// A name the type asked for at a node.
    private struct Name {
        var node: Int32
        var count: Int32
        /// The first eight bytes (see ``JSONBytes/prefixWord(_:count:)``).
        var prefix: UInt64
        /// Where the bytes start in ``nameBytes``.
        var offset: Int32
        /// The node of the member's value.
        var child: Int32
        /// ``generation`` once the name was added.
        var addedAt: UInt32
    }

    @exclusivity(unchecked) private(set) var nodes: ContiguousArray<Node> = [Node()]
    @exclusivity(unchecked) private var names = ContiguousArray<Name>()
    @exclusivity(unchecked) private var nameBytes = ContiguousArray<UInt8>()
    /// Open addressing over `(node, name)`, -1 for an empty slot; at most half full.
    @exclusivity(unchecked) private var table = ContiguousArray<Int32>(repeating: -1, count: 64)

    /// Counts every change: a tape records it when its capture starts, so that a name can be
    /// told to have been known then.
    @exclusivity(unchecked) private(set) var generation: UInt32 = 0
    /// Set once the profile has given up: every element is captured whole.
    @exclusivity(unchecked) private(set) var isDisabled = false
    /// Decodes that needed an element's raw text again.
    @exclusivity(unchecked) private(set) var misses = 0
    /// Set by a decode that asked for something the capture left out.
    @exclusivity(unchecked) var missed = false

    /// The root node: the captured element itself.
    static var root: Int32 { 0 }

    /// More misses than this and the profile gives up.
    static var missLimit: Int { 8 }
    /// More nodes or names than this and the profile gives up.
    static var sizeLimit: Int { 4096 }

    /// Whether an element captured now could leave anything out: the type has looked inside it.
    var isSelective: Bool {
        !isDisabled && (nodes[0].readsMembers && !nodes[0].readsAllMembers || nodes[0].elements >= 0)
    }

    /// Captures whole from now on.
    func disable() {
        isDisabled = true
        generation &+= 1
    }

    /// Records a decode that needed the element's raw text; gives up after ``missLimit``.
    func recordMiss() {
        misses += 1
        if misses > Self.missLimit { disable() }
    }

    // MARK: Reading (the tape builder)

    /// The node of the member named `bytes` of the object at `node`; -1 when the type never asked
    /// for it there.
    @inline(__always)
    func child(of node: Int32, named bytes: UnsafeRawBufferPointer) -> Int32 {
        let prefix = JSONBytes.prefixWord(bytes.baseAddress, count: bytes.count)
        let index = find(node, bytes, prefix)
        return index < 0 ? -1 : names[index].child
    }

    // MARK: Learning (the decoder)

    /// Records that a keyed container was made on an object at `node`.
    @inline(__always)
    func noteMembers(at node: Int32) {
        if !nodes[Int(node)].readsMembers {
            nodes[Int(node)].readsMembers = true
            generation &+= 1
        }
    }

    /// Records that the members of an object at `node` were enumerated.
    func noteAllMembers(at node: Int32) {
        if !nodes[Int(node)].readsAllMembers {
            nodes[Int(node)].readsAllMembers = true
            generation &+= 1
        }
    }

    /// The node of the elements of an array at `node`, made when the type first reads one.
    func elements(of node: Int32) -> Int32 {
        let existing = nodes[Int(node)].elements
        if existing >= 0 { return existing }
        let made = makeNode()
        if made >= 0 { nodes[Int(node)].elements = made }
        return made
    }

    /// The node of the member `name` of an object at `node`, made if the type had not asked for
    /// it there before, and the ``generation`` when it was first asked for; -1 as the node when
    /// the profile has given up.
    func learnChild(of node: Int32, named name: String) -> (child: Int32, addedAt: UInt32) {
        var name = name
        return name.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let prefix = JSONBytes.prefixWord(bytes.baseAddress, count: bytes.count)
            let index = find(node, bytes, prefix)
            if index >= 0 { return (names[index].child, names[index].addedAt) }
            return (insert(node, bytes, prefix), generation)
        }
    }

    // MARK: The table

    @inline(__always)
    private func slot(_ node: Int32, _ prefix: UInt64, _ count: Int) -> Int {
        let mixed = (prefix ^ UInt64(truncatingIfNeeded: count) ^ (UInt64(UInt32(bitPattern: node)) &<< 40))
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 32) & (table.count &- 1)
    }

    /// The index in ``names`` of `bytes` at `node`, or -1.
    @inline(__always)
    private func find(_ node: Int32, _ bytes: UnsafeRawBufferPointer, _ prefix: UInt64) -> Int {
        let mask = table.count &- 1
        var slot = slot(node, prefix, bytes.count)
        while true {
            let index = Int(table[slot])
            if index < 0 { return -1 }
            let name = names[index]
            if name.node == node, Int(name.count) == bytes.count, name.prefix == prefix,
                bytes.count <= 8 || equalTail(name, bytes)
            {
                return index
            }
            slot = (slot &+ 1) & mask
        }
    }

    private func equalTail(_ name: Name, _ bytes: UnsafeRawBufferPointer) -> Bool {
        nameBytes.withUnsafeBufferPointer { stored in
            for position in 8..<bytes.count where stored[Int(name.offset) + position] != bytes[position] {
                return false
            }
            return true
        }
    }

    private func insert(_ node: Int32, _ bytes: UnsafeRawBufferPointer, _ prefix: UInt64) -> Int32 {
        guard !isDisabled, names.count < Self.sizeLimit else {
            if !isDisabled { disable() }
            return -1
        }
        let child = makeNode()
        guard child >= 0 else { return -1 }
        generation &+= 1
        if (names.count + 1) * 2 > table.count { grow() }
        names.append(
            Name(
                node: node, count: Int32(bytes.count), prefix: prefix, offset: Int32(nameBytes.count), child: child,
                addedAt: generation))
        nameBytes.append(contentsOf: bytes)
        place(Int32(names.count - 1))
        return child
    }

    private func place(_ index: Int32) {
        let name = names[Int(index)]
        var slot = slot(name.node, name.prefix, Int(name.count))
        while table[slot] >= 0 { slot = (slot + 1) & (table.count - 1) }
        table[slot] = index
    }

    private func grow() {
        table = ContiguousArray(repeating: -1, count: table.count * 2)
        for index in names.indices { place(Int32(index)) }
    }

    private func makeNode() -> Int32 {
        guard nodes.count < Self.sizeLimit else {
            if !isDisabled { disable() }
            return -1
        }
        nodes.append(Node())
        generation &+= 1
        return Int32(nodes.count - 1)
    }
}
