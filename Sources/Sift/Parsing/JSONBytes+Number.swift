import Foundation

/// The reason a JSON number could not become the requested Swift type.
///
/// Conversions never wrap or round an integer: a number that does not fit is an error.
///
/// ```swift
/// do { _ = try bytes.integer(Int8.self) } catch let error as JSONNumberConversionError {
///     print(error) // number 300 does not fit in Int8
/// }
/// ```
public struct JSONNumberConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the conversion failed.
    ///
    /// ```swift
    /// if error.reason == .outOfRange { /* ... */ }
    /// ```
    public enum Reason: Hashable, Sendable {
        /// The number has a fraction (or is not an exact integer).
        case notAnInteger
        /// The number is an integer outside the range of the requested type.
        case outOfRange
        /// The text is not a number in JSON syntax, or its magnitude exceeds `Double`.
        case notRepresentable
    }

    /// The number's text as written in the document.
    ///
    /// ```swift
    /// error.text // "300"
    /// ```
    public let text: String

    /// The name of the requested Swift type.
    ///
    /// ```swift
    /// error.typeName // "Int8"
    /// ```
    public let typeName: String

    /// Why the conversion failed.
    ///
    /// ```swift
    /// error.reason // .outOfRange
    /// ```
    public let reason: Reason

    /// Creates a conversion error.
    ///
    /// ```swift
    /// JSONNumberConversionError(text: "1.5", typeName: "Int", reason: .notAnInteger)
    /// ```
    public init(text: String, typeName: String, reason: Reason) {
        self.text = text
        self.typeName = typeName
        self.reason = reason
    }

    /// A readable description, for example `number 300 does not fit in Int8`.
    ///
    /// ```swift
    /// print(error)
    /// ```
    public var description: String {
        switch reason {
        case .notAnInteger: "number \(text) is not an integer (requested \(typeName))"
        case .outOfRange: "number \(text) does not fit in \(typeName)"
        case .notRepresentable: "number \(text) cannot be represented as \(typeName)"
        }
    }
}

extension JSONBytes {
    /// The number as an integer of type `T`, exactly.
    ///
    /// Integral values written with a fraction or exponent (`1.0`, `2e3`) convert; fractions and
    /// values outside `T`'s range throw ``JSONNumberConversionError``.
    ///
    /// ```swift
    /// if case .number(let text) = event { let count = try text.integer(Int.self) }
    /// ```
    @inlinable
    public func integer<T: FixedWidthInteger>(_ type: T.Type = Int.self) throws(JSONNumberConversionError) -> T {
        if let value: T = parseInteger(as: T.self) { return value }
        return try JSONNumberParsing.slowInteger(text: string)
    }

    /// The number as a `Double`, the nearest representable value.
    ///
    /// A magnitude beyond `Double`'s range throws ``JSONNumberConversionError``; values too small
    /// become zero.
    ///
    /// ```swift
    /// if case .number(let text) = event { let x = try text.double() }
    /// ```
    @inlinable
    public func double() throws(JSONNumberConversionError) -> Double {
        guard let value = JSONNumberParsing.double(base: base, count: count) else {
            throw JSONNumberConversionError(text: string, typeName: "Double", reason: .notRepresentable)
        }
        return value
    }

    /// The number as a `Decimal`, exactly when it has at most 38 significant digits.
    ///
    /// ```swift
    /// if case .number(let text) = event { let price = try text.decimal() }
    /// ```
    public func decimal() throws(JSONNumberConversionError) -> Decimal {
        guard let value = Decimal(string: string, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else {
            throw JSONNumberConversionError(text: string, typeName: "Decimal", reason: .notRepresentable)
        }
        return value
    }

    /// Fast path: plain integer text (`-?[0-9]+`) that fits `T`; nil for anything else.
    @inlinable
    func parseInteger<T: FixedWidthInteger>(as type: T.Type) -> T? {
        guard let base, count > 0 else { return nil }
        var index = 0
        let negative = base[0] == UInt8(ascii: "-")
        if negative {
            guard T.isSigned else { return nil }
            index = 1
        }
        guard index < count else { return nil }
        var value: T = 0
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative
                ? multiplied.subtractingReportingOverflow(T(digit))
                : multiplied.addingReportingOverflow(T(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }
}

/// Number conversions shared by ``JSONBytes`` and ``JSONNumber``.
@usableFromInline
enum JSONNumberParsing {
    /// Decides why `text` did not pass the integer fast path, or converts integral values
    /// written with a fraction or an exponent.
    @usableFromInline
    static func slowInteger<T: FixedWidthInteger>(text: String) throws(JSONNumberConversionError) -> T {
        let typeName = String(describing: T.self)
        guard isJSONNumber(text) else {
            throw JSONNumberConversionError(text: text, typeName: typeName, reason: .notRepresentable)
        }
        let isPlainInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if isPlainInteger {
            throw JSONNumberConversionError(text: text, typeName: typeName, reason: .outOfRange)
        }
        guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN else {
            throw JSONNumberConversionError(text: text, typeName: typeName, reason: .notRepresentable)
        }
        var rounded = Decimal()
        var source = decimal
        NSDecimalRound(&rounded, &source, 0, .plain)
        guard rounded == decimal else {
            throw JSONNumberConversionError(text: text, typeName: typeName, reason: .notAnInteger)
        }
        // An exact integral value: reparse its plain digits.
        let digits = NSDecimalNumber(decimal: rounded).description(withLocale: Locale(identifier: "en_US_POSIX"))
        if let value = T(digits, radix: 10) { return value }
        throw JSONNumberConversionError(text: text, typeName: typeName, reason: .outOfRange)
    }

    /// Parses a double from number text: the exact fast path when it applies, else `strtod`
    /// (without allocating for short numbers).
    @usableFromInline
    static func double(base: UnsafePointer<UInt8>?, count: Int) -> Double? {
        guard let base, count > 0 else { return nil }
        if let value = exactDouble(base: base, count: count) { return value }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            // The buffer is non-empty here, so it has a base address.
            // swift-format-ignore: NeverForceUnwrap
            let start = buffer.baseAddress!
            UnsafeMutableRawPointer(start).copyMemory(from: base, byteCount: count)
            start[count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            guard let end, end - start == count, value.isFinite else { return nil }
            return value
        }
    }

    /// Clinger's fast path, for short decimals.
    ///
    /// It takes a JSON number whose digits, leading zeros included, fit in 19 decimal digits and
    /// make an integer m ≤ 2^53, scaled by 10^e with |e| ≤ 22. Both m and
    /// 10^|e| are exact doubles, so the one multiplication or division rounds correctly and the
    /// result is the nearest double, as `strtod` gives. nil for anything else (longer or
    /// larger numbers, text outside the grammar).
    @usableFromInline
    static func exactDouble(base: UnsafePointer<UInt8>, count: Int) -> Double? {
        var index = 0
        let isNegative = base[0] == UInt8(ascii: "-")
        if isNegative { index = 1 }
        var significand: UInt64 = 0
        var digits = 0
        /// Appends the digits from `index` on to the significand; returns how many there were.
        func takeDigits() -> Int {
            let start = index
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                significand = significand &* 10 &+ UInt64(digit)
                index &+= 1
            }
            digits &+= index &- start
            return index &- start
        }
        guard takeDigits() > 0 else { return nil }
        var exponent = 0
        if index < count, base[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionDigits = takeDigits()
            guard fractionDigits > 0 else { return nil }
            exponent = -fractionDigits
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            var isExponentNegative = false
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                isExponentNegative = base[index] == UInt8(ascii: "-")
                index &+= 1
            }
            let exponentStart = index
            var written = 0
            // Four digits are plenty: anything past them leaves text unread and takes strtod.
            while index < count, index &- exponentStart < 4 {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                written = written &* 10 &+ Int(digit)
                index &+= 1
            }
            guard index > exponentStart else { return nil }
            exponent &+= isExponentNegative ? -written : written
        }
        guard index == count, digits <= 19, significand <= 1 << 53, (-22...22).contains(exponent) else { return nil }
        var value = Double(significand)
        if exponent < 0 {
            value /= exactPowersOfTen[-exponent]
        } else if exponent > 0 {
            value *= exactPowersOfTen[exponent]
        }
        return isNegative ? -value : value
    }

    /// 10^0 through 10^22, the powers of ten a `Double` holds exactly.
    @usableFromInline
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Whether `text` is a number in JSON's grammar.
    static func isJSONNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isJSONNumber(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `bytes` is a number in JSON's grammar,
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (no leading zero, no `+`, no bare `.`).
    static func isJSONNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        func digits() -> Int {
            let start = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { return false }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { return false }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == count
    }
}
