import Foundation

/// A captured JSON value laid out flat, for decoding without building a ``JSONValue`` tree
/// (what Foundation's `JSONDecoder` calls its map).
///
/// The unescaped bytes of every key, string and number are copied once into `bytes`; the
/// value's structure is a pre-order list of `Entry`s. A container's entry says where its
/// subtree ends, so a reader can step over a member it does not want without looking inside it.
/// An object's children alternate key entry, value entry.
///
/// A tape captured with a `CaptureProfile` may leave members out (see `selection`): only a
/// decoder that follows the profile reads such a tape. A tape may also hold a container's text
/// instead of entries (`isText`), which the writer copies and everything else reads through
/// `materialized()`. Public as what a ``MatchConsumer`` may be
/// handed for a Codable destination (``MatchConsumer/receiveTape(_:at:scope:info:)``); its
/// contents are the engine's decoders' own.
///
/// ```swift
/// var wantsTapes: Bool { false }  // a consumer that never sees a tape
/// ```
public struct JSONTape: @unchecked Sendable {
    /// What an entry is.
    enum Kind: UInt8, Sendable {
        case object, array, key, string, number, `true`, `false`, null
    }

    /// One key, scalar or container of the captured value.
    struct Entry: Sendable {
        var kind: Kind
        /// Where the bytes of a key, string or number start in ``JSONTape/bytes``; for a
        /// container, how many elements or members it has (members captured, for an object that
        /// left some out).
        var offset: UInt32
        /// For keys, strings and numbers: how many bytes they have.
        ///
        /// For containers: the profile node they were captured at, plus one (0: none), shifted
        /// left by two, with ``selectiveFlag`` and ``leftOutFlag``.
        var length: UInt32
        /// The index just past this entry's subtree (the next sibling).
        var next: UInt32

        /// An object whose members were picked by name (the profile knew every member captured).
        static var selectiveFlag: UInt32 { 1 }
        /// An object some of whose members were left out.
        static var leftOutFlag: UInt32 { 2 }

        /// The profile node of a container, -1 when it was captured without one.
        var node: Int32 { Int32(bitPattern: length >> 2) &- 1 }
        var isSelective: Bool { length & Self.selectiveFlag != 0 }
        var hasLeftOut: Bool { length & Self.leftOutFlag != 0 }
    }

    /// The entries and bytes, in buffers a ``JSONTapeBuilder`` reuses from one capture to the next
    /// unless a tape made from them is still around.
    ///
    /// Written by one builder, then only read: no dynamic exclusivity checks.
    final class Storage {
        @exclusivity(unchecked) var entries: UnsafeMutablePointer<Entry>
        @exclusivity(unchecked) var entryCount = 0
        @exclusivity(unchecked) var entryCapacity: Int
        @exclusivity(unchecked) var bytes: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) var byteCount = 0
        @exclusivity(unchecked) var byteCapacity: Int

        init() {
            entryCapacity = 64
            entries = .allocate(capacity: entryCapacity)
            byteCapacity = 1024
            bytes = .allocate(capacity: byteCapacity)
        }

        deinit {
            entries.deallocate()
            bytes.deallocate()
        }

        /// Makes room for one more entry.
        @inline(__always)
        func reserveEntry() {
            if entryCount == entryCapacity {
                entries = entries.grown(keeping: entryCount, capacity: &entryCapacity, minimum: entryCount + 1)
            }
        }

        /// Makes room for `count` more bytes.
        @inline(__always)
        func reserveBytes(_ count: Int) {
            if byteCount &+ count > byteCapacity {
                bytes = bytes.grown(keeping: byteCount, capacity: &byteCapacity, minimum: byteCount + count)
            }
        }

    }

    let storage: Storage
    /// Keys already converted from snake case, shared by the tapes of one run.
    let keyCache: TapeKeyCache
    /// Whether the bytes were delivered by a tokenizer that validates UTF-8: strings are then
    /// made from them without checking them again.
    var textIsValidUTF8 = false
    /// For a tape captured with a profile: the profile, and what a decoder needs to tell a member
    /// the capture left out from one that is missing.
    var selection: TapeSelection?
    /// Whether the tape holds the container's JSON text, as the tokenizer checked it, in
    /// ``bytes`` and no entries: the capture of a container a view writes out (see
    /// ``materialized()``, `MatchCapture.text`).
    var isText = false

    /// The entries, in pre-order.
    var entries: UnsafeBufferPointer<Entry> { UnsafeBufferPointer(start: storage.entries, count: storage.entryCount) }

    /// The bytes of every key, string and number.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.bytes, count: storage.byteCount) }

    /// The bytes of the key, string or number at `index`.
    @inline(__always)
    func text(at index: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = storage.entries[index]
        return UnsafeBufferPointer(start: storage.bytes + Int(entry.offset), count: Int(entry.length))
    }

    /// The key at `index` converted by `convert` (a key decoding strategy), once per distinct
    /// key of the run (see ``TapeKeyCache``).
    func convertedKey(at index: Int, by convert: (String) -> String) -> String {
        keyCache.converted(text(at: index), by: convert)
    }

    /// Whether the entry at `index` is `null`.
    @inline(__always)
    func isNull(_ index: Int) -> Bool { storage.entries[index].kind == .null }

    /// The text of the key, string or number at `index` (invalid UTF-8, possible only when
    /// the tokenizer did not validate it, becomes U+FFFD).
    func string(at index: Int) -> String {
        if textIsValidUTF8 { return String(validatedUTF8: text(at: index)) }
        return String(decoding: text(at: index), as: UTF8.self)
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
        let entry = storage.entries[index]
        guard name.count == Int(entry.length) else { return false }
        guard let other = name.baseAddress else { return true }
        return memcmp(storage.bytes + Int(entry.offset), other, name.count) == 0
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
}

/// How a tape captured with a ``CaptureProfile`` relates to it.
struct TapeSelection {
    let profile: CaptureProfile
    /// The profile's generation when the capture began: a name added later was not known to the
    /// capture.
    let generation: UInt32
    /// The element's raw text, for decoding it again after a miss; nil when nothing was left out.
    let source: TapeSource?
}

/// The raw text of the element a tape was captured from, while the tape is being delivered.
///
/// The bytes belong to the tokenizer: they are set just before the tape goes to its destination
/// and cleared right after, so a decoder reads them only during that call.
final class TapeSource {
    /// The element's text; nil outside the delivery of its tape.
    @exclusivity(unchecked) var bytes: UnsafeRawBufferPointer?
    /// The options of the parse the element came from (comments, UTF-8 validation).
    let options: JSONParserOptions

    init(options: JSONParserOptions) {
        self.options = options
    }
}

/// Keys and their converted forms (a key decoding strategy's, such as snake case to camel case),
/// found by their bytes: the elements of an array repeat the same keys, so each is converted (and
/// made a `String`) once per run.
///
/// A direct-mapped cache: a key takes the slot of its hash, replacing whatever was there. Used by
/// one run at a time (a matcher's tape builder owns it), with one conversion.
final class TapeKeyCache: @unchecked Sendable {
    private static let slotCount = 512
    private static let longestKey = 64
    private var raw = [[UInt8]](repeating: [], count: TapeKeyCache.slotCount)
    private var converted = [String?](repeating: nil, count: TapeKeyCache.slotCount)

    /// The key spelled by `bytes`, converted by `convert`.
    func converted(_ bytes: UnsafeBufferPointer<UInt8>, by convert: (String) -> String) -> String {
        guard bytes.count <= Self.longestKey else { return convert(String(decoding: bytes, as: UTF8.self)) }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let slot = Int(hash) & (Self.slotCount - 1)
        if let known = converted[slot], raw[slot].elementsEqual(bytes) { return known }
        let result = convert(String(decoding: bytes, as: UTF8.self))
        raw[slot] = Array(bytes)
        converted[slot] = result
        return result
    }
}
