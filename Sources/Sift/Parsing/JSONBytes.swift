#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A borrowed view of the UTF-8 bytes of a key, a string or a number's text, as the tokenizer
/// delivers them.
///
/// The bytes belong to the tokenizer and are valid only while the event that carries them is
/// being handled: make a ``string`` or an ``array`` of them to keep them. Keys and strings are
/// already unescaped (`"a\u0000b"` is the three bytes `61 00 62`); numbers are the exact text
/// of the document.
///
/// ```swift
/// try JSONTokenizer.tokenize(#"{"name":"Ada"}"#) { event, _ in
///     if case .string(let bytes) = event { print(bytes.string, bytes.count) }
/// }
/// // Prints "Ada 3"
/// ```
public struct JSONBytes: RandomAccessCollection, CustomStringConvertible {
    @usableFromInline let base: UnsafePointer<UInt8>?

    /// The number of bytes in the view.
    ///
    /// ```swift
    /// bytes.count // 3 for "Ada"
    /// ```
    public let count: Int

    @inlinable init(base: UnsafePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    @inlinable package init(_ buffer: UnsafeRawBufferPointer) {
        self.base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
        self.count = buffer.count
    }

    /// The position of the first byte, always `0`.
    ///
    /// ```swift
    /// bytes[bytes.startIndex] // the first byte
    /// ```
    @inlinable public var startIndex: Int { 0 }

    /// The position one past the last byte, equal to ``count``.
    ///
    /// ```swift
    /// for index in bytes.startIndex..<bytes.endIndex { _ = bytes[index] }
    /// ```
    @inlinable public var endIndex: Int { count }

    /// The byte at `position`.
    ///
    /// ```swift
    /// bytes[0] // 0x41 for "Ada"
    /// ```
    @inlinable public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < count, "JSONBytes index out of range")
        return base.unsafelyUnwrapped[position]
    }

    /// The bytes decoded as a Swift `String` (the tokenizer has validated them as UTF-8 unless
    /// validation was turned off, in which case invalid sequences become U+FFFD).
    ///
    /// ```swift
    /// if case .key(let key) = event { print(key.string) }
    /// ```
    @inlinable public var string: String {
        guard let base, count > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// A copy of the bytes that outlives the event.
    ///
    /// ```swift
    /// let kept: [UInt8] = bytes.array
    /// ```
    @inlinable public var array: [UInt8] {
        guard let base, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes as text, for debugging.
    ///
    /// ```swift
    /// print(bytes) // Ada
    /// ```
    public var description: String { string }

    /// Calls `body` with the raw bytes, without copying them.
    ///
    /// The buffer must not escape `body`.
    ///
    /// ```swift
    /// let sum = bytes.withUnsafeBytes { $0.reduce(0) { $0 + Int($1) } }
    /// ```
    @inlinable public func withUnsafeBytes<Result>(
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the contiguous bytes; always succeeds.
    ///
    /// ```swift
    /// let first = bytes.withContiguousStorageIfAvailable { $0.first }
    /// ```
    @inlinable public func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Whether the bytes equal the UTF-8 encoding of `text`, without creating a `String`.
    ///
    /// ```swift
    /// if case .key(let key) = event, key.equals("title") { /* ... */ }
    /// ```
    @inlinable public func equals(_ text: StaticString) -> Bool {
        guard text.hasPointerRepresentation else { return string == text.description }
        guard text.utf8CodeUnitCount == count else { return false }
        if count == 0 { return true }
        // The buffer is non-empty here, so it has a base address.
        // swift-format-ignore: NeverForceUnwrap
        return memcmp(base!, text.utf8Start, count) == 0
    }

    /// Whether the bytes equal `other` byte for byte.
    ///
    /// ```swift
    /// key.equals([0x69, 0x64]) // "id"
    /// ```
    @inlinable public func equals(_ other: some Collection<UInt8>) -> Bool {
        guard other.count == count else { return false }
        if count == 0 { return true }
        if let result = other.withContiguousStorageIfAvailable({
            // The buffer is non-empty here, so it has a base address.
            // swift-format-ignore: NeverForceUnwrap
            memcmp(base!, $0.baseAddress!, count) == 0
        }) {
            return result
        }
        return elementsEqual(other)
    }
}
