import Foundation

/// What the two Codable decoders share.
///
/// ``JSONValueDecoderImpl`` reads a ``JSONValue`` tree, ``JSONTapeDecoderImpl`` a ``JSONTape``
/// captured by the path engine. The scalar conversions and
/// the `Date`, `Data`, `URL` and `Decimal` strategies are written once, here, over the decoder's
/// handle on a value.
protocol JSONDecoderCore: AnyObject, Decoder, SingleValueDecodingContainer {
    /// How the decoder designates a value: the value itself, or its entry in a tape.
    associatedtype Value
    /// An object's members, as its keyed containers read them.
    associatedtype Members: DecodingMembers where Members.Value == Value, Members.Owner == Self
    /// An array's elements, as its unkeyed containers read them.
    associatedtype Elements: DecodingElements where Elements.Value == Value, Elements.Owner == Self

    var options: JSONValueDecoder { get }
    /// The coding path of ``topValue`` is this path extended by ``codingPathStep``: kept apart so
    /// that descending into a value allocates no node (see ``codingPathNode``).
    var codingPathParent: CodingPathNode { get }
    /// The step from ``codingPathParent`` to ``topValue``.
    var codingPathStep: CodingStep { get }
    /// The value being decoded.
    var topValue: Value { get }
    /// Whether `[String: V]` values are decoded by ``unwrapStringKeyedDictionary``, keeping
    /// their keys as written: under a key strategy always, and for every strategy when the
    /// decoder does as Foundation's `JSONDecoder` does. Fixed when the decoder is made (read on
    /// every nested value, so not derived from ``options`` each time).
    var decodesStringKeyedDictionaries: Bool { get }

    /// Whether `value` is `null`.
    func isNull(_ value: Value) -> Bool

    /// The members of `value`, the value on top, with their keys converted by the key strategy;
    /// nil when `value` is not an object.
    func members(of value: Value) -> Members?

    /// The elements of `value`; nil when it is not an array.
    func elements(of value: Value) -> Elements?

    /// A separate decoder for `value` (`null` when nil) at `node`.
    func superDecoder(for value: Value?, at node: CodingPathNode) -> any Decoder

    /// A scalar as a ``JSONValue`` (its text made into a `String` only now); a container as an
    /// empty container of its kind, enough to name its type in errors.
    func scalar(_ value: Value) -> JSONValue

    /// `value` whole as a ``JSONValue``, as ``JSONValue/init(parsing:options:)`` reads it: every
    /// member in document order (those sharing a key too) and each number's text, built without
    /// recursion, so at any depth (`JSONValue`'s own `init(from:)` runs once a level, through
    /// the containers).
    func wholeValue(_ value: Value) throws -> JSONValue

    /// `body` applied to the text of `value` in place when `value` is a number, without making a
    /// `String` of it; nil when it is not a number.
    func convertNumber<R>(_ value: Value, _ body: (JSONBytes) -> R) -> R?

    /// Runs `body` with `value` on top of the decoder's stack, at `step` from `parent`.
    func with<T>(value: Value, in parent: CodingPathNode, _ step: consuming CodingStep, _ body: () throws -> T) rethrows
        -> T

    /// The members of `value` with their keys as written; nil when it is not an object.
    func rawMembers(of value: Value) -> [(key: String, value: Value)]?

    /// The decoder's own keyed container around `base` (taken, not copied: a copy retained and
    /// released its references for every container made).
    func makeKeyedContainer<Key: CodingKey>(
        _ base: consuming DecodingKeyedContainer<Self>, keyedBy type: Key.Type
    ) -> KeyedDecodingContainer<Key>

    /// The decoder's own unkeyed container around `base`.
    func makeUnkeyedContainer(_ base: consuming DecodingUnkeyedContainer<Self>) -> any UnkeyedDecodingContainer
}

// MARK: - Containers

// `container(keyedBy:)`, `unkeyedContainer()` and `unwrap` are `@inline(__always)`: inlined into
// each decoder's own witnesses and containers they run specialized for that decoder, while the
// key or model type they are generic over stays unknown.
extension JSONDecoderCore {
    /// The coding path of ``topValue`` as one node (allocated when the step is not `.here`).
    var codingPathNode: CodingPathNode { codingPathParent.appending(codingPathStep) }

    var codingPath: [any CodingKey] { codingPathParent.path(appending: codingPathStep) }

    @inline(__always)
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let members = members(of: topValue) {
            return makeKeyedContainer(
                DecodingKeyedContainer(decoder: self, parent: codingPathParent, step: codingPathStep, members: members),
                keyedBy: type)
        }
        throw containerError([String: Any].self, "keyed")
    }

    @inline(__always)
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        makeUnkeyedContainer(try unkeyedDecodingContainer())
    }

    /// The unkeyed container of the value on top, before it is wrapped for `Decoder`.
    @inline(__always)
    func unkeyedDecodingContainer() throws -> DecodingUnkeyedContainer<Self> {
        if let elements = elements(of: topValue) {
            return DecodingUnkeyedContainer(decoder: self, node: codingPathNode, elements: elements)
        }
        throw containerError([Any].self, "unkeyed")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    /// The `count` keys of the object at `node` converted by a `.custom` key strategy's `convert`.
    func customKeys(
        _ count: Int, at node: CodingPathNode, by convert: ([any CodingKey]) -> any CodingKey,
        keyAt: (Int) -> String
    ) -> [String] {
        let path = node.path
        return (0..<count).map { convert(path + [JSONCodingKey(stringValue: keyAt($0))]).stringValue }
    }

    /// Why the value on top is not a container of `type` (`kind` names the container).
    private func containerError(_ type: Any.Type, _ kind: String) -> DecodingError {
        if isNull(topValue) {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "Cannot get \(kind) decoding container -- found null value instead"))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "Expected to decode \(type) but found \(scalar(topValue).codableTypeDescription) instead."))
    }
}

// MARK: - Unwrapping values

extension JSONDecoderCore {
    /// Decodes `value`, found at `key` inside the container at `parent` (or at `parent` itself
    /// when `key` is nil), as `T`, applying the strategies for `Date`, `Data`, `URL`, `Decimal`
    /// and string-keyed dictionaries.
    @inline(__always)
    func unwrap<T: Decodable>(
        _ value: Value, as type: T.Type, in parent: CodingPathNode, _ key: CodingStep
    ) throws -> T {
        // The common leaves of generic containers (`[Int]`, `[String]`) without a trip through
        // `T.init(from:)` and a single-value container.
        if type == String.self { return unsafeBitCast(try unwrapString(value, in: parent, key), to: T.self) }
        if type == Int.self {
            return unsafeBitCast(try unwrapInteger(value, as: Int.self, in: parent, key), to: T.self)
        }
        if type == Double.self { return unsafeBitCast(try unwrapDouble(value, in: parent, key), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try unwrapBool(value, in: parent, key), to: T.self) }
        if type == [Int].self {
            return unsafeBitCast(try unwrapArray(value, of: Int.self, in: parent, key), to: T.self)
        }
        if type == [String].self {
            return unsafeBitCast(try unwrapArray(value, of: String.self, in: parent, key), to: T.self)
        }
        // A `JSONValue` is the value itself, unless the key strategy is to rename its members.
        if type == JSONValue.self, case .useDefaultKeys = options.keyDecodingStrategy {
            return unsafeBitCast(try wholeValue(value), to: T.self)
        }
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
        // Every `[String: V]` is one reference wide: a type of another size is not one, and is
        // not looked up in the runtime's conformance tables (hundreds of instructions a value).
        if decodesStringKeyedDictionaries, MemoryLayout<T>.size == MemoryLayout<[String: Int]>.size,
            let dictionaryType = type as? any StringKeyedDictionaryDecodable.Type
        {
            // The type was checked just above.
            // swift-format-ignore: NeverForceUnwrap
            return try unwrapStringKeyedDictionary(value, as: dictionaryType, in: parent, key) as! T
        }
        return try with(value: value, in: parent, key) { try T(from: self) }
    }

    /// `[E]` decoded as `Array.init(from:)` decodes it (the same container, the same calls in the
    /// same order, so the same errors and coding paths), but specialized for the decoder and `E`:
    /// the standard library's runs unspecialized, through an `any UnkeyedDecodingContainer`.
    func unwrapArray<E: Decodable>(
        _ value: Value, of type: E.Type, in parent: CodingPathNode, _ key: CodingStep
    ) throws -> [E] {
        try with(value: value, in: parent, key) {
            var container = try unkeyedDecodingContainer()
            var result: [E] = []
            result.reserveCapacity(container.count ?? 0)
            while !container.isAtEnd {
                result.append(try container.decode(E.self))
            }
            return result
        }
    }

    func unwrapBool(_ value: Value, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep) throws -> Bool {
        // JSONDecoder reports null as a type mismatch for Bool (not as a missing value).
        guard case .bool(let bool) = scalar(value) else {
            throw typeMismatch(Bool.self, scalar(value), parent.path(appending: key()))
        }
        return bool
    }

    func unwrapString(_ value: Value, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep) throws -> String
    {
        switch scalar(value) {
        case .string(let string): return string
        case .null: throw valueNotFound(String.self, parent.path(appending: key()))
        default: throw typeMismatch(String.self, scalar(value), parent.path(appending: key()))
        }
    }

    /// `convert` applied to `value` in place when it is a number (a failure is the number's
    /// `dataCorrupted` error); nil when it is not a number.
    private func number<T>(
        _ value: Value, as type: T.Type, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep,
        _ convert: (JSONBytes) throws(JSONNumberConversionError) -> T
    ) throws -> T? {
        let result = convertNumber(value) { bytes in
            Result { () throws(JSONNumberConversionError) -> T in try convert(bytes) }
        }
        switch result {
        case .success(let converted)?: return converted
        case .failure(let error)?: throw notRepresentable(error, T.self, parent.path(appending: key()))
        case nil: return nil
        }
    }

    func unwrapInteger<T: FixedWidthInteger>(
        _ value: Value, as type: T.Type, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep
    ) throws -> T {
        let integer = try number(value, as: T.self, in: parent, key()) { bytes throws(JSONNumberConversionError) in
            try bytes.integer(T.self)
        }
        if let integer { return integer }
        if isNull(value) { throw valueNotFound(T.self, parent.path(appending: key())) }
        throw typeMismatch(T.self, scalar(value), parent.path(appending: key()))
    }

    func unwrapDouble(_ value: Value, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep) throws -> Double
    {
        try unwrapFloatingPoint(value, as: Double.self, in: parent, key(), convert: JSONNumberCoding.double)
    }

    func unwrapFloat(_ value: Value, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep) throws -> Float {
        try unwrapFloatingPoint(value, as: Float.self, in: parent, key(), convert: JSONNumberCoding.float)
    }

    private func unwrapFloatingPoint<T: BinaryFloatingPoint>(
        _ value: Value, as type: T.Type, in parent: CodingPathNode, _ key: @autoclosure () -> CodingStep,
        convert: (JSONBytes) throws(JSONNumberConversionError) -> T
    ) throws -> T {
        if let converted = try number(value, as: T.self, in: parent, key(), convert) { return converted }
        switch scalar(value) {
        case .null:
            throw valueNotFound(T.self, parent.path(appending: key()))
        case .string(let string):
            if case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
                options.nonConformingFloatDecodingStrategy
            {
                if string == positiveInfinity { return T.infinity }
                if string == negativeInfinity { return -T.infinity }
                if string == nan { return T.nan }
            }
            throw typeMismatch(T.self, scalar(value), parent.path(appending: key()))
        default:
            throw typeMismatch(T.self, scalar(value), parent.path(appending: key()))
        }
    }

    private func unwrapDate(_ value: Value, in parent: CodingPathNode, _ key: CodingStep) throws -> Date {
        if case .null = scalar(value) { throw valueNotFound(Date.self, parent.path(appending: key)) }
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try with(value: value, in: parent, key) { try Date(from: self) }
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
            return try with(value: value, in: parent, key) { try closure(self) }
        }
    }

    private func unwrapData(_ value: Value, in parent: CodingPathNode, _ key: CodingStep) throws -> Data {
        if case .null = scalar(value) { throw valueNotFound(Data.self, parent.path(appending: key)) }
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try with(value: value, in: parent, key) { try Data(from: self) }
        case .base64:
            guard case .string(let string) = scalar(value) else {
                throw typeMismatch(String.self, scalar(value), parent.path(appending: key))
            }
            guard let data = Data(base64Encoded: string) else {
                throw dataCorrupted("Encountered Data is not valid Base64.", parent.path(appending: key))
            }
            return data
        case .custom(let closure):
            return try with(value: value, in: parent, key) { try closure(self) }
        }
    }

    private func unwrapURL(_ value: Value, in parent: CodingPathNode, _ key: CodingStep) throws -> URL {
        if case .null = scalar(value) { throw valueNotFound(URL.self, parent.path(appending: key)) }
        let string = try unwrapString(value, in: parent, key)
        guard let url = URL(string: string) else {
            throw dataCorrupted("Invalid URL string.", parent.path(appending: key))
        }
        return url
    }

    private func unwrapDecimal(_ value: Value, in parent: CodingPathNode, _ key: CodingStep) throws -> Decimal {
        if let decimal = try number(value, as: Decimal.self, in: parent, key, JSONNumberCoding.decimal) {
            return decimal
        }
        if isNull(value) { throw valueNotFound(Decimal.self, parent.path(appending: key)) }
        throw typeMismatch(Decimal.self, scalar(value), parent.path(appending: key))
    }
}

// MARK: - Errors

extension JSONDecoderCore {
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
        _ error: JSONNumberConversionError, _ type: Any.Type, _ path: [any CodingKey]
    ) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: path, debugDescription: "Number \(error.text) is not representable in \(type).",
                underlyingError: error))
    }
}

extension JSONDecoderCore {
    /// `[String: V]` under a key strategy: its keys are data, not coding keys, so they are not
    /// converted (as in `JSONDecoder`).
    func unwrapStringKeyedDictionary(
        _ value: Value, as type: any StringKeyedDictionaryDecodable.Type, in parent: CodingPathNode,
        _ key: CodingStep
    ) throws -> Any {
        if let members = rawMembers(of: value) {
            return try type.decodeKeepingKeys(members, using: self, at: parent.appending(key))
        }
        if isNull(value) { throw valueNotFound([String: Any].self, parent.path(appending: key)) }
        throw DecodingError.typeMismatch(
            [String: Any].self,
            DecodingError.Context(
                codingPath: parent.path(appending: key),
                debugDescription:
                    "Expected to decode \([String: Any].self) but found \(scalar(value).codableTypeDescription) instead."
            ))
    }
}

/// `[String: V]`, whose keys a key decoding strategy must leave alone.
protocol StringKeyedDictionaryDecodable {
    static func decodeKeepingKeys<Decoder: JSONDecoderCore>(
        _ members: [(key: String, value: Decoder.Value)], using decoder: Decoder, at node: CodingPathNode
    ) throws -> Any
}

extension Dictionary: StringKeyedDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeKeepingKeys<Decoder: JSONDecoderCore>(
        _ members: [(key: String, value: Decoder.Value)], using decoder: Decoder, at node: CodingPathNode
    ) throws -> Any {
        var result: [String: Value] = [:]
        result.reserveCapacity(members.count)
        for member in members {
            let value = try decoder.unwrap(
                member.value, as: Value.self, in: node, .key(JSONCodingKey(stringValue: member.key)))
            if result[member.key] == nil { result[member.key] = value }
        }
        return result
    }
}
