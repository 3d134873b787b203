/// UTF-8 validation for bytes that did not come from a Swift `String`.
enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8 (no overlong forms, no surrogates, nothing above
    /// U+10FFFF).
    ///
    /// ASCII runs are checked eight bytes at a time.
    static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            // Fast path: eight ASCII bytes at once.
            while index + 8 <= count,
                (base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
            }
            guard index < count else { break }
            let lead = base.load(fromByteOffset: index, as: UInt8.self)
            if lead < 0x80 {
                index += 1
                continue
            }
            func continuation(_ offset: Int) -> UInt8? {
                guard index + offset < count else { return nil }
                let byte = base.load(fromByteOffset: index + offset, as: UInt8.self)
                return byte & 0xC0 == 0x80 ? byte : nil
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) != nil else { return false }
                index += 2
            case 0xE0...0xEF:
                guard let second = continuation(1), continuation(2) != nil else { return false }
                if lead == 0xE0 && second < 0xA0 { return false }  // overlong
                if lead == 0xED && second > 0x9F { return false }  // surrogate
                index += 3
            case 0xF0...0xF4:
                guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else {
                    return false
                }
                if lead == 0xF0 && second < 0x90 { return false }  // overlong
                if lead == 0xF4 && second > 0x8F { return false }  // above U+10FFFF
                index += 4
            default:
                return false
            }
        }
        return true
    }
}
