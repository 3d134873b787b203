/// The properties of one mapped object: key paths, types, optionality, decoders and nested
/// mapped types (after Elevate's schemas).
///
/// Build one with the result builder or add properties one by one. A property added with a key
/// path already in the schema replaces it.
///
/// ```swift
/// let schema = MappingSchema {
///     Property("id", .int)
///     Property("name", .string)
///     if includesAvatar {
///         Property("avatar", .url, optional: true)
///     }
/// }
///
/// var same = MappingSchema()
/// same.add(Property("id", .int))
/// ```
public struct MappingSchema: Sendable {
    /// The properties, in the order they were added (failures are reported in this order).
    ///
    /// ```swift
    /// schema.properties.map(\.keyPath) // ["id", "name"]
    /// ```
    public private(set) var properties: [Property] = []

    /// Creates a schema from a list of properties.
    ///
    /// ```swift
    /// let schema = MappingSchema([Property("id", .int), Property("name", .string)])
    /// ```
    public init(_ properties: [Property] = []) {
        for property in properties { add(property) }
    }

    /// Creates a schema with a result builder.
    ///
    /// ```swift
    /// let schema = MappingSchema {
    ///     Property("id", .int)
    ///     Property("tags", .array, optional: true)
    /// }
    /// ```
    public init(@MappingSchemaBuilder _ build: () -> [Property]) {
        self.init(build())
    }

    /// Adds a property, replacing the one with the same key path if there is one.
    ///
    /// ```swift
    /// schema.add(Property("email", .string, optional: true))
    /// ```
    public mutating func add(_ property: Property) {
        if let index = properties.firstIndex(where: { $0.keyPath == property.keyPath }) {
            properties[index] = property
        } else {
            properties.append(property)
        }
    }

    /// The property with a key path, if the schema has it.
    ///
    /// ```swift
    /// schema.property(for: "id")?.type // .int
    /// ```
    public func property(for keyPath: String) -> Property? {
        properties.first { $0.keyPath == keyPath }
    }
}

/// Builds the property list of a ``MappingSchema``: properties, `if`, `switch` and `for`.
///
/// ```swift
/// MappingSchema {
///     Property("id", .int)
///     for key in ["street", "city"] { Property(key, .string) }
/// }
/// ```
@resultBuilder
public enum MappingSchemaBuilder {
    /// One property.
    ///
    /// ```swift
    /// MappingSchema { Property("id", .int) }
    /// ```
    public static func buildExpression(_ property: Property) -> [Property] { [property] }

    /// Several properties at once.
    ///
    /// ```swift
    /// MappingSchema { commonProperties }
    /// ```
    public static func buildExpression(_ properties: [Property]) -> [Property] { properties }

    /// The statements of a block, in order.
    ///
    /// ```swift
    /// MappingSchema { Property("a", .int); Property("b", .int) }
    /// ```
    public static func buildBlock(_ components: [Property]...) -> [Property] { components.flatMap { $0 } }

    /// An `if` without `else`.
    ///
    /// ```swift
    /// MappingSchema { if flag { Property("a", .int) } }
    /// ```
    public static func buildOptional(_ component: [Property]?) -> [Property] { component ?? [] }

    /// The first branch of an `if`/`else` or `switch`.
    ///
    /// ```swift
    /// MappingSchema { if flag { Property("a", .int) } else { Property("a", .string) } }
    /// ```
    public static func buildEither(first component: [Property]) -> [Property] { component }

    /// The second branch of an `if`/`else` or `switch`.
    ///
    /// ```swift
    /// MappingSchema { if flag { Property("a", .int) } else { Property("a", .string) } }
    /// ```
    public static func buildEither(second component: [Property]) -> [Property] { component }

    /// A `for` loop.
    ///
    /// ```swift
    /// MappingSchema { for key in keys { Property(key, .string) } }
    /// ```
    public static func buildArray(_ components: [[Property]]) -> [Property] { components.flatMap { $0 } }
}
