import Foundation

/// The `Decoder` behind ``JSONValueDecoder``: one instance per top-level decode, walking the value
/// with a stack, as Foundation's `JSONDecoderImpl` does, so that decoding a nested value does not
/// allocate a decoder.
///
/// It is also the single-value container of the value on top of its stack.
final class JSONValueDecoderImpl: Decoder {
    let options: JSONValueDecoder
    let userInfo: [CodingUserInfoKey: Any]
    private var values: [JSONValue]
    var codingPathNode: CodingPathNode
    /// `convertFromSnakeCase` results: the same keys come back in every element of an array.
    private var camelCaseKeys: [String: String] = [:]

    init(options: JSONValueDecoder, value: JSONValue, codingPathNode: CodingPathNode) {
        self.options = options
        self.userInfo = options.userInfo
        self.values = [value]
        self.codingPathNode = codingPathNode
    }

    var codingPath: [any CodingKey] { codingPathNode.path }

    /// `key` converted from snake case, remembered for the first 1024 distinct keys.
    func camelCase(fromSnakeCase key: String) -> String {
        if let converted = camelCaseKeys[key] { return converted }
        let converted = KeyCaseConversion.camelCase(fromSnakeCase: key)
        if camelCaseKeys.count < 1024 { camelCaseKeys[key] = converted }
        return converted
    }

    /// The value being decoded.
    var topValue: JSONValue { values[values.count - 1] }

    /// Runs `body` with `value` on top of the stack and `node` as the coding path.
    func with<T>(value: JSONValue, path node: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let savedNode = codingPathNode
        codingPathNode = node
        values.append(value)
        defer {
            values.removeLast()
            codingPathNode = savedNode
        }
        return try body()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch topValue {
        case .object(let object):
            return KeyedDecodingContainer(try KeyedContainer<Key>(decoder: self, node: codingPathNode, object: object))
        case .null:
            throw DecodingError.valueNotFound(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get keyed decoding container -- found null value instead"))
        case let value:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "Expected to decode \([String: Any].self) but found \(value.codableTypeDescription) instead."))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch topValue {
        case .array(let elements):
            return UnkeyedContainer(decoder: self, node: codingPathNode, elements: elements)
        case .null:
            throw DecodingError.valueNotFound(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get unkeyed decoding container -- found null value instead"))
        case let value:
            throw DecodingError.typeMismatch(
                [Any].self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "Expected to decode \([Any].self) but found \(value.codableTypeDescription) instead."))
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }
}

// MARK: - Unwrapping values

extension JSONValueDecoderImpl {
    /// Decodes `value`, found at `key` inside the container at `parent` (or at `parent` itself
    /// when `key` is nil), as `T`, applying the strategies for `Date`, `Data`, `URL`, `Decimal`
    /// and string-keyed dictionaries.
    func unwrap<T: Decodable>(
        _ value: JSONValue, as type: T.Type, in parent: CodingPathNode, _ key: CodingStep
    ) throws -> T {
        // The common leaves of generic containers (`[Int]`, `[String]`) without a trip through
        // `T.init(from:)` and a single-value container.
        if type == String.self { return unsafeBitCast(try unwrapString(value, in: parent, key), to: T.self) }
        if type == Int.self {
            return unsafeBitCast(try unwrapInteger(value, as: Int.self, in: parent, key), to: T.self)
        }
        if type == Double.self { return unsafeBitCast(try unwrapDouble(value, in: parent, key), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try unwrapBool(value, in: parent, key), to: T.self) }
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        if type == Date.self { return try unwrapDate(value, in: parent, key) as! T }
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        if type == Data.self { return try unwrapData(value, in: parent, key) as! T }
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        if type == URL.self { return try unwrapURL(value, in: parent, key) as! T }
        // The type was checked just above.
        // swift-format-ignore: NeverForceUnwrap
        if type == Decimal.self { return try unwrapDecimal(value, in: parent, key) as! T }
        if case .useDefaultKeys = options.keyDecodingStrategy {
        } else if let dictionaryType = type as? any StringKeyedDictionaryDecodable.Type {
            // The type was checked just above.
            // swift-format-ignore: NeverForceUnwrap
            return try unwrapStringKeyedDictionary(value, as: dictionaryType, in: parent, key) as! T
        }
        return try with(value: value, path: parent.appending(key)) { try T(from: self) }
    }

    func unwrapBool(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Bool {
        // JSONDecoder reports null as a type mismatch for Bool (not as a missing value).
        guard case .bool(let bool) = value else {
            throw typeMismatch(Bool.self, value, parent.path(appending: key))
        }
        return bool
    }

    func unwrapString(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> String {
        switch value {
        case .string(let string): return string
        case .null: throw valueNotFound(String.self, parent.path(appending: key))
        default: throw typeMismatch(String.self, value, parent.path(appending: key))
        }
    }

    func unwrapInteger<T: FixedWidthInteger>(
        _ value: JSONValue, as type: T.Type, in parent: CodingPathNode, _ key: CodingStep
    ) throws -> T {
        switch value {
        case .number(let number):
            do {
                return try JSONNumberCoding.integer(number, as: T.self)
            } catch {
                throw notRepresentable(number, T.self, error, parent.path(appending: key))
            }
        case .null: throw valueNotFound(T.self, parent.path(appending: key))
        default: throw typeMismatch(T.self, value, parent.path(appending: key))
        }
    }

    func unwrapDouble(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Double {
        try unwrapFloatingPoint(value, as: Double.self, in: parent, key, convert: JSONNumberCoding.double)
    }

    func unwrapFloat(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Float {
        try unwrapFloatingPoint(value, as: Float.self, in: parent, key, convert: JSONNumberCoding.float)
    }

    private func unwrapFloatingPoint<T: BinaryFloatingPoint>(
        _ value: JSONValue, as type: T.Type, in parent: CodingPathNode, _ key: CodingStep,
        convert: (JSONNumber) throws(JSONNumberConversionError) -> T
    ) throws -> T {
        switch value {
        case .number(let number):
            do {
                return try convert(number)
            } catch {
                throw notRepresentable(number, T.self, error, parent.path(appending: key))
            }
        case .null:
            throw valueNotFound(T.self, parent.path(appending: key))
        case .string(let string):
            if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
                options.nonConformingFloatDecodingStrategy
            {
                if string == positiveInfinity { return T.infinity }
                if string == negativeInfinity { return -T.infinity }
                if string == nan { return T.nan }
            }
            throw typeMismatch(T.self, value, parent.path(appending: key))
        default:
            throw typeMismatch(T.self, value, parent.path(appending: key))
        }
    }

    private func unwrapDate(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Date {
        if case .null = value { throw valueNotFound(Date.self, parent.path(appending: key)) }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try with(value: value, path: parent.appending(key)) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(value, in: parent, key))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try unwrapDouble(value, in: parent, key) / 1000)
        case .iso8601:
            let string = try unwrapString(value, in: parent, key)
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
                throw dataCorrupted("Expected date string to be ISO8601-formatted.", parent.path(appending: key))
            }
            return date
        case .formatted(let formatter):
            let string = try unwrapString(value, in: parent, key)
            guard let date = formatter.date(from: string) else {
                throw dataCorrupted(
                    "Date string does not match format expected by formatter.", parent.path(appending: key))
            }
            return date
        case .custom(let closure):
            return try with(value: value, path: parent.appending(key)) { try closure(self) }
        }
    }

    private func unwrapData(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Data {
        if case .null = value { throw valueNotFound(Data.self, parent.path(appending: key)) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(value: value, path: parent.appending(key)) { try Data(from: self) }
        case .base64:
            guard case .string(let string) = value else {
                throw typeMismatch(String.self, value, parent.path(appending: key))
            }
            guard let data = Data(base64Encoded: string) else {
                throw dataCorrupted("Encountered Data is not valid Base64.", parent.path(appending: key))
            }
            return data
        case .custom(let closure):
            return try with(value: value, path: parent.appending(key)) { try closure(self) }
        }
    }

    private func unwrapURL(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> URL {
        if case .null = value { throw valueNotFound(URL.self, parent.path(appending: key)) }
        let string = try unwrapString(value, in: parent, key)
        guard let url = URL(string: string) else {
            throw dataCorrupted("Invalid URL string.", parent.path(appending: key))
        }
        return url
    }

    private func unwrapDecimal(_ value: JSONValue, in parent: CodingPathNode, _ key: CodingStep) throws -> Decimal {
        switch value {
        case .number(let number):
            do {
                return try JSONNumberCoding.decimal(number)
            } catch {
                throw notRepresentable(number, Decimal.self, error, parent.path(appending: key))
            }
        case .null: throw valueNotFound(Decimal.self, parent.path(appending: key))
        default: throw typeMismatch(Decimal.self, value, parent.path(appending: key))
        }
    }

    /// `[String: V]` under a key strategy: its keys are data, not coding keys, so they are not
    /// converted (as in `JSONDecoder`).
    private func unwrapStringKeyedDictionary(
        _ value: JSONValue, as type: any StringKeyedDictionaryDecodable.Type, in parent: CodingPathNode,
        _ key: CodingStep
    ) throws -> Any {
        switch value {
        case .object(let object):
            return try type.decodeKeepingKeys(object, using: self, at: parent.appending(key))
        case .null:
            throw valueNotFound([String: Any].self, parent.path(appending: key))
        default:
            throw DecodingError.typeMismatch(
                [String: Any].self,
                DecodingError.Context(
                    codingPath: parent.path(appending: key),
                    debugDescription:
                        "Expected to decode \([String: Any].self) but found \(value.codableTypeDescription) instead."))
        }
    }
}

// MARK: - Errors

extension JSONValueDecoderImpl {
    func typeMismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(
            type,
            DecodingError.Context(
                codingPath: path,
                debugDescription: "Expected to decode \(type) but found \(value.codableTypeDescription) instead."))
    }

    func valueNotFound(_ type: Any.Type, _ path: [any CodingKey]) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    func dataCorrupted(_ message: String, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
    }

    func notRepresentable(
        _ number: JSONNumber, _ type: Any.Type, _ error: JSONNumberConversionError, _ path: [any CodingKey]
    ) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: path, debugDescription: "Number \(number.text) is not representable in \(type).",
                underlyingError: error))
    }
}

/// `[String: V]`, whose keys a key decoding strategy must leave alone.
protocol StringKeyedDictionaryDecodable {
    static func decodeKeepingKeys(
        _ object: JSONObject, using decoder: JSONValueDecoderImpl, at node: CodingPathNode
    ) throws -> Any
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeKeepingKeys(
        _ object: JSONObject, using decoder: JSONValueDecoderImpl, at node: CodingPathNode
    ) throws -> Any {
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for member in object.members {
            let value = try decoder.unwrap(
                member.value, as: Value.self, in: node, .key(JSONCodingKey(stringValue: member.key)))
            if result[member.key] == nil { result[member.key] = value }
        }
        return result
    }
}
