public import Sift

/// Turns a JSON value into a Swift value: a date from a string, a model from an object, a number
/// from a string.
///
/// A decoder on a scalar or object property receives the property's value after its type was
/// checked; on an ``PropertyType/array`` property it receives each element, and the property's
/// value is the array of outputs. ``Mapper`` also takes a decoder in place of a model type.
///
/// To reject a value, throw ``ValueDecodingError`` with a message: the failure joins the
/// aggregated ``MappingError`` with the value's path and location, and mapping goes on. A
/// ``MappingError`` thrown from inside (for example by a nested ``Mapper`` call) joins it too,
/// its paths placed under the value's path. Any other error stops the mapping and reaches the
/// caller unchanged.
///
/// ```swift
/// struct StringToBoolDecoder: ValueDecoder {
///     func decode(_ value: JSONValue) throws -> Bool {
///         switch value {
///         case "yes": return true
///         case "no": return false
///         default: throw ValueDecodingError("expected \"yes\" or \"no\", found \(value)")
///         }
///     }
/// }
/// let schema = MappingSchema {
///     Property("subscribed", .string, decoder: StringToBoolDecoder())
/// }
/// ```
public protocol ValueDecoder<Output>: Sendable {
    /// The type of the decoded values.
    associatedtype Output

    /// Decodes one value, or throws ``ValueDecodingError`` to reject it.
    ///
    /// ```swift
    /// let date = try DateDecoder(format: "yyyy-MM-dd").decode("2024-02-29")
    /// ```
    func decode(_ value: JSONValue) throws -> Output
}

/// The error a ``ValueDecoder`` (or a ``Mappable`` initializer, or a ``KeyMapping``
/// validation) throws to reject a value: it becomes a failure of the aggregated
/// ``MappingError``, with this message.
///
/// ```swift
/// guard age >= 0 else { throw ValueDecodingError("age must not be negative, found \(age)") }
/// ```
public struct ValueDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the value, written for a person.
    ///
    /// ```swift
    /// ValueDecodingError("not a date").message // "not a date"
    /// ```
    public var message: String

    /// Creates the error with its message.
    ///
    /// ```swift
    /// throw ValueDecodingError("\"13:61\" is not a time of day")
    /// ```
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    ///
    /// ```swift
    /// print(ValueDecodingError("bad")) // bad
    /// ```
    public var description: String { message }
}

/// A type-erased ``ValueDecoder``, which also makes the typed collections of its outputs.
class AnyValueDecoder: @unchecked Sendable {
    /// A readable name of the decoder, for messages.
    var name: String { "" }

    /// Decodes one value, boxed.
    func decodeBoxed(_ value: JSONValue) throws -> MappedBox { fatalError("abstract") }

    /// A collector for an array of outputs, typed `[Output]`.
    func makeCollector() -> ElementSink { fatalError("abstract") }
}

/// The box of one concrete decoder type.
final class ValueDecoderBox<Decoder: ValueDecoder>: AnyValueDecoder, @unchecked Sendable {
    let decoder: Decoder

    init(_ decoder: Decoder) {
        self.decoder = decoder
    }

    override var name: String { String(describing: Decoder.self) }

    /// The box of an output (see ``TypedMappedBox``).
    let boxType = TypedMappedBox<Decoder.Output>.self

    override func decodeBoxed(_ value: JSONValue) throws -> MappedBox {
        boxType.init(try decoder.decode(value))
    }

    override func makeCollector() -> ElementSink {
        DecodedCollector(decoder: decoder)
    }
}
