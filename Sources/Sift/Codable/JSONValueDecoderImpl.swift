import Foundation

/// The `Decoder` behind ``JSONValueDecoder``: one instance per top-level decode, walking the value
/// with a stack, as Foundation's `JSONDecoderImpl` does, so that decoding a nested value does not
/// allocate a decoder.
///
/// It is also the single-value container of the value on top of its stack.
final class JSONValueDecoderImpl: JSONDecoderCore {
    let options: JSONValueDecoder
    /// Converted when a type asks for it, not for every element decoded.
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }
    private var values: [JSONValue]
    // Set by `with` around each nested value, read by its containers: one decode at a time.
    @exclusivity(unchecked) private(set) var codingPathParent: CodingPathNode
    @exclusivity(unchecked) private(set) var codingPathStep: CodingStep
    /// `[String: V]` goes through the decoder's own path only under a key strategy (whose
    /// conversion must leave its keys alone); otherwise through `Dictionary`'s `init(from:)`.
    let decodesStringKeyedDictionaries: Bool
    /// `convertFromSnakeCase` results: the same keys come back in every element of an array.
    private var camelCaseKeys: [String: String] = [:]

    init(options: JSONValueDecoder, value: JSONValue, codingPathNode: CodingPathNode) {
        self.options = options
        self.values = [value]
        codingPathParent = codingPathNode
        codingPathStep = .here
        if case .useDefaultKeys = options.keyDecodingStrategy {
            decodesStringKeyedDictionaries = false
        } else {
            decodesStringKeyedDictionaries = true
        }
    }

    /// The value being decoded.
    var topValue: JSONValue { values[values.count - 1] }

    /// Runs `body` with `value` on top of the stack, at `step` from `parent`.
    ///
    /// Inlined, with `body`, into each caller: the stack a nested value takes (see
    /// `JSONTapeDecoderImpl.with`).
    @inline(__always)
    func with<T>(value: JSONValue, in parent: CodingPathNode, _ step: consuming CodingStep, _ body: () throws -> T)
        rethrows -> T
    {
        // Swapped in and out, so that the step (an existential key) is copied once.
        var savedParent = parent
        var savedStep = step
        swap(&codingPathParent, &savedParent)
        swap(&codingPathStep, &savedStep)
        values.append(value)
        defer {
            values.removeLast()
            swap(&codingPathParent, &savedParent)
            swap(&codingPathStep, &savedStep)
        }
        return try body()
    }
}

// MARK: - Values

extension JSONValueDecoderImpl {
    /// The value itself: a tree has its scalars ready.
    @inline(__always)
    func scalar(_ value: JSONValue) -> JSONValue { value }

    func wholeValue(_ value: JSONValue) -> JSONValue { value }

    func convertNumber<R>(_ value: JSONValue, _ body: (JSONBytes) -> R) -> R? {
        guard case .number(let number) = value else { return nil }
        var text = number.text
        return text.withUTF8 { body(JSONBytes(base: $0.baseAddress, count: $0.count)) }
    }

    func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    func members(of value: JSONValue) -> ValueMembers? {
        guard case .object(let object) = value else { return nil }
        let members = object.members
        let keys: [String]
        switch options.keyDecodingStrategy {
        case .useDefaultKeys:
            return ValueMembers(members)
        case .convertFromSnakeCase:
            keys = members.map { camelCase(fromSnakeCase: $0.key) }
        case .custom(let convert):
            keys = customKeys(members.count, at: codingPathNode, by: convert) { members[$0].key }
        }
        return ValueMembers(zip(keys, members).map { JSONObject.Member(key: $0, value: $1.value) })
    }

    /// `key` converted from snake case, remembered for the first 1024 distinct keys.
    private func camelCase(fromSnakeCase key: String) -> String {
        if let converted = camelCaseKeys[key] { return converted }
        let converted = KeyCaseConversion.camelCase(fromSnakeCase: key)
        if camelCaseKeys.count < 1024 { camelCaseKeys[key] = converted }
        return converted
    }

    func elements(of value: JSONValue) -> ValueElements? {
        guard case .array(let elements) = value else { return nil }
        return ValueElements(elements: elements)
    }

    func superDecoder(for value: JSONValue?, at node: CodingPathNode) -> any Decoder {
        JSONValueDecoderImpl(options: options, value: value ?? .null, codingPathNode: node)
    }

    func rawMembers(of value: JSONValue) -> [(key: String, value: JSONValue)]? {
        guard case .object(let object) = value else { return nil }
        return object.members.map { ($0.key, $0.value) }
    }
}

/// An object's members for ``JSONValueDecoderImpl``'s keyed containers.
///
/// A type decodes a handful of keys, so members are searched in order (comparing short keys is
/// cheaper than hashing every key of the object); a large object that is asked for many keys (a
/// dictionary-like type walking `allKeys`) gets a key index after a few lookups.
struct ValueMembers: DecodingMembers {
    typealias Owner = JSONValueDecoderImpl

    /// The members with their keys converted by the strategy.
    private let members: [JSONObject.Member]
    /// Only for objects too large to search in order every time.
    private let index: MemberIndex?

    init(_ members: [JSONObject.Member]) {
        self.members = members
        index = members.count > MemberIndex.searchLimit ? MemberIndex() : nil
    }

    func value(forKey name: String, in owner: JSONValueDecoderImpl) -> JSONValue? {
        if let index, let position = index.position(of: name, count: members.count, keyAt: { members[$0].key }) {
            return position < 0 ? nil : members[position].value
        }
        for member in members where member.key == name { return member.value }
        return nil
    }

    func keys(in owner: JSONValueDecoderImpl) -> [String] { members.map(\.key) }
}

/// An array's elements for ``JSONValueDecoderImpl``'s unkeyed containers.
struct ValueElements: DecodingElements {
    typealias Owner = JSONValueDecoderImpl

    let elements: [JSONValue]
    private var index = 0

    init(elements: [JSONValue]) {
        self.elements = elements
    }

    var count: Int { elements.count }
    var current: JSONValue { elements[index] }
    mutating func advance(in owner: JSONValueDecoderImpl) { index += 1 }
}
