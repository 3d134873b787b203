import Foundation

/// A captured JSON value laid out flat, for decoding without building a ``JSONValue`` tree
/// (what Foundation's `JSONDecoder` calls its map).
///
/// The unescaped bytes of every key, string and number are copied once into ``bytes``; the
/// value's structure is a pre-order list of ``Entry``s. A container's entry says where its
/// subtree ends, so a reader can step over a member it does not want without looking inside it.
/// An object's children alternate key entry, value entry.
package struct JSONTape: Sendable {
    /// What an entry is.
    enum Kind: UInt8, Sendable {
        case object, array, key, string, number, `true`, `false`, null
    }

    /// One key, scalar or container of the captured value.
    struct Entry: Sendable {
        var kind: Kind
        /// Where the bytes of a key, string or number start in ``JSONTape/bytes``; for a
        /// container, how many elements or members it has.
        var offset: UInt32
        /// For keys, strings and numbers: how many bytes they have.
        var length: UInt32
        /// The index just past this entry's subtree (the next sibling).
        var next: UInt32
    }

    var bytes: [UInt8] = []
    var entries: [Entry] = []
    /// Keys already converted from snake case, shared by the tapes of one run.
    let keyCache: TapeKeyCache

    /// The key at `index` converted from snake case (`user_name` → `userName`).
    func camelCaseKey(at index: Int) -> String {
        let entry = entries[index]
        return bytes.withUnsafeBufferPointer { buffer in
            keyCache.camelCase(
                UnsafeBufferPointer(rebasing: buffer[Int(entry.offset)..<Int(entry.offset + entry.length)]))
        }
    }

    /// Whether the entry at `index` is `null`.
    @inline(__always)
    func isNull(_ index: Int) -> Bool { entries[index].kind == .null }

    /// The text of the key, string or number at `index`.
    func string(at index: Int) -> String {
        let entry = entries[index]
        return bytes.withUnsafeBufferPointer { buffer in
            String(
                decoding: UnsafeBufferPointer(rebasing: buffer[Int(entry.offset)..<Int(entry.offset + entry.length)]),
                as: UTF8.self)
        }
    }

    /// Calls `body` with the UTF-8 bytes of `name`, for comparing it with several keys.
    @inline(__always)
    func withKeyBytes<R>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var name = name
        return name.withUTF8(body)
    }

    /// Whether the key at `index` is spelled `name` (its UTF-8 bytes).
    @inline(__always)
    func key(at index: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = entries[index]
        guard name.count == Int(entry.length) else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let other = name.baseAddress else { return name.isEmpty }
            return memcmp(base + Int(entry.offset), other, name.count) == 0
        }
    }

    /// The entries of the member keys of the object at `object`, in order (each value entry
    /// follows its key).
    func keyEntries(of object: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(entries[object].offset))
        var child = object + 1
        let end = Int(entries[object].next)
        while child < end {
            result.append(child)
            child = Int(entries[child + 1].next)
        }
        return result
    }

    /// The scalar at `index` as a ``JSONValue``; a container as an empty one of its kind (the
    /// decoder only asks containers for their kind this way).
    func scalar(at index: Int) -> JSONValue {
        switch entries[index].kind {
        case .string, .key: .string(string(at: index))
        case .number: .number(JSONNumber(validatedText: string(at: index)))
        case .true: .bool(true)
        case .false: .bool(false)
        case .null: .null
        case .object: Self.emptyObject
        case .array: Self.emptyArray
        }
    }

    private static let emptyObject = JSONValue.object(JSONObject([]))
    private static let emptyArray = JSONValue.array([])

    /// The value at `index` as a ``JSONValue`` tree.
    func jsonValue(at index: Int = 0) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(entry.offset))
            var child = index + 1
            while child < Int(entry.next) {
                members.append(JSONObject.Member(key: string(at: child), value: jsonValue(at: child + 1)))
                child = Int(entries[child + 1].next)
            }
            return .object(JSONObject(members))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.offset))
            var child = index + 1
            while child < Int(entry.next) {
                elements.append(jsonValue(at: child))
                child = Int(entries[child].next)
            }
            return .array(elements)
        default:
            return scalar(at: index)
        }
    }
}

/// Snake-case keys and their camel-case forms, found by their bytes: the elements of an array
/// repeat the same keys, so each is converted (and made a `String`) once per run.
///
/// A direct-mapped cache: a key takes the slot of its hash, replacing whatever was there. Used by
/// one run at a time (a matcher's tape builder owns it).
final class TapeKeyCache: @unchecked Sendable {
    private static let slotCount = 512
    private static let longestKey = 64
    private var raw = [[UInt8]](repeating: [], count: TapeKeyCache.slotCount)
    private var converted = [String?](repeating: nil, count: TapeKeyCache.slotCount)

    /// The camel-case form of the key spelled by `bytes`.
    func camelCase(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.count <= Self.longestKey else {
            return KeyCaseConversion.camelCase(fromSnakeCase: String(decoding: bytes, as: UTF8.self))
        }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash) & (Self.slotCount - 1)
        if let known = converted[slot], raw[slot].elementsEqual(bytes) { return known }
        let result = KeyCaseConversion.camelCase(fromSnakeCase: String(decoding: bytes, as: UTF8.self))
        raw[slot] = Array(bytes)
        converted[slot] = result
        return result
    }
}

/// Records events into a ``JSONTape``.
struct JSONTapeBuilder {
    private(set) var tape = JSONTape(keyCache: TapeKeyCache())
    /// The entries of the open containers, innermost last.
    private var open: [Int] = []

    /// Adds one event; returns true when it completes the value the builder started with.
    @inline(__always)
    mutating func consume(_ event: JSONEvent) -> Bool {
        switch event {
        case .startObject:
            countChild()
            open.append(tape.entries.count)
            tape.entries.append(JSONTape.Entry(kind: .object, offset: 0, length: 0, next: 0))
            return false
        case .startArray:
            countChild()
            open.append(tape.entries.count)
            tape.entries.append(JSONTape.Entry(kind: .array, offset: 0, length: 0, next: 0))
            return false
        case .endObject, .endArray:
            let index = open.removeLast()
            tape.entries[index].next = UInt32(tape.entries.count)
            return open.isEmpty
        case .key(let bytes):
            append(.key, bytes)
            return false
        case .string(let bytes):
            countChild()
            append(.string, bytes)
            return open.isEmpty
        case .number(let bytes):
            countChild()
            append(.number, bytes)
            return open.isEmpty
        case .bool(let value):
            countChild()
            appendEmpty(value ? .true : .false)
            return open.isEmpty
        case .null:
            countChild()
            appendEmpty(.null)
            return open.isEmpty
        }
    }

    /// Empties the tape for the next value, keeping its storage (a copy handed out earlier keeps
    /// its own).
    mutating func reset() {
        tape.bytes.removeAll(keepingCapacity: true)
        tape.entries.removeAll(keepingCapacity: true)
        open.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private mutating func countChild() {
        if let parent = open.last { tape.entries[parent].offset &+= 1 }
    }

    @inline(__always)
    private mutating func append(_ kind: JSONTape.Kind, _ bytes: JSONBytes) {
        let offset = tape.bytes.count
        bytes.withUnsafeBytes { buffer in tape.bytes.append(contentsOf: buffer) }
        let next = UInt32(tape.entries.count + 1)
        tape.entries.append(
            JSONTape.Entry(kind: kind, offset: UInt32(offset), length: UInt32(bytes.count), next: next))
    }

    @inline(__always)
    private mutating func appendEmpty(_ kind: JSONTape.Kind) {
        let next = UInt32(tape.entries.count + 1)
        tape.entries.append(JSONTape.Entry(kind: kind, offset: 0, length: 0, next: next))
    }
}
