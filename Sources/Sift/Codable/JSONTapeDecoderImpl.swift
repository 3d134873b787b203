import Foundation

/// The `Decoder` behind Codable destinations of the path engine: it reads the ``JSONTape`` the
/// engine captured an element as, so that only the members a type asks for become Swift values
/// (a `String` is made only for a string the type reads; other members are stepped over).
///
/// Values are entries of the tape; the decoder keeps the one being decoded on top, as
/// ``JSONValueDecoderImpl`` does, and shares its conversions and strategies
/// (``JSONDecoderCore``).
///
/// For a tape captured with a ``CaptureProfile`` every value also carries its profile node, and
/// the decoder records in the profile what the type reads there: the members it asks for, the
/// elements it reads, the objects whose members it enumerates. Asking an object that left members
/// out for a member the capture did not know, or for all of its members, sets the profile's
/// `missed` flag: the decoder answers as if the member were missing, and the caller decodes the
/// element again from its raw text (a type that catches the error cannot hide the miss).
final class JSONTapeDecoderImpl: JSONDecoderCore {
    let options: JSONValueDecoder
    /// Converted when a type asks for it, not for every element decoded.
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }
    let tape: JSONTape
    private(set) var topValue: TapeValue
    // Set by `with` around each nested value, read by its containers: one decode at a time.
    @exclusivity(unchecked) private(set) var codingPathParent: CodingPathNode
    @exclusivity(unchecked) private(set) var codingPathStep: CodingStep
    /// The profile the tape was captured with, when the decoder follows one.
    let profile: CaptureProfile?
    /// The profile's generation when the tape's capture began.
    let captureGeneration: UInt32

    /// Every `[String: V]` keeps its keys as written, as in Foundation's `JSONDecoder`.
    var decodesStringKeyedDictionaries: Bool { true }

    init(options: JSONValueDecoder, tape: JSONTape, value: TapeValue, codingPathNode: CodingPathNode) {
        self.options = options
        self.tape = tape
        self.topValue = value
        codingPathParent = codingPathNode
        codingPathStep = .here
        profile = tape.selection?.profile
        captureGeneration = tape.selection?.generation ?? 0
    }

    /// The element a tape holds: its root entry, at the profile's root node when there is one.
    static func root(of tape: JSONTape) -> TapeValue {
        TapeValue(index: 0, node: tape.selection == nil ? -1 : CaptureProfile.root)
    }

    /// Runs `body` with `value` on top, at `step` from `parent`.
    ///
    /// Inlined, with `body`, into each caller: a recursive type stacks this once a level, and a
    /// call of its own (with `body`'s thunks) took a third of the 1.1 KB a level cost, so that
    /// 512 levels (the default depth limit) overflowed a 512 KB thread (Swift concurrency's on
    /// Apple platforms). Inlined, a level takes about 780 bytes.
    @inline(__always)
    func with<T>(value: TapeValue, in parent: CodingPathNode, _ step: consuming CodingStep, _ body: () throws -> T)
        rethrows -> T
    {
        // Swapped in and out, so that the step (an existential key) is copied once.
        var savedParent = parent
        var savedStep = step
        let savedValue = topValue
        swap(&codingPathParent, &savedParent)
        swap(&codingPathStep, &savedStep)
        topValue = value
        defer {
            topValue = savedValue
            swap(&codingPathParent, &savedParent)
            swap(&codingPathStep, &savedStep)
        }
        return try body()
    }

    @inline(__always)
    func scalar(_ value: TapeValue) -> JSONValue { tape.scalar(at: value.index) }

    /// The captured value whole; the type reads it whole from now on (its objects are captured
    /// with every member), and a capture that left members out of it is a miss.
    func wholeValue(_ value: TapeValue) throws -> JSONValue {
        let entry = tape.entries[value.index]
        guard entry.kind.isContainer else { return tape.scalar(at: value.index) }
        if value.node >= 0, let profile, entry.kind == .object { profile.noteAllMembers(at: value.node) }
        let subtree = tape.entries[value.index..<Int(entry.next)]
        if subtree.contains(where: { $0.kind.isContainer && $0.hasLeftOut }) {
            profile?.missed = true
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: codingPath, debugDescription: "The value was captured in part"))
        }
        return tape.jsonValue(at: value.index)
    }

    @inline(__always)
    func isNull(_ value: TapeValue) -> Bool { tape.isNull(value.index) }

    func convertNumber<R>(_ value: TapeValue, _ body: (JSONBytes) -> R) -> R? {
        guard tape.entries[value.index].kind == .number else { return nil }
        return body(JSONBytes(UnsafeRawBufferPointer(tape.text(at: value.index))))
    }

    func members(of value: TapeValue) -> TapeMembers? {
        guard tape.entries[value.index].kind == .object else { return nil }
        if value.node >= 0, let profile { profile.noteMembers(at: value.node) }
        var members = TapeMembers(tape: tape, object: value)
        switch options.keyDecodingStrategy {
        case .useDefaultKeys:
            break
        case .convertFromSnakeCase:
            members.convert(
                tape.keyEntries(of: value.index).map {
                    tape.convertedKey(at: $0, by: KeyCaseConversion.camelCase(fromSnakeCase:))
                })
        case .custom(let convert):
            let entries = tape.keyEntries(of: value.index)
            members.convert(
                customKeys(entries.count, at: codingPathNode, by: convert) { tape.string(at: entries[$0]) })
        }
        return members
    }

    func elements(of value: TapeValue) -> TapeElements? {
        guard tape.entries[value.index].kind == .array else { return nil }
        var elementNode: Int32 = -1
        if value.node >= 0, let profile { elementNode = profile.elements(of: value.node) }
        return TapeElements(tape: tape, array: value.index, node: elementNode)
    }

    func rawMembers(of value: TapeValue) -> [(key: String, value: TapeValue)]? {
        guard tape.entries[value.index].kind == .object else { return nil }
        noteAllMembers(of: value)
        return tape.keyEntries(of: value.index).map { (tape.string(at: $0), TapeValue(index: $0 + 1, node: -1)) }
    }

    /// Records that the members of the object `value` are enumerated: a miss when its capture
    /// left some out.
    func noteAllMembers(of value: TapeValue) {
        guard value.node >= 0, let profile else { return }
        profile.noteAllMembers(at: value.node)
        if tape.entries[value.index].hasLeftOut { profile.missed = true }
    }

    /// The node of the member `name` of the object `object` (whose value, if any, is at
    /// `found`), recording that the type asked for it; a miss when the capture left it out.
    func memberNode(_ name: String, of object: TapeValue, found: Int?) -> Int32 {
        guard object.node >= 0 else { return -1 }
        let entry = tape.entries[object.index]
        if entry.isSelective, let found {
            // The capture knew every member it kept: a container records its node, and a
            // scalar needs none. (Decided before the profile is touched: the common case.)
            return tape.entries[found].kind.isContainer ? tape.entries[found].node : -1
        }
        guard let profile else { return -1 }
        if entry.isSelective {
            let (child, addedAt) = profile.learnChild(of: object.node, named: name)
            if entry.hasLeftOut && addedAt > captureGeneration { profile.missed = true }
            return child
        }
        if profile.nodes[Int(object.node)].readsAllMembers { return -1 }
        return profile.learnChild(of: object.node, named: name).child
    }

    func superDecoder(for value: TapeValue?, at node: CodingPathNode) -> any Decoder {
        guard let value else { return JSONValueDecoderImpl(options: options, value: .null, codingPathNode: node) }
        return JSONTapeDecoderImpl(options: options, tape: tape, value: value, codingPathNode: node)
    }
}

/// An object of a tape for keyed containers: keys are compared as bytes, in order, skipping
/// whole members; keys converted by a strategy, or those of a large object asked for many keys,
/// are compared as strings.
///
/// It reads the tape through its decoder: all it holds is the object's entry, and references only
/// for what a key strategy or a large object needs.
struct TapeMembers: DecodingMembers {
    typealias Owner = JSONTapeDecoderImpl

    private let object: TapeValue
    /// How many members the object has.
    let count: Int
    /// The keys as converted by the key strategy, when there is one.
    private var convertedKeys: [String]?
    private let index: MemberIndex?

    init(tape: JSONTape, object: TapeValue) {
        self.object = object
        count = Int(tape.entries[object.index].offset)
        index = count > MemberIndex.searchLimit ? MemberIndex() : nil
    }

    mutating func convert(_ keys: [String]) {
        convertedKeys = keys
    }

    func value(forKey name: String, in owner: JSONTapeDecoderImpl) -> TapeValue? {
        let found = entry(forKey: name, in: owner)
        let node = owner.memberNode(name, of: object, found: found)
        return found.map { TapeValue(index: $0, node: node) }
    }

    /// The entry of the value of the first member named `name`.
    private func entry(forKey name: String, in owner: JSONTapeDecoderImpl) -> Int? {
        let object = self.object.index
        let tape = owner.tape
        if convertedKeys != nil || index != nil {
            let keys = convertedKeys
            if let index {
                // The key entries are listed only once the index is built or used.
                var entries: [Int] = []
                func entry(_ position: Int) -> Int {
                    if entries.isEmpty { entries = tape.keyEntries(of: object) }
                    return entries[position]
                }
                if let position = index.position(
                    of: name, count: count, keyAt: { keys?[$0] ?? tape.string(at: entry($0)) })
                {
                    return position < 0 ? nil : entry(position) + 1
                }
            }
            if let keys {
                var child = object + 1
                for key in keys {
                    if key == name { return child + 1 }
                    child = Int(tape.entries[child + 1].next)
                }
                return nil
            }
        }
        return tape.withKeyBytes(name) { name in
            var child = object + 1
            let end = Int(tape.entries[object].next)
            while child < end {
                if tape.key(at: child, equals: name) { return child + 1 }
                child = Int(tape.entries[child + 1].next)
            }
            return nil
        }
    }

    func keys(in owner: JSONTapeDecoderImpl) -> [String] {
        owner.noteAllMembers(of: object)
        return convertedKeys ?? owner.tape.keyEntries(of: object.index).map { owner.tape.string(at: $0) }
    }
}

/// An array of a tape for unkeyed containers: a cursor stepping from element to element.
struct TapeElements: DecodingElements {
    typealias Owner = JSONTapeDecoderImpl

    let count: Int
    private var index: Int
    /// The profile node of every element, -1 for none.
    private let node: Int32

    init(tape: JSONTape, array: Int, node: Int32) {
        count = Int(tape.entries[array].offset)
        index = array + 1
        self.node = node
    }

    var current: TapeValue { TapeValue(index: index, node: node) }

    mutating func advance(in owner: JSONTapeDecoderImpl) { index = Int(owner.tape.entries[index].next) }
}

/// A value of a tape for ``JSONTapeDecoderImpl``: its entry, and its profile node (-1 when the
/// decoder follows no profile there).
struct TapeValue {
    var index: Int
    var node: Int32
}

extension JSONTape.Kind {
    /// Whether entries of this kind are objects or arrays.
    var isContainer: Bool { self == .object || self == .array }
}
