import Foundation

/// Decodes `Decodable` values from a ``JSONValue`` already in memory, the way Foundation's
/// `JSONDecoder` decodes them from JSON text: same strategies, same results, same errors.
///
/// This is what Sift's streaming paths use to turn each captured element (each element of
/// `$.items[*]`, say) into a model without ever re-serializing it. Numbers are converted exactly:
/// an integer that does not fit the requested type, or a fraction asked for as an integer, is a
/// `DecodingError.dataCorrupted`, never a wrapped or truncated value.
///
/// ```swift
/// struct Repo: Decodable { var name: String; var stars: Int }
///
/// let value = JSONValue.object(JSONObject([
///     .init(key: "name", value: .string("sift")),
///     .init(key: "stars", value: .number(JSONNumber(42))),
/// ]))
/// let repo = try JSONValueDecoder().decode(Repo.self, from: value)
/// print(repo.stars) // 42
/// ```
///
/// Where JSON has a key twice, the first member is used, as `JSONDecoder` does.
public struct JSONValueDecoder: Sendable {
    /// How `Date` values are read.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .iso8601
    /// ```
    public enum DateDecodingStrategy: Sendable {
        /// `Date`'s own `Decodable` form: seconds since 2001-01-01 as a number. The default.
        case deferredToDate
        /// A number of seconds since 1970-01-01.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// An ISO 8601 (RFC 3339) string such as `2014-08-31T00:29:15Z`.
        case iso8601
        /// A string read by the given formatter.
        case formatted(DateFormatter)
        /// Whatever the closure reads from the decoder it is given.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
    }

    /// How `Data` values are read.
    ///
    /// ```swift
    /// decoder.dataDecodingStrategy = .base64
    /// ```
    public enum DataDecodingStrategy: Sendable {
        /// `Data`'s own `Decodable` form: an array of bytes.
        case deferredToData
        /// A Base64 string. The default.
        case base64
        /// Whatever the closure reads from the decoder it is given.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
    }

    /// Whether strings may stand for infinities and NaN where a floating-point number is expected.
    ///
    /// ```swift
    /// decoder.nonConformingFloatDecodingStrategy =
    ///     .convertFromString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    /// ```
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// Only JSON numbers are floating-point values. The default.
        case `throw`
        /// These exact strings are read as `+infinity`, `-infinity` and `nan`.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How the JSON keys of objects are matched to a type's coding keys.
    ///
    /// Dictionaries keyed by `String` always keep their JSON keys unchanged.
    ///
    /// ```swift
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase // "user_name" matches `userName`
    /// ```
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used as they are. The default.
        case useDefaultKeys
        /// `snake_case` keys become `camelCase` before matching (`_a_b_` → `_aB_`).
        case convertFromSnakeCase
        /// The closure maps the coding path ending in a JSON key to the key to match.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How dates are read.
    ///
    /// Defaults to ``DateDecodingStrategy/deferredToDate``.
    ///
    /// ```swift
    /// decoder.dateDecodingStrategy = .secondsSince1970
    /// ```
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate

    /// How binary data is read.
    ///
    /// Defaults to ``DataDecodingStrategy/base64``.
    ///
    /// ```swift
    /// decoder.dataDecodingStrategy = .deferredToData
    /// ```
    public var dataDecodingStrategy: DataDecodingStrategy = .base64

    /// How infinities and NaN are read.
    ///
    /// Defaults to ``NonConformingFloatDecodingStrategy/throw``.
    ///
    /// ```swift
    /// decoder.nonConformingFloatDecodingStrategy = .throw
    /// ```
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw

    /// How object keys are matched.
    ///
    /// Defaults to ``KeyDecodingStrategy/useDefaultKeys``.
    ///
    /// ```swift
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// ```
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys

    /// Context handed to every `init(from:)` as `decoder.userInfo`.
    ///
    /// ```swift
    /// decoder.userInfo[CodingUserInfoKey(rawValue: "version")!] = 2
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with the default strategies, like `JSONDecoder()`.
    ///
    /// ```swift
    /// var decoder = JSONValueDecoder()
    /// decoder.keyDecodingStrategy = .convertFromSnakeCase
    /// ```
    public init() {}

    /// Decodes a value of `type` from `value`.
    ///
    /// `codingPath` is where `value` sits in a larger document: decoding starts there, so
    /// `decoder.codingPath` and the coding paths of errors begin with it.
    ///
    /// ```swift
    /// let user = try JSONValueDecoder().decode(User.self, from: value)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - value: The JSON value to decode it from.
    ///   - codingPath: The coding path of `value` itself; empty for a document's root.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when `value` does not have the shape `type` expects, or what
    ///   `type`'s `init(from:)` throws.
    public func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, codingPath: [any CodingKey] = []
    ) throws -> T {
        let decoder = JSONValueDecoderImpl(options: self, value: value, codingPathNode: CodingPathNode(codingPath))
        return try decoder.unwrap(value, as: type, in: decoder.codingPathNode, .here)
    }
}
