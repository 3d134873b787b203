/// The validated values of one mapped object, by key path, ready to initialise a model with
/// `let` properties.
///
/// The Swift type of each value follows its property (see ``PropertyType``): a decoder's output
/// when it has one, the mapped model (or `[Model]` for an array) when it has a mapped type. The
/// accessors are the Swift forms of Elevate's operators: ``value(for:as:)`` (`<-!`),
/// ``optionalValue(for:as:)`` (`<-?`), ``models(for:as:)`` (`<--!`) and
/// ``optionalModels(for:as:)`` (`<--?`).
///
/// ```swift
/// init(entity: MappedEntity) throws {
///     id = try entity.value(for: "id")
///     nickname = try entity.optionalValue(for: "nickname")
///     addresses = try entity.models(for: "addresses")
///     friends = try entity.optionalModels(for: "friends")
/// }
/// ```
public struct MappedEntity {
    let layout: EntityLayout
    var values: [Any?]

    init(layout: EntityLayout, values: [Any?]) {
        self.layout = layout
        self.values = values
    }

    /// The value of a required property (or of an optional one that is present).
    ///
    /// Throws ``EntityAccessError`` when the schema has no such key path, when the value has
    /// another Swift type than `T`, or when an optional property has no value.
    ///
    /// ```swift
    /// let id: Int = try entity.value(for: "id")
    /// let born = try entity.value(for: "birthDate", as: Date.self)
    /// ```
    public func value<T>(for keyPath: String, as type: T.Type = T.self) throws -> T {
        let index = try self.index(of: keyPath)
        guard let stored = values[index] else {
            throw EntityAccessError(message: "optional property '\(keyPath)' has no value: read it with optionalValue(for:)")
        }
        return try cast(stored, keyPath: keyPath)
    }

    /// The value of an optional property, or nil when it is missing or `null`.
    ///
    /// ```swift
    /// let nickname: String? = try entity.optionalValue(for: "nickname")
    /// ```
    public func optionalValue<T>(for keyPath: String, as type: T.Type = T.self) throws -> T? {
        let index = try self.index(of: keyPath)
        guard let stored = values[index] else { return nil }
        return try cast(stored, keyPath: keyPath) as T
    }

    /// The models of a required array property with a mapped type (or a decoder's outputs).
    ///
    /// ```swift
    /// let addresses: [Address] = try entity.models(for: "addresses")
    /// ```
    public func models<T>(for keyPath: String, as type: T.Type = T.self) throws -> [T] {
        try value(for: keyPath, as: [T].self)
    }

    /// The models of an optional array property, or nil when it is missing or `null`.
    ///
    /// ```swift
    /// let friends: [Person]? = try entity.optionalModels(for: "friends")
    /// ```
    public func optionalModels<T>(for keyPath: String, as type: T.Type = T.self) throws -> [T]? {
        try optionalValue(for: keyPath, as: [T].self)
    }

    /// Whether the property has a value (false for a missing or `null` optional property).
    ///
    /// ```swift
    /// if entity.hasValue(for: "nickname") { /* ... */ }
    /// ```
    public func hasValue(for keyPath: String) -> Bool {
        guard let index = layout.indices[keyPath] else { return false }
        return values[index] != nil
    }

    /// The key paths of the schema, in schema order.
    ///
    /// ```swift
    /// entity.keyPaths // ["id", "name", "nickname"]
    /// ```
    public var keyPaths: [String] { layout.properties.map(\.keyPath) }

    private func index(of keyPath: String) throws -> Int {
        guard let index = layout.indices[keyPath] else {
            throw EntityAccessError(message: "no property '\(keyPath)' in the schema of \(layout.typeName)")
        }
        return index
    }

    private func cast<T>(_ stored: Any, keyPath: String) throws -> T {
        if let typed = stored as? T { return typed }
        throw EntityAccessError(
            message: "property '\(keyPath)' holds \(type(of: stored)), not \(T.self)")
    }
}

/// What every entity of one schema shares: the key path index.
final class EntityLayout: @unchecked Sendable {
    let properties: [Property]
    let indices: [String: Int]
    let typeName: String

    init(properties: [Property], typeName: String) {
        self.properties = properties
        var indices: [String: Int] = [:]
        for (index, property) in properties.enumerated() { indices[property.keyPath] = index }
        self.indices = indices
        self.typeName = typeName
    }
}
