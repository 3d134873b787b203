/// The elements of one JSON array as an unkeyed container walks them: in order, one at a time.
///
/// Like ``DecodingMembers``, elements reach their document through their decoder (`owner`).
protocol DecodingElements {
    associatedtype Value
    /// The decoder whose document holds the array.
    associatedtype Owner
    /// How many elements there are.
    var count: Int { get }
    /// The element at the cursor; only read while the cursor is before the end.
    var current: Value { get }
    /// Moves the cursor to the next element.
    mutating func advance(in owner: Owner)
}

/// The unkeyed container of one JSON array, for either decoder (see ``JSONDecoderCore``).
///
/// Each decoder's container (``JSONTapeDecoderImpl/UnkeyedContainer``,
/// ``JSONValueDecoderImpl/UnkeyedContainer``) forwards to it, so that it runs specialized for
/// that decoder (the methods generic over the decoded type are inlined into the forwarder for
/// that reason, as in ``DecodingKeyedContainer``).
///
/// `currentIndex` moves past an element only when it was decoded (or, for `decodeIfPresent`, found
/// missing or `null`), as in `JSONDecoder`.
struct DecodingUnkeyedContainer<Decoder: JSONDecoderCore> {
    private let decoder: Decoder
    private let node: CodingPathNode
    private var elements: Decoder.Elements
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: Decoder, node: CodingPathNode, elements: Decoder.Elements) {
        self.decoder = decoder
        self.node = node
        self.elements = elements
        self.count = elements.count
    }

    var codingPath: [any CodingKey] { node.path }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentKey: CodingStep { .index(currentIndex) }

    /// Moves past the current element.
    private mutating func step() {
        if currentIndex < elements.count { elements.advance(in: decoder) }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard decoder.isNull(try next(Never.self)) else { return false }
        step()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        try advance(after: decoder.unwrapBool(try next(type), in: node, currentKey))
    }

    mutating func decode(_ type: String.Type) throws -> String {
        try advance(after: decoder.unwrapString(try next(type), in: node, currentKey))
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        try advance(after: decoder.unwrapDouble(try next(type), in: node, currentKey))
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        try advance(after: decoder.unwrapFloat(try next(type), in: node, currentKey))
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    @inline(__always)
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try advance(after: decoder.unwrap(try next(type), as: type, in: node, currentKey))
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        try ifPresent { [decoder, node] in try decoder.unwrapBool($0, in: node, $1) }
    }

    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        try ifPresent { [decoder, node] in try decoder.unwrapString($0, in: node, $1) }
    }

    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        try ifPresent { [decoder, node] in try decoder.unwrapDouble($0, in: node, $1) }
    }

    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        try ifPresent { [decoder, node] in try decoder.unwrapFloat($0, in: node, $1) }
    }

    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: Int128.Type) throws -> Int128? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent() }
    mutating func decodeIfPresent(_ type: UInt128.Type) throws -> UInt128? { try integerIfPresent() }

    @inline(__always)
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try ifPresent { [decoder, node] in try decoder.unwrap($0, as: type, in: node, $1) }
    }

    @inline(__always)
    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try next(KeyedDecodingContainer<NestedKey>.self, "Cannot get nested keyed container")
        let container = try decoder.with(value: value, in: node, .index(currentIndex)) {
            try decoder.container(keyedBy: type)
        }
        step()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try next((any UnkeyedDecodingContainer).self, "Cannot get nested unkeyed container")
        let container = try decoder.with(value: value, in: node, .index(currentIndex)) {
            try decoder.unkeyedContainer()
        }
        step()
        return container
    }

    mutating func superDecoder() throws -> any Swift.Decoder {
        let value = try next((any Swift.Decoder).self, "Cannot get superDecoder()")
        let superDecoder = decoder.superDecoder(for: value, at: node.appending(index: currentIndex))
        step()
        return superDecoder
    }

    /// The element at `currentIndex`; at the end, a `valueNotFound` for `type`.
    @inline(__always)
    private func next<T>(_ type: T.Type, _ what: String? = nil) throws -> Decoder.Value {
        guard currentIndex < elements.count else {
            let message = what.map { "\($0) -- unkeyed container is at end." } ?? "Unkeyed container is at end."
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: node.path(appendingIndex: currentIndex), debugDescription: message))
        }
        return elements.current
    }

    @inline(__always)
    private mutating func advance<T>(after value: T) -> T {
        step()
        return value
    }

    /// nil (and one step on) at the end or for `null`; else `decode(element, key)`.
    @inline(__always)
    private mutating func ifPresent<T>(_ decode: (Decoder.Value, CodingStep) throws -> T) throws -> T? {
        var result: T?
        if currentIndex < elements.count {
            let element = elements.current
            if !decoder.isNull(element) { result = try decode(element, currentKey) }
        }
        step()
        return result
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try advance(after: decoder.unwrapInteger(try next(T.self), as: T.self, in: node, currentKey))
    }

    @inline(__always)
    private mutating func integerIfPresent<T: FixedWidthInteger>() throws -> T? {
        try ifPresent { [decoder, node] in try decoder.unwrapInteger($0, as: T.self, in: node, $1) }
    }
}
