public import Sift

extension Mapper {
    /// Maps an in-memory JSON value as `Model` (it is written out and mapped in one pass;
    /// failures have paths but no source locations).
    ///
    /// ```swift
    /// let person = try Mapper.decodeObject(of: Person.self, fromValue: person.jsonValue)
    /// ```
    public static func decodeObject<Model: Mappable>(
        of type: Model.Type = Model.self, fromValue value: JSONValue, atKeyPath keyPath: JSONKeyPath = ""
    ) throws -> Model {
        try unlocated { try decodeObject(of: type, from: .bytes(try value.jsonBytes()), atKeyPath: keyPath) }
    }

    /// Maps each element of an in-memory JSON array as `Model`.
    ///
    /// ```swift
    /// let people = try Mapper.decodeArray(of: Person.self, fromValue: people.jsonValue)
    /// ```
    public static func decodeArray<Model: Mappable>(
        of type: Model.Type = Model.self, fromValue value: JSONValue, atKeyPath keyPath: JSONKeyPath = ""
    ) throws -> [Model] {
        try unlocated { try decodeArray(of: type, from: .bytes(try value.jsonBytes()), atKeyPath: keyPath) }
    }

    /// Validates an in-memory JSON object against a schema (inside a ``ValueDecoder``, for
    /// example); the failures' paths are relative to `value`.
    ///
    /// ```swift
    /// struct AvatarDecoder: ValueDecoder {
    ///     func decode(_ value: JSONValue) throws -> Avatar {
    ///         let entity = try Mapper.entity(fromValue: value, schema: MappingSchema { Property("url", .url) })
    ///         return Avatar(url: try entity.value(for: "url"))
    ///     }
    /// }
    /// ```
    public static func entity(fromValue value: JSONValue, atKeyPath keyPath: JSONKeyPath = "", schema: MappingSchema)
        throws
        -> MappedEntity
    {
        try unlocated { try entity(from: .bytes(try value.jsonBytes()), atKeyPath: keyPath, schema: schema) }
    }

    /// Locations point into the text written out here, not into anything the caller has.
    private static func unlocated<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw MappingError(
                error.failures.map { failure in
                    var copy = failure
                    copy.location = nil
                    return copy
                })
        }
    }
}
