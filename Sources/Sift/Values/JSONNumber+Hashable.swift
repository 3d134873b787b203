extension JSONNumber: Hashable {
    /// Whether two numbers have the same value: integral values exactly (`1 == 1.0 == 1e0`, and
    /// integers of any length), fractions as the nearest `Double`.
    ///
    /// ```swift
    /// JSONNumber(text: "1.0")! == JSONNumber(1)               // true
    /// JSONNumber(text: "18446744073709551616")! == JSONNumber(text: "18446744073709551617")! // false
    /// ```
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if lhs.text == rhs.text { return true }
        return lhs.withBytes { left in
            rhs.withBytes { right in
                NumberValue(left) == NumberValue(right)
            }
        }
    }

    /// Whether the value is an integer, however it is written (`3`, `3.0`, `3e0`, `0.3e1`).
    var isIntegral: Bool {
        withBytes { bytes in NumberValue(bytes).isIntegral }
    }

    /// Hashes the number's value, consistently with `==`.
    ///
    /// ```swift
    /// Set([JSONNumber(1), JSONNumber(text: "1.0")!]).count // 1
    /// ```
    public func hash(into hasher: inout Hasher) {
        withBytes { bytes in NumberValue(bytes).hash(into: &hasher) }
    }
}

/// The value of a number's text in a form that compares as ``JSONNumber``'s `==` says: integral
/// values as their significant digits and exponent, fractions as a `Double`.
private struct NumberValue: Hashable {
    enum Kind: Hashable {
        /// Zero, whatever its sign or notation.
        case zero
        /// An integral value, or a fraction out of `Double`'s range: compared exactly as
        /// `0.d₁d₂…dₙ × 10^exponent` with no leading or trailing zero digit.
        case exact(negative: Bool, exponent: Int)
        /// A fraction that a `Double` holds (nearest value).
        case double(Double)
        /// Text whose exponent does not fit an `Int` (or that is not a JSON number): compared as
        /// text.
        case text
    }

    let kind: Kind
    let bytes: JSONBytes
    /// The significant digits of an exact value: indices into `bytes`, the `.` skipped.
    let firstDigit: Int
    let digitCount: Int
    /// Where the integer part ends (the `.` or the exponent), to skip the point.
    let pointIndex: Int

    init(_ bytes: JSONBytes) {
        self.bytes = bytes
        let count = bytes.count
        var index = 0
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        let integerStart = index
        while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let integerEnd = index
        var fractionEnd = integerEnd
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            fractionEnd = index
        }
        var exponent = 0
        var exponentOverflow = false
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if exponent > 100_000_000_000_000 { exponentOverflow = true }
                exponent = exponent &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
            if index == exponentStart { exponentOverflow = true }
            if exponentNegative { exponent = -exponent }
        }
        pointIndex = integerEnd
        guard index == count, integerEnd > integerStart else {
            self.kind = .text
            (firstDigit, digitCount) = (0, 0)
            return
        }

        // Significant digits: first and last non-zero digit of integer + fraction digits.
        func position(_ digitIndex: Int) -> Int {
            digitIndex < integerEnd - integerStart
                ? integerStart + digitIndex : integerEnd + 1 + digitIndex - (integerEnd - integerStart)
        }
        let integerDigits = integerEnd - integerStart
        let fractionDigits = fractionEnd > integerEnd ? fractionEnd - integerEnd - 1 : 0
        let totalDigits = integerDigits + fractionDigits
        var first = 0
        while first < totalDigits, bytes[position(first)] == UInt8(ascii: "0") { first += 1 }
        guard first < totalDigits else {
            self.kind = .zero
            (firstDigit, digitCount) = (0, 0)
            return
        }
        var last = totalDigits - 1
        while bytes[position(last)] == UInt8(ascii: "0") { last -= 1 }
        firstDigit = position(first)
        digitCount = last - first + 1
        if exponentOverflow {
            kind = .text
            return
        }
        // value = 0.d(first)…d(last) × 10^(integerDigits - first + exponent)
        let normalizedExponent = integerDigits - first + exponent
        if normalizedExponent < digitCount,
            let double = JSONNumberParsing.double(base: bytes.base, count: count), double != 0
        {
            kind = .double(double)
        } else {
            kind = .exact(negative: negative, exponent: normalizedExponent)
        }
    }

    var isIntegral: Bool {
        switch kind {
        case .zero: true
        case .exact(_, let exponent): exponent >= digitCount
        case .double, .text: false
        }
    }

    /// The `offset`-th significant digit.
    @inline(__always)
    private func digit(_ offset: Int) -> UInt8 {
        let index = firstDigit + offset
        return bytes[firstDigit < pointIndex && index >= pointIndex ? index + 1 : index]
    }

    static func == (lhs: NumberValue, rhs: NumberValue) -> Bool {
        guard lhs.kind == rhs.kind else { return false }
        switch lhs.kind {
        case .zero, .double: return true
        case .text: return lhs.bytes.elementsEqual(rhs.bytes)
        case .exact:
            guard lhs.digitCount == rhs.digitCount else { return false }
            for offset in 0..<lhs.digitCount where lhs.digit(offset) != rhs.digit(offset) { return false }
            return true
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        switch kind {
        case .zero, .double: break
        case .text:
            hasher.combine(bytes.count)
            for byte in bytes { hasher.combine(byte) }
        case .exact:
            hasher.combine(digitCount)
            for offset in 0..<digitCount { hasher.combine(digit(offset)) }
        }
    }
}
