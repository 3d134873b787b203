/// Punycode (RFC 3492): the Bootstring encoding of Unicode labels into the letters, digits and
/// hyphen of an IDNA A-label, with the parameters of §5.
///
/// Both directions are bounded for host-name labels: the decoder fails, rather than wraps, on
/// any intermediate value past `Int32.max` (§6.4), and on a code point that is basic (below
/// 0x80), a surrogate, or past U+10FFFF.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    private static let maxInt = Int(Int32.max)

    /// The code points `input` encodes (the part after `xn--`); nil when it is not valid Punycode.
    ///
    /// Basic code points keep their case; digits are read in either case.
    static func decode(_ input: some Collection<UInt8>) -> [Unicode.Scalar]? {
        let bytes = Array(input)
        var output: [Unicode.Scalar] = []
        var position = 0
        if let delimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            for byte in bytes[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(Unicode.Scalar(byte))
            }
            position = delimiter + 1
        }
        var n = initialN
        var i = 0
        var bias = initialBias
        while position < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digitValue(bytes[position]) else { return nil }
                position += 1
                guard digit <= (maxInt - i) / weight else { return nil }
                i += digit * weight
                let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < threshold { break }
                guard weight <= maxInt / (base - threshold) else { return nil }
                weight *= base - threshold
                k += base
            }
            let length = output.count + 1
            bias = adapt(delta: i - oldI, length: length, first: oldI == 0)
            guard i / length <= maxInt - n else { return nil }
            n += i / length
            i %= length
            guard n >= initialN, let scalar = Unicode.Scalar(UInt32(n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    /// The Punycode of `scalars`, digits in lower case.
    ///
    /// nil only when a delta would pass `Int32.max`, which no label of 63 bytes reaches.
    static func encode(_ scalars: [Unicode.Scalar]) -> [UInt8]? {
        let values = scalars.map { Int($0.value) }
        var output = values.filter { $0 < initialN }.map { UInt8($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < values.count {
            guard let next = values.filter({ $0 >= n }).min() else { return nil }
            guard next - n <= (maxInt - delta) / (handled + 1) else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for value in values {
                if value < n {
                    guard delta < maxInt else { return nil }
                    delta += 1
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let threshold = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < threshold { break }
                    output.append(digitByte(threshold + (q - threshold) % (base - threshold)))
                    q = (q - threshold) / (base - threshold)
                    k += base
                }
                output.append(digitByte(q))
                bias = adapt(delta: delta, length: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// The bias adaptation function of §6.1.
    private static func adapt(delta: Int, length: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / length
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    /// The value of a Punycode digit: `a`–`z` (either case) 0–25, `0`–`9` 26–35.
    private static func digitValue(_ byte: UInt8) -> Int? {
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        if letter < 26 { return Int(letter) }
        let digit = byte &- UInt8(ascii: "0")
        return digit < 10 ? Int(digit) + 26 : nil
    }

    /// The lower-case byte of a digit value 0–35.
    private static func digitByte(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }
}
