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
    @usableFromInline let storage: EntityStorage

    init(storage: EntityStorage) {
        self.storage = storage
    }

    @usableFromInline var layout: EntityLayout { storage.layout }

    /// The value of a required property (or of an optional one that is present).
    ///
    /// Throws ``EntityAccessError`` when the schema has no such key path, when the value has
    /// another Swift type than `T`, or when an optional property has no value.
    ///
    /// ```swift
    /// let id: Int = try entity.value(for: "id")
    /// let born = try entity.value(for: "birthDate", as: Date.self)
    /// ```
    @inlinable @inline(__always)
    public func value<T>(for keyPath: String, as type: T.Type = T.self) throws -> T {
        // Inlined, so that the cast is made to the caller's concrete type, on the stored value
        // in place: copying the value out first went through its outlined copy and destroy.
        let index = try index(of: keyPath)
        if let typed = storage.value(at: index, as: T.self) { return typed }
        let stored = try requiredValue(at: index, keyPath: keyPath)
        throw mismatch(stored, keyPath: keyPath, expected: T.self)
    }

    /// The value of an optional property, or nil when it is missing or `null`.
    ///
    /// ```swift
    /// let nickname: String? = try entity.optionalValue(for: "nickname")
    /// ```
    @inlinable @inline(__always)
    public func optionalValue<T>(for keyPath: String, as type: T.Type = T.self) throws -> T? {
        let index = try index(of: keyPath)
        if let typed = storage.value(at: index, as: T.self) { return typed }
        let stored = storage[index]
        if stored.isMissing { return nil }
        throw mismatch(stored, keyPath: keyPath, expected: T.self)
    }

    /// The models of a required array property with a mapped type (or a decoder's outputs).
    ///
    /// ```swift
    /// let addresses: [Address] = try entity.models(for: "addresses")
    /// ```
    @inlinable
    public func models<T>(for keyPath: String, as type: T.Type = T.self) throws -> [T] {
        try value(for: keyPath, as: [T].self)
    }

    /// The models of an optional array property, or nil when it is missing or `null`.
    ///
    /// ```swift
    /// let friends: [Person]? = try entity.optionalModels(for: "friends")
    /// ```
    @inlinable
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
        return !storage[index].isMissing
    }

    /// The key paths of the schema, in schema order.
    ///
    /// ```swift
    /// entity.keyPaths // ["id", "name", "nickname"]
    /// ```
    public var keyPaths: [String] { layout.properties.map(\.keyPath) }

    /// The position of `keyPath` in the schema.
    ///
    /// Models read their properties one by one, mostly in schema order: the position after the
    /// previous lookup is tried first (equal small strings compare in one step), then small
    /// schemas are searched in order, which is cheaper than hashing the key path.
    @usableFromInline
    func index(of keyPath: String) throws -> Int {
        let keyPaths = layout.keyPaths
        let next = storage.nextLookup
        if next < keyPaths.count, keyPaths[next] == keyPath {
            storage.nextLookup = next &+ 1
            return next
        }
        if keyPaths.count <= EntityLayout.searchLimit {
            // Lengths first: a mismatch of equal-length keys is the only full comparison.
            let length = keyPath.utf8.count
            for position in keyPaths.indices
            where keyPaths[position].utf8.count == length && keyPaths[position] == keyPath {
                storage.nextLookup = position &+ 1
                return position
            }
        } else if let index = layout.indices[keyPath] {
            storage.nextLookup = index &+ 1
            return index
        }
        throw EntityAccessError(message: "no property '\(keyPath)' in the schema of \(layout.typeName)")
    }

    /// The value at `index` (the position of `keyPath`) of a property that must have one.
    @usableFromInline
    func requiredValue(at index: Int, keyPath: String) throws -> MappedValue {
        let stored = storage[index]
        if stored.isMissing {
            throw EntityAccessError(
                message: "optional property '\(keyPath)' has no value: read it with optionalValue(for:)")
        }
        return stored
    }

    @usableFromInline
    func mismatch(_ stored: MappedValue, keyPath: String, expected: Any.Type) -> EntityAccessError {
        EntityAccessError(message: "property '\(keyPath)' holds \(type(of: stored.boxed)), not \(expected)")
    }
}

/// What every entity of one schema shares: the key path index.
@usableFromInline
final class EntityLayout: @unchecked Sendable {
    let properties: [Property]
    /// The key paths in schema order.
    let keyPaths: [String]
    let indices: [String: Int]
    let typeName: String

    /// Schemas up to this many properties are searched in order.
    static var searchLimit: Int { 24 }

    init(properties: [Property], typeName: String) {
        self.properties = properties
        keyPaths = properties.map(\.keyPath)
        var indices: [String: Int] = [:]
        for (index, property) in properties.enumerated() { indices[property.keyPath] = index }
        self.indices = indices
        self.typeName = typeName
    }
}
