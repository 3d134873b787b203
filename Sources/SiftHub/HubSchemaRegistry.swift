/// Named schemas: features register the schema of their JSON under an identifier, and look it
/// up (as a copy they may change) by that identifier.
///
/// ```swift
/// var registry = HubSchemaRegistry()
/// var schema = registry.makeSchema()            // set up as the default schema
/// schema.component.title = JSONPath.root.goTo("name")
/// try registry.register(schema, identifier: "search")
/// var extended = registry.copySchema(identifier: "search")!
/// extended.component.subtitle = JSONPath.root.goTo("artist")
/// try registry.register(extended, identifier: "search-v2")
/// registry.copySchema(identifier: "unknown")    // nil
/// ```
public struct HubSchemaRegistry: Sendable {
    private var schemas: [String: HubSchema] = [:]

    /// Creates an empty registry.
    ///
    /// ```swift
    /// var registry = HubSchemaRegistry()
    /// ```
    public init() {}

    /// A new schema, set up as the default schema, to change and register.
    ///
    /// ```swift
    /// var schema = registry.makeSchema()
    /// ```
    public func makeSchema() -> HubSchema {
        HubSchema()
    }

    /// Registers `schema` under `identifier`.
    ///
    /// Throws ``HubSchemaError`` of kind ``HubSchemaError/Kind/duplicateIdentifier`` when a
    /// schema is already registered under `identifier` (the registry is then unchanged).
    ///
    /// ```swift
    /// try registry.register(schema, identifier: "search")
    /// ```
    public mutating func register(_ schema: HubSchema, identifier: String) throws(HubSchemaError) {
        guard schemas[identifier] == nil else {
            throw HubSchemaError(
                .duplicateIdentifier, subject: identifier,
                message: "a schema is already registered under this identifier")
        }
        schemas[identifier] = schema
    }

    /// A copy of the schema registered under `identifier`, to use or to change and register
    /// under another identifier; nil when none is.
    ///
    /// ```swift
    /// if var schema = registry.copySchema(identifier: "search") { schema.component.icon = nil }
    /// ```
    public func copySchema(identifier: String) -> HubSchema? {
        schemas[identifier]
    }

    /// The identifiers of the registered schemas, sorted.
    ///
    /// ```swift
    /// registry.identifiers // ["search", "search-v2"]
    /// ```
    public var identifiers: [String] {
        schemas.keys.sorted()
    }
}
