import Foundation

extension JSONValue: Codable {
    /// Decodes whatever JSON value the decoder holds: null, a boolean, a number, a string, an
    /// array or an object (its members in the decoder's `allKeys` order).
    ///
    /// Sift's own decoders (``JSONValueDecoder``, and the Codable destinations of paths) do not
    /// call this: unless a key strategy renames members, they hand over the captured value
    /// itself, at any depth, with every member and each number's text.
    ///
    /// ```swift
    /// let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":[1,true]}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
                return
            }
            if let number = try? container.decode(JSONNumber.self) {
                self = .number(number)
                return
            }
            if let string = try? container.decode(String.self) {
                self = .string(string)
                return
            }
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
            return
        }
        if let container = try? decoder.container(keyedBy: JSONCodingKey.self) {
            self = .object(try JSONObject(container))
            return
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Expected a JSON value"))
    }

    /// Encodes the value as the JSON it represents: `JSONEncoder` writes it back as the same JSON
    /// (numbers as described in ``JSONNumber/encode(to:)``).
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(["a": [1, true]] as JSONValue) // {"a":[1,true]}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            try number.encode(to: encoder)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    /// Decodes an object: every key of the decoder's keyed container, in its `allKeys` order.
    ///
    /// ```swift
    /// let object = try JSONDecoder().decode(JSONObject.self, from: Data(#"{"a":1}"#.utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: JSONCodingKey.self))
    }

    init(_ container: KeyedDecodingContainer<JSONCodingKey>) throws {
        var members: [Member] = []
        members.reserveCapacity(container.allKeys.count)
        for key in container.allKeys {
            members.append(Member(key: key.stringValue, value: try container.decode(JSONValue.self, forKey: key)))
        }
        self.init(members)
    }

    /// Encodes the members in order through a keyed container (a repeated key is encoded each
    /// time; what the encoder keeps is its choice).
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(["a": 1] as JSONObject) // {"a":1}
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONCodingKey.self)
        for member in members {
            try container.encode(member.value, forKey: JSONCodingKey(stringValue: member.key))
        }
    }
}

extension JSONNumber: Codable {
    /// Decodes a number: read as a `Double`; an integral one is read again as `Int64` or
    /// `UInt64` (exact), or as a `Decimal` beyond those (which `JSONDecoder` reads exactly).
    ///
    /// ```swift
    /// let numbers = try JSONDecoder().decode([JSONNumber].self, from: Data("[1, 0.5]".utf8))
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let double = try container.decode(Double.self)
        guard let number = JSONNumber(double) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(double) is not a JSON number")
        }
        guard double.rounded(.towardZero) == double else {
            self = number
            return
        }
        if let integer = try? container.decode(Int64.self) {
            self.init(integer)
        } else if let integer = try? container.decode(UInt64.self) {
            self.init(integer)
        } else if let decimal = try? container.decode(Decimal.self), let exact = JSONNumber(exactly: decimal) {
            self = exact
        } else {
            self = number
        }
    }

    /// Encodes the number with the Swift type that keeps its value: `Int64` or `UInt64` for
    /// integers that fit, `Double` for fractions, `Decimal` for longer integers (`JSONEncoder`
    /// writes its exact digits), `Double` again past `Decimal`'s range; a number past `Double`'s
    /// range is an `EncodingError.invalidValue`.
    ///
    /// ```swift
    /// try JSONEncoder().encode(JSONNumber(text: "12345678901234567890123")!) // 12345678901234567890123
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let integer = plainInteger(as: Int64.self) {
            try container.encode(integer)
        } else if let integer = plainInteger(as: UInt64.self) {
            try container.encode(integer)
        } else if isIntegral, let integer = try? integer(Int64.self) {
            try container.encode(integer)
        } else if isIntegral, let integer = try? integer(UInt64.self) {
            try container.encode(integer)
        } else if isIntegral, let decimal = decimalValue, let exact = JSONNumber(exactly: decimal), exact == self {
            try container.encode(decimal)
        } else if let double = doubleValue {
            try container.encode(double)
        } else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "The number \(text) is beyond the range of Double"))
        }
    }

    /// The number a `Decimal` holds, written out in full; nil for NaN.
    init?(exactly decimal: Decimal) {
        guard !decimal.isNaN, let number = JSONNumber(text: decimal.description) else { return nil }
        self = number
    }
}
