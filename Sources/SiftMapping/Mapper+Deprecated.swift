public import Sift

// The spellings `Mapper` had before its arguments took one order everywhere (`of:`, `from:`,
// `atKeyPath:`), kept so that existing code builds, with a fix-it to the new name.

extension Mapper {
    /// Maps the object at `keyPath` as `Model`: use ``decodeObject(of:from:atKeyPath:options:)-(_,JSONInput,_,_)``.
    ///
    /// ```swift
    /// let avatar = try Mapper.decodeObject(of: Avatar.self, from: .data(data), atKeyPath: "response.avatar")
    /// ```
    @available(*, deprecated, renamed: "decodeObject(of:from:atKeyPath:options:)")
    public static func decodeObject<Model: Mappable>(
        _ type: Model.Type, from input: JSONInput, atKeyPath keyPath: String = "",
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> Model {
        try decodeObject(of: type, from: input, atKeyPath: keyPath, options: options)
    }

    /// Maps an in-memory JSON value as `Model`: use ``decodeObject(of:fromValue:atKeyPath:)``.
    ///
    /// ```swift
    /// let person = try Mapper.decodeObject(of: Person.self, fromValue: person.jsonValue)
    /// ```
    @available(*, deprecated, renamed: "decodeObject(of:fromValue:atKeyPath:)")
    public static func decodeObject<Model: Mappable>(
        _ type: Model.Type, fromValue value: JSONValue, atKeyPath keyPath: String = ""
    ) throws -> Model {
        try decodeObject(of: type, fromValue: value, atKeyPath: keyPath)
    }

    /// Hands each element of the array at `keyPath` to `body`: use
    /// ``forEachElement(of:from:atKeyPath:options:_:)-(_,JSONInput,_,_,_)``.
    ///
    /// ```swift
    /// try Mapper.forEachElement(of: Person.self, from: .file("people.json"), atKeyPath: "people") { print($0) }
    /// ```
    @available(*, deprecated, renamed: "forEachElement(of:from:atKeyPath:options:_:)")
    public static func forEachElement<Model: Mappable>(
        of type: Model.Type = Model.self, in input: JSONInput, atKeyPath keyPath: String = "",
        options: JSONParserOptions = JSONParserOptions(), _ body: (Model) throws -> Void
    ) throws {
        try forEachElement(of: type, from: input, atKeyPath: keyPath, options: options, body)
    }

    /// Hands each decoded element of the array at `keyPath` to `body`: use
    /// ``forEachElement(from:atKeyPath:with:options:_:)-(JSONInput,_,_,_,_)``.
    ///
    /// ```swift
    /// try Mapper.forEachElement(from: input, atKeyPath: "events", with: EventDecoder()) { print($0) }
    /// ```
    @available(*, deprecated, renamed: "forEachElement(from:atKeyPath:with:options:_:)")
    public static func forEachElement<Decoder: ValueDecoder>(
        in input: JSONInput, atKeyPath keyPath: String = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions(), _ body: (Decoder.Output) throws -> Void
    ) throws {
        try forEachElement(from: input, atKeyPath: keyPath, with: decoder, options: options, body)
    }

    /// The elements of the array at `keyPath` of a stream of chunks: use
    /// ``elements(of:from:atKeyPath:options:)-(_,Chunks,_,_)``.
    ///
    /// ```swift
    /// for try await person in Mapper.elements(of: Person.self, from: body, atKeyPath: "people") { print(person) }
    /// ```
    @available(*, deprecated, renamed: "elements(of:from:atKeyPath:options:)")
    public static func elements<Model: Mappable, Chunks: AsyncSequence>(
        of type: Model.Type = Model.self, atKeyPath keyPath: String = "", in chunks: Chunks,
        options: JSONParserOptions = JSONParserOptions()
    ) -> MappedElements<Model, Chunks> where Chunks.Element: Sequence<UInt8> {
        elements(of: type, from: chunks, atKeyPath: keyPath, options: options)
    }
}
