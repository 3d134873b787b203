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
