/// The members of one JSON object as a keyed container sees them: keys converted by the key
/// decoding strategy; when a key occurs twice, the first member wins, as in `JSONDecoder`.
///
/// Members are read through their decoder (`owner`) rather than holding on to the decoded
/// document themselves: a container is copied on every call through `KeyedDecodingContainer`'s
/// box, and each reference it holds costs a retain and a release per copy.
protocol DecodingMembers {
    associatedtype Value
    /// The decoder whose document holds the object.
    associatedtype Owner
    /// The value of the first member named `name`.
    func value(forKey name: String, in owner: Owner) -> Value?
    /// The keys in document order, duplicates kept.
    func keys(in owner: Owner) -> [String]
}

/// What the keyed container of one JSON object does, for either decoder (see
/// ``JSONDecoderCore``).
///
/// Generic over the decoder only: each decoder's container (``JSONTapeDecoderImpl/KeyedContainer``,
/// ``JSONValueDecoderImpl/KeyedContainer``) forwards to it, so that it runs specialized for that
/// decoder whatever the model's key type. The methods generic over the decoded type are
/// `@inline(__always)`: inlined into the forwarder, they know the decoder there; called, they
/// would run unspecialized for the decoder too (generic metadata lookups on every value).
///
/// Its state is one reference: `KeyedDecodingContainer`'s box copies the container on every
/// call (its code is not specialized for ours), and a copy costs a retain and a release per
/// reference the container holds. The state is also the container's coding path (a
/// ``CodingPathFrame``), so that neither the container nor the values decoded in it allocate a
/// node of the path.
struct DecodingKeyedContainer<Decoder: JSONDecoderCore> {
    private final class State: CodingPathFrame {
        let decoder: Decoder
        let members: Decoder.Members

        init(decoder: Decoder, parent: CodingPathNode, step: CodingStep, members: Decoder.Members) {
            self.decoder = decoder
            self.members = members
            super.init(parent: parent, step: step)
        }
    }

    private let state: State
    private var decoder: Decoder { state.decoder }
    private var node: CodingPathNode { .frame(state) }
    private var members: Decoder.Members { state.members }

    /// The container of an object at `step` from `parent`.
    init(decoder: Decoder, parent: CodingPathNode, step: CodingStep, members: Decoder.Members) {
        state = State(decoder: decoder, parent: parent, step: step, members: members)
    }

    var codingPath: [any CodingKey] { node.path }

    func allKeys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        var seen = Set<String>()
        return members.keys(in: decoder).compactMap { key in
            guard seen.insert(key).inserted else { return nil }
            return Key(stringValue: key)
        }
    }

    func contains(_ key: any CodingKey) -> Bool {
        valueIfPresent(forKey: key) != nil
    }

    func decodeNil(forKey key: any CodingKey) throws -> Bool {
        decoder.isNull(try value(forKey: key))
    }

    func decode(_ type: Bool.Type, forKey key: any CodingKey) throws -> Bool {
        try decoder.unwrapBool(try value(forKey: key), in: node, .key(key))
    }

    func decode(_ type: String.Type, forKey key: any CodingKey) throws -> String {
        try decoder.unwrapString(try value(forKey: key), in: node, .key(key))
    }

    func decode(_ type: Double.Type, forKey key: any CodingKey) throws -> Double {
        try decoder.unwrapDouble(try value(forKey: key), in: node, .key(key))
    }

    func decode(_ type: Float.Type, forKey key: any CodingKey) throws -> Float {
        try decoder.unwrapFloat(try value(forKey: key), in: node, .key(key))
    }

    func decode(_ type: Int.Type, forKey key: any CodingKey) throws -> Int { try integer(forKey: key) }
    func decode(_ type: Int8.Type, forKey key: any CodingKey) throws -> Int8 { try integer(forKey: key) }
    func decode(_ type: Int16.Type, forKey key: any CodingKey) throws -> Int16 { try integer(forKey: key) }
    func decode(_ type: Int32.Type, forKey key: any CodingKey) throws -> Int32 { try integer(forKey: key) }
    func decode(_ type: Int64.Type, forKey key: any CodingKey) throws -> Int64 { try integer(forKey: key) }
    func decode(_ type: Int128.Type, forKey key: any CodingKey) throws -> Int128 { try integer(forKey: key) }
    func decode(_ type: UInt.Type, forKey key: any CodingKey) throws -> UInt { try integer(forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: any CodingKey) throws -> UInt8 { try integer(forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: any CodingKey) throws -> UInt16 { try integer(forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: any CodingKey) throws -> UInt32 { try integer(forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: any CodingKey) throws -> UInt64 { try integer(forKey: key) }
    func decode(_ type: UInt128.Type, forKey key: any CodingKey) throws -> UInt128 { try integer(forKey: key) }

    @inline(__always)
    func decode<T: Decodable>(_ type: T.Type, forKey key: any CodingKey) throws -> T {
        try decoder.unwrap(try value(forKey: key), as: type, in: node, .key(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: any CodingKey) throws -> Bool? {
        try ifPresent(key) { try decoder.unwrapBool($0, in: node, .key(key)) }
    }

    func decodeIfPresent(_ type: String.Type, forKey key: any CodingKey) throws -> String? {
        try ifPresent(key) { try decoder.unwrapString($0, in: node, .key(key)) }
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: any CodingKey) throws -> Double? {
        try ifPresent(key) { try decoder.unwrapDouble($0, in: node, .key(key)) }
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: any CodingKey) throws -> Float? {
        try ifPresent(key) { try decoder.unwrapFloat($0, in: node, .key(key)) }
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: any CodingKey) throws -> Int? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: any CodingKey) throws -> Int8? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: any CodingKey) throws -> Int16? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: any CodingKey) throws -> Int32? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: any CodingKey) throws -> Int64? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: Int128.Type, forKey key: any CodingKey) throws -> Int128? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: any CodingKey) throws -> UInt? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: any CodingKey) throws -> UInt8? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: any CodingKey) throws -> UInt16? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: any CodingKey) throws -> UInt32? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: any CodingKey) throws -> UInt64? {
        try integerIfPresent(forKey: key)
    }
    func decodeIfPresent(_ type: UInt128.Type, forKey key: any CodingKey) throws -> UInt128? {
        try integerIfPresent(forKey: key)
    }

    @inline(__always)
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: any CodingKey) throws -> T? {
        try ifPresent(key) { try decoder.unwrap($0, as: type, in: node, .key(key)) }
    }

    @inline(__always)
    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: any CodingKey
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try value(forKey: key)
        return try decoder.with(value: value, in: node, .key(key)) { try decoder.container(keyedBy: type) }
    }

    func nestedUnkeyedContainer(forKey key: any CodingKey) throws -> any UnkeyedDecodingContainer {
        let value = try value(forKey: key)
        return try decoder.with(value: value, in: node, .key(key)) { try decoder.unkeyedContainer() }
    }

    func superDecoder() throws -> any Swift.Decoder {
        superDecoder(for: JSONCodingKey.superKey)
    }

    func superDecoder(forKey key: any CodingKey) throws -> any Swift.Decoder {
        superDecoder(for: key)
    }

    /// A separate decoder for the value at `key`, or for `null` when there is none.
    private func superDecoder(for key: any CodingKey) -> any Swift.Decoder {
        decoder.superDecoder(for: valueIfPresent(forKey: key), at: node.appending(.key(key)))
    }

    @inline(__always)
    private func valueIfPresent(forKey key: any CodingKey) -> Decoder.Value? {
        members.value(forKey: key.stringValue, in: decoder)
    }

    @inline(__always)
    private func value(forKey key: any CodingKey) throws -> Decoder.Value {
        guard let value = valueIfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    /// nil when the key is missing or its value is `null`, else `decode(value)`.
    @inline(__always)
    private func ifPresent<T>(_ key: any CodingKey, _ decode: (Decoder.Value) throws -> T) throws -> T? {
        guard let value = valueIfPresent(forKey: key), !decoder.isNull(value) else { return nil }
        return try decode(value)
    }

    @inline(__always)
    private func integer<T: FixedWidthInteger>(forKey key: any CodingKey) throws -> T {
        try decoder.unwrapInteger(try value(forKey: key), as: T.self, in: node, .key(key))
    }

    @inline(__always)
    private func integerIfPresent<T: FixedWidthInteger>(forKey key: any CodingKey) throws -> T? {
        try ifPresent(key) { try decoder.unwrapInteger($0, as: T.self, in: node, .key(key)) }
    }
}

/// The key index of a large object, built once the object has been searched a few times:
/// key → position of its first member.
final class MemberIndex {
    private var positions: [String: Int]?
    private var lookups = 0

    private static var lookupsBeforeIndexing: Int { 8 }
    /// Objects with more members than this get an index.
    static var searchLimit: Int { 32 }

    /// The position of the first member named `name`, -1 when there is none; nil while the
    /// object is still searched in order.
    func position(of name: String, count: Int, keyAt: (Int) -> String) -> Int? {
        if let positions { return positions[name] ?? -1 }
        lookups += 1
        guard lookups > Self.lookupsBeforeIndexing else { return nil }
        var built: [String: Int] = [:]
        built.reserveCapacity(count)
        for position in 0..<count {
            let key = keyAt(position)
            if built[key] == nil { built[key] = position }
        }
        positions = built
        return built[name] ?? -1
    }
}
