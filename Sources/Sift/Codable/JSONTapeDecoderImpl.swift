import Foundation

/// The `Decoder` behind Codable destinations of the path engine: it reads the ``JSONTape`` the
/// engine captured an element as, so that only the members a type asks for become Swift values
/// (a `String` is made only for a string the type reads; other members are stepped over).
///
/// Values are entries of the tape; the decoder keeps the one being decoded on top, as
/// ``JSONValueDecoderImpl`` does, and shares its conversions and strategies
/// (``JSONDecoderCore``).
final class JSONTapeDecoderImpl: JSONDecoderCore {
    let options: JSONValueDecoder
    let userInfo: [CodingUserInfoKey: Any]
    let tape: JSONTape
    private(set) var topValue: Int
    var codingPathNode: CodingPathNode

    /// Every `[String: V]` keeps its keys as written, as in Foundation's `JSONDecoder`.
    var decodesStringKeyedDictionaries: Bool { true }

    init(options: JSONValueDecoder, tape: JSONTape, value: Int, codingPathNode: CodingPathNode) {
        self.options = options
        self.userInfo = options.userInfo
        self.tape = tape
        self.topValue = value
        self.codingPathNode = codingPathNode
    }

    /// Runs `body` with `value` on top and `node` as the coding path.
    func with<T>(value: Int, path node: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let savedNode = codingPathNode
        let savedValue = topValue
        codingPathNode = node
        topValue = value
        defer {
            topValue = savedValue
            codingPathNode = savedNode
        }
        return try body()
    }

    @inline(__always)
    func scalar(_ value: Int) -> JSONValue { tape.scalar(at: value) }

    @inline(__always)
    func isNull(_ value: Int) -> Bool { tape.isNull(value) }

    func convertNumber<R>(_ value: Int, _ body: (JSONBytes) -> R) -> R? {
        let entry = tape.entries[value]
        guard entry.kind == .number else { return nil }
        return tape.bytes.withUnsafeBufferPointer { buffer in
            body(JSONBytes(base: buffer.baseAddress.map { $0 + Int(entry.offset) }, count: Int(entry.length)))
        }
    }

    func members(of value: Int, at node: CodingPathNode) -> TapeMembers? {
        guard tape.entries[value].kind == .object else { return nil }
        var members = TapeMembers(tape: tape, object: value)
        switch options.keyDecodingStrategy {
        case .useDefaultKeys:
            break
        case .convertFromSnakeCase:
            members.convert(tape.keyEntries(of: value).map { tape.camelCaseKey(at: $0) })
        case .custom(let convert):
            let entries = tape.keyEntries(of: value)
            members.convert(customKeys(entries.count, at: node, by: convert) { tape.string(at: entries[$0]) })
        }
        return members
    }

    func elements(of value: Int) -> TapeElements? {
        guard tape.entries[value].kind == .array else { return nil }
        return TapeElements(tape: tape, array: value)
    }

    func rawMembers(of value: Int) -> [(key: String, value: Int)]? {
        guard tape.entries[value].kind == .object else { return nil }
        return tape.keyEntries(of: value).map { (tape.string(at: $0), $0 + 1) }
    }

    func superDecoder(for value: Int?, at node: CodingPathNode) -> any Decoder {
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

    private let object: Int
    /// How many members the object has.
    let count: Int
    /// The keys as converted by the key strategy, when there is one.
    private var convertedKeys: [String]?
    private let index: MemberIndex?

    init(tape: JSONTape, object: Int) {
        self.object = object
        count = Int(tape.entries[object].offset)
        index = count > MemberIndex.searchLimit ? MemberIndex() : nil
    }

    mutating func convert(_ keys: [String]) {
        convertedKeys = keys
    }

    func value(forKey name: String, in owner: JSONTapeDecoderImpl) -> Int? {
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
        convertedKeys ?? owner.tape.keyEntries(of: object).map { owner.tape.string(at: $0) }
    }
}

/// An array of a tape for unkeyed containers: a cursor stepping from element to element.
struct TapeElements: DecodingElements {
    typealias Owner = JSONTapeDecoderImpl

    let count: Int
    private(set) var current: Int

    init(tape: JSONTape, array: Int) {
        count = Int(tape.entries[array].offset)
        current = array + 1
    }

    mutating func advance(in owner: JSONTapeDecoderImpl) { current = Int(owner.tape.entries[current].next) }
}
