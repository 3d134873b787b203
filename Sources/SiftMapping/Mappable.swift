/// A model that is mapped from JSON with a ``MappingSchema``: the schema says what to read and
/// validate, and the initializer builds the model from the validated ``MappedEntity``.
///
/// The initializer only runs when every property of the object (and of everything nested in it)
/// is valid, so it can read required values without checking them again. Mapping streams: the
/// schema is compiled into the engine's automaton, nested models are built while their tokens
/// arrive, and nothing else of the document is kept.
///
/// ```swift
/// struct Person: Mappable {
///     let id: Int
///     let name: String
///     let nickname: String?
///     let addresses: [Address]
///
///     static let schema = MappingSchema {
///         Property("id", .int)
///         Property("name", .string)
///         Property("nickname", .string, optional: true)
///         Property("addresses", .array, mappedType: Address.self)
///     }
///
///     init(entity: MappedEntity) throws {
///         id = try entity.value(for: "id")
///         name = try entity.value(for: "name")
///         nickname = try entity.optionalValue(for: "nickname")
///         addresses = try entity.models(for: "addresses")
///     }
/// }
///
/// let person = try Mapper.decodeObject(of: Person.self, from: .file("person.json"), atKeyPath: "response.person")
/// ```
public protocol Mappable {
    /// The properties to read and validate.
    ///
    /// ```swift
    /// static let schema = MappingSchema { Property("id", .int) }
    /// ```
    static var schema: MappingSchema { get }

    /// Creates the model from a valid entity.
    ///
    /// Throw ``ValueDecodingError`` to reject the object (the failure joins the aggregated
    /// ``MappingError``); other errors stop the mapping and reach the caller unchanged.
    ///
    /// ```swift
    /// init(entity: MappedEntity) throws { id = try entity.value(for: "id") }
    /// ```
    init(entity: MappedEntity) throws
}
