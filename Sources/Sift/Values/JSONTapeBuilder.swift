/// Records events into a ``JSONTape``.
///
/// With a ``CaptureProfile`` (``begin(with:)``), an object at a node where the decoded type picks
/// members by name keeps only those members: the value of any other member is not recorded, and
/// when it is a container the builder says so (``Progress/leavingOut``) so that the tokenizer can
/// stop delivering its contents. Such an object's entry is flagged, with the node it was captured
/// at, so that its decoder can tell a member left out from a missing one.
struct JSONTapeBuilder {
    /// An open container of the value being recorded.
    private struct Open {
        var entry: Int32
        /// The node whose rules apply to the children, or -1 (everything inside is recorded).
        ///
        /// For an object whose members are picked by name, its own node; for an array whose
        /// elements have a node, that node.
        var node: Int32
        var picksMembers: Bool
        var isArray: Bool
    }

    /// Where a capture stands after an event.
    enum Progress {
        /// More events are needed.
        case more
        /// The event opened a container that is left out: only the event that closes it matters.
        case leavingOut
        /// The value is complete.
        case complete
    }

    private var storage = JSONTape.Storage()
    private let keyCache = TapeKeyCache()
    private var open = ContiguousArray<Open>()
    private var profile: CaptureProfile?
    private var generation: UInt32 = 0
    /// The node of the next value, set by its key in an object that picks members.
    private var pendingNode: Int32 = -1
    /// The next value belongs to a member that is left out.
    private var skipsNextValue = false
    /// How deep inside a left-out container the events are (0: not in one).
    private(set) var skipDepth = 0
    /// Whether any member was left out.
    private(set) var hasLeftOut = false
    /// The most containers open at once in the value recorded (its nesting depth).
    private(set) var deepest = 0
    /// Whether the events come from a tokenizer that validates UTF-8 (see
    /// ``JSONTape/textIsValidUTF8``); kept across ``reset()``.
    var textIsValidUTF8 = false
    /// Whether the tape holds a container's text (``recordText(_:)``) rather than entries.
    private var holdsText = false

    init() {
        open.reserveCapacity(16)
    }

    /// The tape recorded so far; complete once ``consume(_:)`` has returned true.
    var tape: JSONTape {
        var tape = JSONTape(storage: storage, keyCache: keyCache, textIsValidUTF8: textIsValidUTF8)
        tape.isText = holdsText
        if let profile { tape.selection = TapeSelection(profile: profile, generation: generation, source: nil) }
        return tape
    }

    /// Records the next value with `profile`: only what its decoded type reads.
    mutating func begin(with profile: CaptureProfile) {
        self.profile = profile
        generation = profile.generation
    }

    /// Records a whole container as its JSON text (see ``JSONTape/isText``), which a tokenizer
    /// checked: a copy of `text`, which may be borrowed.
    mutating func recordText(_ text: UnsafeRawBufferPointer) {
        storage.entryCount = 0
        storage.byteCount = 0
        storage.reserveBytes(text.count)
        if let base = text.baseAddress {
            UnsafeMutableRawPointer(storage.bytes).copyMemory(from: base, byteCount: text.count)
        }
        storage.byteCount = text.count
        holdsText = true
    }

    /// Adds one event; says whether it completes the value the builder started with.
    @inline(__always)
    mutating func consume(_ event: JSONEvent) -> Progress {
        if skipDepth > 0 {
            switch event {
            case .startObject, .startArray: skipDepth &+= 1
            case .endObject, .endArray: skipDepth &-= 1
            default: break
            }
            return .more
        }
        switch event {
        case .key(let bytes):
            if let last = open.last, last.picksMembers {
                // swift-format-ignore: NeverForceUnwrap
                // An object picks members only when there is a profile.
                let child = bytes.withUnsafeBytes { profile!.child(of: last.node, named: $0) }
                if child < 0 {
                    skipsNextValue = true
                    hasLeftOut = true
                    storage.entries[Int(last.entry)].length |= JSONTape.Entry.leftOutFlag
                    return .more
                }
                pendingNode = child
            } else {
                pendingNode = -1
            }
            append(.key, bytes)
            return .more
        case .startObject:
            return openContainer(isArray: false)
        case .startArray:
            return openContainer(isArray: true)
        case .endObject, .endArray:
            let index = Int(open.removeLast().entry)
            storage.entries[index].next = UInt32(storage.entryCount)
            return open.isEmpty ? .complete : .more
        case .string(let bytes):
            guard countValue() else { return .more }
            append(.string, bytes)
            return open.isEmpty ? .complete : .more
        case .number(let bytes):
            guard countValue() else { return .more }
            append(.number, bytes)
            return open.isEmpty ? .complete : .more
        case .bool(let value):
            guard countValue() else { return .more }
            appendEmpty(value ? .true : .false)
            return open.isEmpty ? .complete : .more
        case .null:
            guard countValue() else { return .more }
            appendEmpty(.null)
            return open.isEmpty ? .complete : .more
        }
    }

    /// Empties the tape for the next value.
    ///
    /// The buffers are kept unless a tape made from them is still around (it keeps them; the
    /// builder takes new ones).
    mutating func reset() {
        if isKnownUniquelyReferenced(&storage) {
            storage.entryCount = 0
            storage.byteCount = 0
        } else {
            storage = JSONTape.Storage()
        }
        open.removeAll(keepingCapacity: true)
        profile = nil
        holdsText = false
        pendingNode = -1
        skipsNextValue = false
        skipDepth = 0
        hasLeftOut = false
        deepest = 0
    }

    /// Counts a value in its container; false when it is left out.
    @inline(__always)
    private mutating func countValue() -> Bool {
        if skipsNextValue {
            skipsNextValue = false
            return false
        }
        if let last = open.last { storage.entries[Int(last.entry)].offset &+= 1 }
        return true
    }

    /// The profile node of the value about to be recorded, -1 for none.
    @inline(__always)
    private func nodeOfNextValue() -> Int32 {
        guard let last = open.last else { return profile == nil ? -1 : CaptureProfile.root }
        return last.isArray ? last.node : pendingNode
    }

    private mutating func openContainer(isArray: Bool) -> Progress {
        if skipsNextValue {
            skipsNextValue = false
            skipDepth = 1
            return .leavingOut
        }
        let node = nodeOfNextValue()
        if let last = open.last { storage.entries[Int(last.entry)].offset &+= 1 }
        var length: UInt32 = 0
        var childNode: Int32 = -1
        var picksMembers = false
        if node >= 0, let profile, !profile.isDisabled {
            let info = profile.nodes[Int(node)]
            if isArray {
                childNode = info.elements
            } else if info.readsMembers && !info.readsAllMembers {
                picksMembers = true
                childNode = node
                length = JSONTape.Entry.selectiveFlag
            }
            length |= UInt32(bitPattern: node &+ 1) << 2
        }
        let entry = Int32(storage.entryCount)
        storage.reserveEntry()
        (storage.entries + storage.entryCount).initialize(
            to: JSONTape.Entry(kind: isArray ? .array : .object, offset: 0, length: length, next: 0))
        storage.entryCount &+= 1
        open.append(Open(entry: entry, node: childNode, picksMembers: picksMembers, isArray: isArray))
        if open.count > deepest { deepest = open.count }
        return .more
    }

    @inline(__always)
    private mutating func append(_ kind: JSONTape.Kind, _ bytes: JSONBytes) {
        let offset = storage.byteCount
        let count = bytes.count
        storage.reserveBytes(count)
        if count > 0 {
            // A non-empty view has a base address.
            // swift-format-ignore: NeverForceUnwrap
            (storage.bytes + offset).update(from: bytes.base!, count: count)
        }
        storage.byteCount = offset &+ count
        storage.reserveEntry()
        let next = UInt32(storage.entryCount &+ 1)
        (storage.entries + storage.entryCount).initialize(
            to: JSONTape.Entry(kind: kind, offset: UInt32(offset), length: UInt32(count), next: next))
        storage.entryCount &+= 1
    }

    @inline(__always)
    private mutating func appendEmpty(_ kind: JSONTape.Kind) {
        storage.reserveEntry()
        let next = UInt32(storage.entryCount &+ 1)
        (storage.entries + storage.entryCount).initialize(
            to: JSONTape.Entry(kind: kind, offset: 0, length: 0, next: next))
        storage.entryCount &+= 1
    }
}

/// A tape being recorded, shared by the path matcher that started it and, while the matcher
/// skips the value, by the tokenizer, which then hands it the value's events directly (as a
/// ``SkippedContentsSink``).
final class TapeRecorder: SkippedContentsSink {
    /// Used by one tokenizer and its matcher, one event at a time.
    @exclusivity(unchecked) var builder = JSONTapeBuilder()

    /// Adds one event (see ``JSONTapeBuilder/consume(_:)``).
    @inline(__always)
    func record(_ event: JSONEvent) -> JSONTapeBuilder.Progress {
        builder.consume(event)
    }

    // The events the tokenizer delivers while the matcher skips the value (see
    // ``SkippedContentsSink``): each a call of its own, so that `consume` is specialised for it.

    override func takeStart(isArray: Bool) -> Bool {
        if case .leavingOut = builder.consume(isArray ? .startArray : .startObject) { return true }
        return false
    }

    override func takeEnd(isArray: Bool) { _ = builder.consume(isArray ? .endArray : .endObject) }

    override func takeKey(_ bytes: JSONBytes) { _ = builder.consume(.key(bytes)) }

    override func takeString(_ bytes: JSONBytes) { _ = builder.consume(.string(bytes)) }

    override func takeNumber(_ bytes: JSONBytes) { _ = builder.consume(.number(bytes)) }

    override func takeBool(_ value: Bool) { _ = builder.consume(.bool(value)) }

    override func takeNull() { _ = builder.consume(.null) }
}
