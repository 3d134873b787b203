import Foundation

// MARK: - Turning values into JSON values

extension JSONValueEncoderImpl {
    /// The top-level value, encoded into this encoder itself; nil when it encoded nothing.
    func wrapTopLevel<T: Encodable>(_ value: T) throws -> JSONValue? {
        if let special = try wrapSpecial(value, in: codingPathNode, JSONCodingKey?.none) { return special }
        try value.encode(to: self)
        return takeValue()
    }

    /// `value`, encoded at `key` inside the container at `parent` (or at `parent` itself when
    /// `key` is nil), applying the strategies for `Date`, `Data`, `URL`, `Decimal` and
    /// string-keyed dictionaries.
    ///
    /// A value that encodes nothing becomes an empty object.
    func wrap<T: Encodable, K: CodingKey>(_ value: T, in parent: CodingPathNode, _ key: K?) throws -> JSONValue {
        if let special = try wrapSpecial(value, in: parent, key) { return special }
        return try encodeNested(in: parent, key) { try value.encode(to: $0) }
    }

    func wrap<K: CodingKey>(_ value: Double, in parent: CodingPathNode, _ key: K?) throws -> JSONValue {
        if value.isFinite, let number = JSONNumber(value) { return .number(number) }
        return try nonConforming(value, options.nonConformingFloatEncodingStrategy, parent.path(appending: key))
    }

    func wrap<K: CodingKey>(_ value: Float, in parent: CodingPathNode, _ key: K?) throws -> JSONValue {
        if value.isFinite {
            // Float's own shortest text (0.1), not that of the Double it widens to.
            if let number = JSONNumber(text: value.description) { return .number(number) }
            if let number = JSONNumber(Double(value)) { return .number(number) }
        }
        return try nonConforming(value, options.nonConformingFloatEncodingStrategy, parent.path(appending: key))
    }

    private func wrapSpecial<T: Encodable, K: CodingKey>(
        _ value: T, in parent: CodingPathNode, _ key: K?
    ) throws -> JSONValue? {
        // A JSONValue is already what this encoder makes: it is taken as it is (numbers keep
        // their text), not through its `encode(to:)`, which recurses once a level and overflowed
        // a 512 KB stack at 512 levels. With sorted keys or a key strategy, its objects go the
        // usual way, to be sorted or converted.
        if T.self == JSONValue.self, !sortsKeys, case .useDefaultKeys = options.keyEncodingStrategy,
            let json = value as? JSONValue
        {
            return json
        }
        if let date = value as? Date { return try wrap(date, in: parent, key) }
        if let data = value as? Data { return try wrap(data, in: parent, key) }
        if let url = value as? URL { return .string(url.absoluteString) }
        if let decimal = value as? Decimal {
            guard let number = JSONNumber(text: decimal.description) else {
                throw EncodingError.invalidValue(
                    decimal,
                    EncodingError.Context(
                        codingPath: parent.path(appending: key),
                        debugDescription: "Unable to encode Decimal.nan directly in JSON."))
            }
            return .number(number)
        }
        if case .useDefaultKeys = options.keyEncodingStrategy {
            return nil
        }
        if let dictionary = value as? any StringKeyedDictionaryEncodable {
            return try dictionary.encodeKeepingKeys(using: self, at: parent.appending(key))
        }
        return nil
    }

    private func wrap<K: CodingKey>(_ date: Date, in parent: CodingPathNode, _ key: K?) throws -> JSONValue {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            return try encodeNested(in: parent, key) { try date.encode(to: $0) }
        case .secondsSince1970:
            return try wrapTimestamp(date.timeIntervalSince1970, in: parent, key)
        case .millisecondsSince1970:
            return try wrapTimestamp(1000 * date.timeIntervalSince1970, in: parent, key)
        case .iso8601:
            return .string(date.formatted(.iso8601))
        case .formatted(let formatter):
            return .string(formatter.string(from: date))
        case .custom(let closure):
            return try encodeNested(in: parent, key) { try closure(date, $0) }
        }
    }

    private func wrap<K: CodingKey>(_ data: Data, in parent: CodingPathNode, _ key: K?) throws -> JSONValue {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            return try encodeNested(in: parent, key) { try data.encode(to: $0) }
        case .base64:
            return .string(data.base64EncodedString())
        case .custom(let closure):
            return try encodeNested(in: parent, key) { try closure(data, $0) }
        }
    }

    /// A time stamp is a number whatever the float strategy says, as in `JSONEncoder`.
    private func wrapTimestamp<K: CodingKey>(_ value: Double, in parent: CodingPathNode, _ key: K?) throws -> JSONValue
    {
        if let number = JSONNumber(value) { return .number(number) }
        return try nonConforming(value, .throw, parent.path(appending: key))
    }

    /// Runs `encode` with a fresh encoder at the nested path; what it wrote, or an empty object.
    private func encodeNested<K: CodingKey>(
        in parent: CodingPathNode, _ key: K?, _ encode: (JSONValueEncoderImpl) throws -> Void
    ) throws -> JSONValue {
        let nested = JSONValueEncoderImpl(options: options, codingPathNode: parent.appending(key))
        try encode(nested)
        return nested.takeValue() ?? .object(JSONObject())
    }

    private func nonConforming<T: BinaryFloatingPoint>(
        _ value: T, _ strategy: JSONValueEncoder.NonConformingFloatEncodingStrategy, _ path: [any CodingKey]
    ) throws -> JSONValue {
        if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = strategy {
            if value == T.infinity { return .string(positiveInfinity) }
            if value == -T.infinity { return .string(negativeInfinity) }
            return .string(nan)
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: path, debugDescription: "Unable to encode \(T.self).\(value) directly in JSON."))
    }
}

/// `[String: V]`, whose keys a key encoding strategy must leave alone.
protocol StringKeyedDictionaryEncodable {
    func encodeKeepingKeys(using encoder: JSONValueEncoderImpl, at node: CodingPathNode) throws -> JSONValue
}

extension Dictionary: StringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func encodeKeepingKeys(using encoder: JSONValueEncoderImpl, at node: CodingPathNode) throws -> JSONValue {
        let object = EncodedObject()
        for (key, value) in self {
            object.set(.value(try encoder.wrap(value, in: node, JSONCodingKey(stringValue: key))), for: key)
        }
        return object.jsonValue(sortedKeys: encoder.sortsKeys)
    }
}
