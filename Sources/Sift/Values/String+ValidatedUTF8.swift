import Foundation

extension String {
    /// A string of `bytes` that are known to be valid UTF-8 (the tokenizer checked them), made
    /// without checking them again.
    ///
    /// Only for bytes a tokenizer that validates UTF-8 delivered (``JSONParserOptions/validatesUTF8``):
    /// bytes that are not valid UTF-8 would make a malformed `String`. Debug builds check them.
    ///
    /// ```swift
    /// let name = String(validatedUTF8: tape.text(at: index))
    /// ```
    @inline(__always)
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        assert(String(validating: bytes, as: UTF8.self) != nil, "bytes said to be valid UTF-8 are not")
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = String(copying: unsafe UTF8Span(unchecked: Span(_unsafeElements: bytes)))
        } else {
            self = String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension JSONBytes {
    /// The bytes as a `String`; made without checking their UTF-8 again when `validated` (the
    /// tokenizer that delivered them validates UTF-8), else as ``string`` makes it.
    ///
    /// Pass `true` only for bytes a tokenizer delivered with ``JSONParserOptions/validatesUTF8``
    /// on (the default): a model builder's fast path for text it keeps.
    ///
    /// ```swift
    /// let title = bytes.string(validated: options.validatesUTF8)
    /// ```
    @inline(__always)
    public func string(validated: Bool) -> String {
        guard validated, let base, count > 0 else { return string }
        return String(validatedUTF8: UnsafeBufferPointer(start: base, count: count))
    }
}

extension URL {
    /// The URL of a string event, as ``init(jsonScalar:)-(JSONEvent)`` makes it; its text made
    /// without checking its UTF-8 again when `validated` (see ``JSONBytes/string(validated:)``).
    ///
    /// ```swift
    /// let link = URL(jsonScalar: event, validated: options.validatesUTF8)
    /// ```
    public init?(jsonScalar event: JSONEvent, validated: Bool) {
        guard case .string(let bytes) = event else { return nil }
        self.init(jsonText: bytes.string(validated: validated))
    }
}
