// Each decoder's containers: thin forwarders to the shared ``DecodingKeyedContainer`` and
// ``DecodingUnkeyedContainer``, so that those run specialized for the decoder (a generic
// container's conformance would run them unspecialized, through witness tables).

extension JSONTapeDecoderImpl {
    /// A keyed container: ``DecodingKeyedContainer`` specialized for this decoder.
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let base: DecodingKeyedContainer<JSONTapeDecoderImpl>

        var codingPath: [any CodingKey] { base.codingPath }
        var allKeys: [Key] { base.allKeys(as: Key.self) }
        func contains(_ key: Key) -> Bool { base.contains(key) }
        func decodeNil(forKey key: Key) throws -> Bool { try base.decodeNil(forKey: key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try base.decode(type, forKey: key) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try base.decode(type, forKey: key) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try base.decode(type, forKey: key) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try base.decode(type, forKey: key) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try base.decode(type, forKey: key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try base.decode(type, forKey: key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try base.decode(type, forKey: key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try base.decode(type, forKey: key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try base.decode(type, forKey: key) }
        func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try base.decode(type, forKey: key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try base.decode(type, forKey: key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try base.decode(type, forKey: key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try base.decode(type, forKey: key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try base.decode(type, forKey: key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try base.decode(type, forKey: key) }
        func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try base.decode(type, forKey: key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try base.decode(type, forKey: key) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try base.decodeIfPresent(type, forKey: key)
        }
        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try base.nestedContainer(keyedBy: type, forKey: key)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try base.nestedUnkeyedContainer(forKey: key)
        }
        func superDecoder() throws -> any Decoder { try base.superDecoder() }
        func superDecoder(forKey key: Key) throws -> any Decoder { try base.superDecoder(forKey: key) }
    }

    /// An unkeyed container: ``DecodingUnkeyedContainer`` specialized for this decoder.
    struct UnkeyedContainer: UnkeyedDecodingContainer {
        var base: DecodingUnkeyedContainer<JSONTapeDecoderImpl>

        var codingPath: [any CodingKey] { base.codingPath }
        var count: Int? { base.count }
        var isAtEnd: Bool { base.isAtEnd }
        var currentIndex: Int { base.currentIndex }
        mutating func decodeNil() throws -> Bool { try base.decodeNil() }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try base.decode(type) }
        mutating func decode(_ type: String.Type) throws -> String { try base.decode(type) }
        mutating func decode(_ type: Double.Type) throws -> Double { try base.decode(type) }
        mutating func decode(_ type: Float.Type) throws -> Float { try base.decode(type) }
        mutating func decode(_ type: Int.Type) throws -> Int { try base.decode(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try base.decode(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try base.decode(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try base.decode(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try base.decode(type) }
        mutating func decode(_ type: Int128.Type) throws -> Int128 { try base.decode(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try base.decode(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try base.decode(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try base.decode(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try base.decode(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try base.decode(type) }
        mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try base.decode(type) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try base.decode(type) }
        mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try base.decodeIfPresent(type) }
        mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try base.decodeIfPresent(type) }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try base.nestedContainer(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try base.nestedUnkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { try base.superDecoder() }
    }

    func makeKeyedContainer<Key: CodingKey>(
        _ base: consuming DecodingKeyedContainer<JSONTapeDecoderImpl>, keyedBy type: Key.Type
    ) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedContainer<Key>(base: base))
    }

    func makeUnkeyedContainer(_ base: consuming DecodingUnkeyedContainer<JSONTapeDecoderImpl>)
        -> any UnkeyedDecodingContainer
    {
        UnkeyedContainer(base: base)
    }
}
