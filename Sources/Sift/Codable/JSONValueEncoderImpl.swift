import Foundation

/// The `Encoder` behind ``JSONValueEncoder``: one per value being encoded, holding what that
/// value wrote (one single value, or one keyed or unkeyed container, as in `JSONEncoder`).
///
/// It is also its own single-value container.
final class JSONValueEncoderImpl: Encoder {
    let options: JSONValueEncoder
    let userInfo: [CodingUserInfoKey: Any]
    let codingPathNode: CodingPathNode

    private enum Storage {
        case empty
        case value(JSONValue)
        case object(EncodedObject)
        case array(EncodedArray)
    }

    private var storage = Storage.empty

    init(options: JSONValueEncoder, codingPathNode: CodingPathNode) {
        self.options = options
        self.userInfo = options.userInfo
        self.codingPathNode = codingPathNode
    }

    var codingPath: [any CodingKey] { codingPathNode.path }

    var sortsKeys: Bool { options.outputFormatting.contains(.sortedKeys) }

    /// What was encoded, finished; nil when nothing was.
    func takeValue() -> JSONValue? {
        switch storage {
        case .empty: nil
        case .value(let value): value
        case .object(let object): object.jsonValue(sortedKeys: sortsKeys)
        case .array(let array): array.jsonValue(sortedKeys: sortsKeys)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: EncodedObject
        switch storage {
        case .object(let existing):
            object = existing
        case .value(.object(let finished)):
            object = EncodedObject(finished)
        case .empty:
            object = EncodedObject()
        default:
            preconditionFailure(
                "Attempt to push new keyed encoding container when already previously encoded at this path.")
        }
        storage = .object(object)
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, node: codingPathNode, object: object))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: EncodedArray
        switch storage {
        case .array(let existing):
            array = existing
        case .value(.array(let finished)):
            array = EncodedArray(finished)
        case .empty:
            array = EncodedArray()
        default:
            preconditionFailure(
                "Attempt to push new unkeyed encoding container when already previously encoded at this path.")
        }
        storage = .array(array)
        return UnkeyedContainer(encoder: self, node: codingPathNode, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }

    /// Stores the single value; a second one is a programming error, as in `JSONEncoder`.
    func setSingleValue(_ value: JSONValue) {
        guard case .empty = storage else {
            preconditionFailure(
                "Attempt to encode value through single value container when previously value already encoded.")
        }
        storage = .value(value)
    }
}

extension JSONValueEncoderImpl: SingleValueEncodingContainer {
    private var none: JSONCodingKey? { nil }

    func encodeNil() throws { setSingleValue(.null) }
    func encode(_ value: Bool) throws { setSingleValue(.bool(value)) }
    func encode(_ value: String) throws { setSingleValue(.string(value)) }
    func encode(_ value: Double) throws { setSingleValue(try wrap(value, in: codingPathNode, none)) }
    func encode(_ value: Float) throws { setSingleValue(try wrap(value, in: codingPathNode, none)) }
    func encode(_ value: Int) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: Int8) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: Int16) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: Int32) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: Int64) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: Int128) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt8) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt16) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt32) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt64) throws { setSingleValue(.number(JSONNumber(value))) }
    func encode(_ value: UInt128) throws { setSingleValue(.number(JSONNumber(value))) }

    func encode<T: Encodable>(_ value: T) throws {
        guard case .empty = storage else {
            preconditionFailure(
                "Attempt to encode value through single value container when previously value already encoded.")
        }
        setSingleValue(try wrap(value, in: codingPathNode, none))
    }
}
