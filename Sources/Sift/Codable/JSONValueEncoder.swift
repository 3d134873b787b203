import Foundation

/// Encodes `Encodable` values into a ``JSONValue``, the way Foundation's `JSONEncoder` encodes
/// them into JSON text: same strategies, same values.
///
/// Object members come in the order the type encodes its keys (``JSONObject`` keeps order), or
/// sorted by key with ``OutputFormatting/sortedKeys``. A `Double` becomes
/// `JSONNumber(Double)`, the shortest text that reads back exactly; a `Float` its own shortest
/// text (`0.1`, not `0.10000000149011612`).
///
/// ```swift
/// struct Repo: Encodable { var name: String; var stars: Int }
///
/// let value = try JSONValueEncoder().encode(Repo(name: "sift", stars: 42))
/// // .object(["name": "sift", "stars": 42]), members in that order
/// ```
public struct JSONValueEncoder: Sendable {
    /// Options for the shape of the result.
    ///
    /// ```swift
    /// encoder.outputFormatting = .sortedKeys
    /// ```
    public struct OutputFormatting: OptionSet, Sendable {
        /// The options as bits.
        ///
        /// ```swift
        /// JSONValueEncoder.OutputFormatting.sortedKeys.rawValue // 2
        /// ```
        public let rawValue: UInt

        /// Creates options from bits.
        ///
        /// ```swift
        /// JSONValueEncoder.OutputFormatting(rawValue: 2) // .sortedKeys
        /// ```
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Members of every object sorted by key (by UTF-8 bytes, as `JSONEncoder` sorts them).
        ///
        /// ```swift
        /// var encoder = JSONValueEncoder()
        /// encoder.outputFormatting = .sortedKeys
        /// ```
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    }

    /// How `Date` values are written.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .iso8601
    /// ```
    public enum DateEncodingStrategy: Sendable {
        /// `Date`'s own `Encodable` form: seconds since 2001-01-01 as a number. The default.
        case deferredToDate
        /// A number of seconds since 1970-01-01.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01.
        case millisecondsSince1970
        /// An ISO 8601 (RFC 3339) string such as `2014-08-31T00:29:15Z`.
        case iso8601
        /// A string made by the given formatter.
        case formatted(DateFormatter)
        /// Whatever the closure writes to the encoder it is given (an empty object if nothing).
        case custom(@Sendable (Date, any Encoder) throws -> Void)
    }

    /// How `Data` values are written.
    ///
    /// ```swift
    /// encoder.dataEncodingStrategy = .base64
    /// ```
    public enum DataEncodingStrategy: Sendable {
        /// `Data`'s own `Encodable` form: an array of bytes.
        case deferredToData
        /// A Base64 string. The default.
        case base64
        /// Whatever the closure writes to the encoder it is given (an empty object if nothing).
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// What to do with infinities and NaN, which JSON numbers cannot express.
    ///
    /// ```swift
    /// encoder.nonConformingFloatEncodingStrategy =
    ///     .convertToString(positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
    /// ```
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// Throw `EncodingError.invalidValue`. The default.
        case `throw`
        /// Write these strings instead.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How a type's coding keys become object keys.
    ///
    /// Dictionaries keyed by `String` always keep their keys unchanged.
    ///
    /// ```swift
    /// encoder.keyEncodingStrategy = .convertToSnakeCase // `userName` is written "user_name"
    /// ```
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are written as they are. The default.
        case useDefaultKeys
        /// `camelCase` keys are written `snake_case` (`myURLProperty` → `my_url_property`).
        case convertToSnakeCase
        /// The closure maps the coding path ending in a key to the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// The shape of the result.
    ///
    /// Defaults to none.
    ///
    /// ```swift
    /// encoder.outputFormatting = .sortedKeys
    /// ```
    public var outputFormatting: OutputFormatting = []

    /// How dates are written.
    ///
    /// Defaults to ``DateEncodingStrategy/deferredToDate``.
    ///
    /// ```swift
    /// encoder.dateEncodingStrategy = .millisecondsSince1970
    /// ```
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate

    /// How binary data is written.
    ///
    /// Defaults to ``DataEncodingStrategy/base64``.
    ///
    /// ```swift
    /// encoder.dataEncodingStrategy = .deferredToData
    /// ```
    public var dataEncodingStrategy: DataEncodingStrategy = .base64

    /// What to do with infinities and NaN.
    ///
    /// Defaults to ``NonConformingFloatEncodingStrategy/throw``.
    ///
    /// ```swift
    /// encoder.nonConformingFloatEncodingStrategy = .throw
    /// ```
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw

    /// How coding keys become object keys.
    ///
    /// Defaults to ``KeyEncodingStrategy/useDefaultKeys``.
    ///
    /// ```swift
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// ```
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys

    /// Context handed to every `encode(to:)` as `encoder.userInfo`.
    ///
    /// ```swift
    /// encoder.userInfo[CodingUserInfoKey(rawValue: "version")!] = 2
    /// ```
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with the default strategies, like `JSONEncoder()`.
    ///
    /// ```swift
    /// var encoder = JSONValueEncoder()
    /// encoder.outputFormatting = .sortedKeys
    /// ```
    public init() {}

    /// Encodes `value` as a JSON value.
    ///
    /// ```swift
    /// let json = try JSONValueEncoder().encode(["a": 1])
    /// ```
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: Its JSON form.
    /// - Throws: `EncodingError.invalidValue` for an infinity or NaN under the `throw` strategy
    ///   or a top-level value that encodes nothing; what `value`'s `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let encoder = JSONValueEncoderImpl(options: self, codingPathNode: .root)
        guard let result = try encoder.wrapTopLevel(value) else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        return result
    }
}
