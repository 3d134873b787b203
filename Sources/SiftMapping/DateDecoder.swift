public import Foundation
public import Sift

/// Decodes a date from a JSON string, with a date format, a `DateFormatter` or a
/// `ParseStrategy` such as `Date.ISO8601FormatStyle`.
///
/// A string that does not parse is rejected with a message naming the format, and the failure
/// joins the aggregated ``MappingError``.
///
/// ```swift
/// let schema = MappingSchema {
///     Property("birthDate", .string, decoder: DateDecoder(format: "yyyy-MM-dd"))
///     Property("updated", .string, decoder: DateDecoder(strategy: Date.ISO8601FormatStyle()))
/// }
/// // {"birthDate": "1999-13-45"} →
/// // $.birthDate: decoder failed: "1999-13-45" is not a date in the format "yyyy-MM-dd"
/// ```
public struct DateDecoder: ValueDecoder {
    private let parse: @Sendable (String) -> Date?
    private let formatDescription: String

    /// A decoder for a fixed date format, read with the `en_US_POSIX` locale (so the format
    /// means the same everywhere) in `timeZone` (UTC unless given).
    ///
    /// ```swift
    /// let decoder = DateDecoder(format: "yyyy-MM-dd 'at' HH:mm")
    /// ```
    public init(format: String, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        self.init(formatter: formatter)
    }

    /// A decoder that reads dates with a formatter (a copy of it: later changes to `formatter`
    /// do not affect the decoder).
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.dateStyle = .short
    /// let decoder = DateDecoder(formatter: formatter)
    /// ```
    public init(formatter: DateFormatter) {
        let box = LockedFormatter(formatter)
        parse = { box.date(from: $0) }
        let format = formatter.dateFormat ?? ""
        formatDescription = "the format " + JSONValue.quoted(format)
    }

    /// A decoder that reads dates with a parse strategy.
    ///
    /// ```swift
    /// let decoder = DateDecoder(strategy: Date.ISO8601FormatStyle())
    /// ```
    public init<Strategy: ParseStrategy & Sendable>(strategy: Strategy)
    where Strategy.ParseInput == String, Strategy.ParseOutput == Date {
        parse = { try? strategy.parse($0) }
        formatDescription = "the format of \(Strategy.self)"
    }

    /// Decodes a date from a string value.
    ///
    /// ```swift
    /// let date = try DateDecoder(format: "yyyy-MM-dd").decode(.string("2024-02-29"))
    /// ```
    public func decode(_ value: JSONValue) throws -> Date {
        guard case .string(let text) = value else {
            throw ValueDecodingError("expected a date string, found \(value.summary)")
        }
        guard let date = parse(text) else {
            throw ValueDecodingError("\(JSONValue.quoted(text)) is not a date in \(formatDescription)")
        }
        return date
    }
}

/// A private copy of a `DateFormatter`, used under a lock (formatters are not `Sendable`).
private final class LockedFormatter: @unchecked Sendable {
    private let formatter: DateFormatter
    private let lock = NSLock()

    init(_ formatter: DateFormatter) {
        let copy = DateFormatter()
        copy.locale = formatter.locale
        copy.timeZone = formatter.timeZone
        copy.calendar = formatter.calendar
        copy.isLenient = formatter.isLenient
        if let format = formatter.dateFormat, !format.isEmpty {
            copy.dateFormat = format
        } else {
            copy.dateStyle = formatter.dateStyle
            copy.timeStyle = formatter.timeStyle
        }
        self.formatter = copy
    }

    func date(from text: String) -> Date? {
        lock.lock()
        defer { lock.unlock() }
        return formatter.date(from: text)
    }
}
