extension JSONValueEncoderImpl {
    /// The keyed container writing into one object; keys go through the key encoding strategy.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        private let encoder: JSONValueEncoderImpl
        private let node: CodingPathNode
        private let object: EncodedObject

        init(encoder: JSONValueEncoderImpl, node: CodingPathNode, object: EncodedObject) {
            self.encoder = encoder
            self.node = node
            self.object = object
        }

        var codingPath: [any CodingKey] { node.path }

        mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
        mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            set(try encoder.wrap(value, in: node, key), key)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            set(try encoder.wrap(value, in: node, key), key)
        }
        mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
        mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            set(try encoder.wrap(value, in: node, key), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let name = converted(key)
            let nested: EncodedObject
            switch object[name] {
            case .object(let existing): nested = existing
            case .value(.object(let finished)): nested = EncodedObject(finished)
            case nil: nested = EncodedObject()
            default:
                preconditionFailure(
                    "Attempt to re-encode into nested KeyedEncodingContainer<\(Key.self)> for key \"\(name)\" is invalid: non-keyed container already encoded for this key"
                )
            }
            object.set(.object(nested), for: name)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, node: node.appending(key), object: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let name = converted(key)
            let nested: EncodedArray
            switch object[name] {
            case .array(let existing): nested = existing
            case .value(.array(let finished)): nested = EncodedArray(finished)
            case nil: nested = EncodedArray()
            default:
                preconditionFailure(
                    "Attempt to re-encode into nested UnkeyedEncodingContainer for key \"\(name)\" is invalid: keyed container/single value already encoded for this key"
                )
            }
            object.set(.array(nested), for: name)
            return UnkeyedContainer(encoder: encoder, node: node.appending(key), array: nested)
        }

        mutating func superEncoder() -> any Encoder {
            superEncoder(for: JSONCodingKey.superKey)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            superEncoder(for: key)
        }

        /// An encoder whose value lands at `key` once this object is finished.
        private func superEncoder(for key: some CodingKey) -> any Encoder {
            let superEncoder = JSONValueEncoderImpl(options: encoder.options, codingPathNode: node.appending(key))
            object.set(.encoder(superEncoder), for: converted(key))
            return superEncoder
        }

        private func set(_ value: JSONValue, _ key: Key) {
            object.set(.value(value), for: converted(key))
        }

        private func converted(_ key: some CodingKey) -> String {
            switch encoder.options.keyEncodingStrategy {
            case .useDefaultKeys: key.stringValue
            case .convertToSnakeCase: KeyCaseConversion.snakeCase(fromCamelCase: key.stringValue)
            case .custom(let convert): convert(node.path + [key]).stringValue
            }
        }
    }

    /// The unkeyed container appending to one array.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        private let encoder: JSONValueEncoderImpl
        private let node: CodingPathNode
        private let array: EncodedArray

        init(encoder: JSONValueEncoderImpl, node: CodingPathNode, array: EncodedArray) {
            self.encoder = encoder
            self.node = node
            self.array = array
        }

        var codingPath: [any CodingKey] { node.path }
        var count: Int { array.count }

        private var nextKey: JSONCodingKey { JSONCodingKey(index: array.count) }

        mutating func encodeNil() throws { append(.null) }
        mutating func encode(_ value: Bool) throws { append(.bool(value)) }
        mutating func encode(_ value: String) throws { append(.string(value)) }
        mutating func encode(_ value: Double) throws { append(try encoder.wrap(value, in: node, nextKey)) }
        mutating func encode(_ value: Float) throws { append(try encoder.wrap(value, in: node, nextKey)) }
        mutating func encode(_ value: Int) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: Int8) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: Int16) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: Int32) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: Int64) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: Int128) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt8) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt16) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt32) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt64) throws { append(.number(JSONNumber(value))) }
        mutating func encode(_ value: UInt128) throws { append(.number(JSONNumber(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            append(try encoder.wrap(value, in: node, nextKey))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = EncodedObject()
            let path = node.appending(index: array.count)
            array.append(.object(nested))
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(encoder: encoder, node: path, object: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = EncodedArray()
            let path = node.appending(index: array.count)
            array.append(.array(nested))
            return UnkeyedContainer(encoder: encoder, node: path, array: nested)
        }

        mutating func superEncoder() -> any Encoder {
            let superEncoder = JSONValueEncoderImpl(
                options: encoder.options, codingPathNode: node.appending(index: array.count))
            array.append(.encoder(superEncoder))
            return superEncoder
        }

        private func append(_ value: JSONValue) {
            array.append(.value(value))
        }
    }
}
