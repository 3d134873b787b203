import Sift

/// One property of a ``MappingSchema``: where it is (a key path), what JSON type it must have,
/// whether it may be missing, and how its value is decoded or mapped.
///
/// A key path walks nested objects: `"a.b.c"` is the member `c` of the member `b` of the member
/// `a`. A literal key containing dots wins over that nested reading: with `{"a.b": 1}` the key
/// path `"a.b"` reads `1`. The empty key path `""` is the object itself. The grammar is Sift's
/// `JSONKeyPath` (no escapes; a name of digits is a member name, not an array index).
///
/// ```swift
/// let schema = MappingSchema {
///     Property("id", .int)
///     Property("nickname", .string, optional: true)
///     Property("birthDate", .string, decoder: DateDecoder(format: "yyyy-MM-dd"))
///     Property("address.city", .string)
///     Property("home", .dictionary, mappedType: Address.self)
///     Property("addresses", .array, mappedType: Address.self)
/// }
/// ```
public struct Property: Sendable {
    /// The key path of the value, relative to the mapped object (`""` for the object itself).
    ///
    /// ```swift
    /// Property("address.city", .string).keyPath // "address.city"
    /// ```
    public let keyPath: String

    /// The JSON type the value must have.
    ///
    /// ```swift
    /// Property("id", .int).type // .int
    /// ```
    public let type: PropertyType

    /// Whether the value may be missing or `null` (it must still have the right type when
    /// present).
    ///
    /// ```swift
    /// Property("nickname", .string, optional: true).isOptional // true
    /// ```
    public let isOptional: Bool

    let decoder: AnyValueDecoder?
    let model: AnyModelKind?
    /// The key path as it is read: ``keyPath`` as a dotted key path, or the key path a
    /// ``Mapper`` entry point was given (see ``at(_:)``).
    let readKeyPath: JSONKeyPath

    /// A property whose value is the JSON value itself, typed (see ``PropertyType``).
    ///
    /// ```swift
    /// Property("name", .string)
    /// Property("score", .double, optional: true)
    /// ```
    public init(_ keyPath: String, _ type: PropertyType, optional: Bool = false) {
        self.keyPath = keyPath
        self.readKeyPath = JSONKeyPath(keyPath)
        self.type = type
        self.isOptional = optional
        self.decoder = nil
        self.model = nil
    }

    /// A property whose value goes through `decoder` after its type was checked; for an
    /// ``PropertyType/array`` the decoder runs on each element and the value is the array of
    /// outputs.
    ///
    /// ```swift
    /// Property("birthDate", .string, decoder: DateDecoder(format: "yyyy-MM-dd"))
    /// Property("counts", .array, decoder: StringToIntDecoder()) // ["1", "2"] → [1, 2]
    /// ```
    public init(_ keyPath: String, _ type: PropertyType, optional: Bool = false, decoder: some ValueDecoder) {
        self.keyPath = keyPath
        self.readKeyPath = JSONKeyPath(keyPath)
        self.type = type
        self.isOptional = optional
        self.decoder = ValueDecoderBox(decoder)
        self.model = nil
    }

    /// A property whose object (``PropertyType/dictionary``) or each of whose array elements
    /// (``PropertyType/array``) is mapped as `mappedType`, nested in the same pass over the
    /// input.
    ///
    /// Its failures join the enclosing object's, with their full paths.
    ///
    /// `type` must be ``PropertyType/dictionary`` or ``PropertyType/array``.
    ///
    /// ```swift
    /// Property("home", .dictionary, mappedType: Address.self)      // value: Address
    /// Property("addresses", .array, mappedType: Address.self)      // value: [Address]
    /// ```
    public init<Model: Mappable>(
        _ keyPath: String, _ type: PropertyType, optional: Bool = false, mappedType: Model.Type
    ) {
        precondition(
            type == .dictionary || type == .array,
            "a mapped type needs a .dictionary or .array property, not .\(type) ('\(keyPath)')")
        self.keyPath = keyPath
        self.readKeyPath = JSONKeyPath(keyPath)
        self.type = type
        self.isOptional = optional
        self.decoder = nil
        self.model = ModelKind<Model>()
    }

    /// The name of the mapped type, when there is one.
    ///
    /// ```swift
    /// Property("home", .dictionary, mappedType: Address.self).mappedTypeName // "Address"
    /// ```
    public var mappedTypeName: String? { model?.typeName }

    /// Whether the property has a value decoder.
    ///
    /// ```swift
    /// Property("day", .string, decoder: DateDecoder(format: "yyyy-MM-dd")).hasDecoder // true
    /// ```
    public var hasDecoder: Bool { decoder != nil }
}
