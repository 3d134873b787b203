public import Sift

// The `async` forms of `Mapper`: the same arguments, in the same order, with an asynchronous
// sequence of byte chunks (a download, a pipe, an `AsyncStream`) as the input, read as it comes.
// Each chunk is parsed when it arrives, so memory stays bounded by a chunk and what is mapped;
// failures carry their source locations.

extension Mapper {
    /// Maps the object at `keyPath` of a stream of byte chunks as `Model`.
    ///
    /// ```swift
    /// let avatar = try await Mapper.decodeObject(of: Avatar.self, from: response.body, atKeyPath: "response.avatar")
    /// ```
    public static func decodeObject<Model: Mappable, Chunks: AsyncSequence>(
        of type: Model.Type = Model.self, from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> Model where Chunks.Element: Sequence<UInt8> {
        let target = Property("", .dictionary, mappedType: Model.self).at(keyPath)
        return try cast(try await map(target, chunks: chunks, options: options, isolation: isolation))
    }

    /// Decodes the object at `keyPath` of a stream of byte chunks with a decoder.
    ///
    /// ```swift
    /// let avatar = try await Mapper.decodeObject(from: chunks, atKeyPath: "avatar", with: AvatarDecoder())
    /// ```
    public static func decodeObject<Decoder: ValueDecoder, Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> Decoder.Output where Chunks.Element: Sequence<UInt8> {
        let target = Property("", .dictionary, decoder: decoder).at(keyPath)
        return try cast(try await map(target, chunks: chunks, options: options, isolation: isolation))
    }

    /// Maps each element of the array at `keyPath` of a stream of byte chunks as `Model`.
    ///
    /// ```swift
    /// let people = try await Mapper.decodeArray(of: Person.self, from: response.body, atKeyPath: "people")
    /// ```
    public static func decodeArray<Model: Mappable, Chunks: AsyncSequence>(
        of type: Model.Type = Model.self, from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> [Model] where Chunks.Element: Sequence<UInt8> {
        let target = Property("", .array, mappedType: Model.self).at(keyPath)
        return try cast(try await map(target, chunks: chunks, options: options, isolation: isolation))
    }

    /// Decodes each element of the array at `keyPath` of a stream of byte chunks with a decoder.
    ///
    /// ```swift
    /// let days = try await Mapper.decodeArray(from: chunks, atKeyPath: "days", with: DateDecoder(format: "yyyy-MM-dd"))
    /// ```
    public static func decodeArray<Decoder: ValueDecoder, Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> [Decoder.Output] where Chunks.Element: Sequence<UInt8> {
        let target = Property("", .array, decoder: decoder).at(keyPath)
        return try cast(try await map(target, chunks: chunks, options: options, isolation: isolation))
    }

    /// Validates the object at `keyPath` of a stream of byte chunks against a schema.
    ///
    /// ```swift
    /// let entity = try await Mapper.entity(from: chunks, schema: MappingSchema { Property("id", .int) })
    /// ```
    public static func entity<Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", schema: MappingSchema,
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation
    ) async throws -> MappedEntity where Chunks.Element: Sequence<UInt8> {
        let target = Property("", .dictionary, model: EntityKind(schema: schema)).at(keyPath)
        return try cast(try await map(target, chunks: chunks, options: options, isolation: isolation))
    }

    /// Maps each element of the array at `keyPath` of a stream of byte chunks as `Model` and
    /// hands it to `body` as soon as it is complete; invalid elements are thrown together at the
    /// end, as with ``forEachElement(of:from:atKeyPath:options:_:)-(_,JSONInput,_,_,_)``.
    ///
    /// ```swift
    /// try await Mapper.forEachElement(of: Person.self, from: response.body, atKeyPath: "people") { person in
    ///     index.add(person)
    /// }
    /// ```
    public static func forEachElement<Model: Mappable, Chunks: AsyncSequence>(
        of type: Model.Type = Model.self, from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping (Model) throws -> Void
    ) async throws where Chunks.Element: Sequence<UInt8> {
        _ = try await map(
            Property("", .array, mappedType: Model.self).at(keyPath), chunks: chunks, options: options,
            rootSink: ModelStream<Model>(body: body), isolation: isolation)
    }

    /// Decodes each element of the array at `keyPath` of a stream of byte chunks with a decoder
    /// and hands it to `body` as soon as it is complete.
    ///
    /// ```swift
    /// try await Mapper.forEachElement(from: chunks, atKeyPath: "events", with: EventDecoder()) { print($0) }
    /// ```
    public static func forEachElement<Decoder: ValueDecoder, Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions(), isolation: isolated (any Actor)? = #isolation,
        _ body: @escaping (Decoder.Output) throws -> Void
    ) async throws where Chunks.Element: Sequence<UInt8> {
        _ = try await map(
            Property("", .array, decoder: decoder).at(keyPath), chunks: chunks, options: options,
            rootSink: DecodedStream(decoder: decoder, body: body), isolation: isolation)
    }

    /// The elements of the array at `keyPath` of an input, mapped as `Model`, as an asynchronous
    /// sequence: the input is read (a file on a thread of its own) only as fast as elements are
    /// taken, as with ``elements(of:from:atKeyPath:options:)-(_,Chunks,_,_)``.
    ///
    /// ```swift
    /// for try await person in Mapper.elements(of: Person.self, from: .file("people.json"), atKeyPath: "people") {
    ///     print(person.name)
    /// }
    /// ```
    public static func elements<Model: Mappable>(
        of type: Model.Type = Model.self, from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions()
    ) -> some AsyncSequence<Model, any Error> & Sendable {
        MappedElements<Model, _>(keyPath: keyPath, chunks: JSONInputChunks(input), options: options)
    }

    /// Feeds every chunk, in slices (``SlicedChunks``), to the mapping of `target` and returns its
    /// result; failures are always located (the chunks cannot be read a second time to locate them).
    static func map<Chunks: AsyncSequence>(
        _ target: Property, chunks: Chunks, options: JSONParserOptions, rootSink: ElementSink? = nil,
        isolation: isolated (any Actor)?
    ) async throws -> Any where Chunks.Element: Sequence<UInt8> {
        let plan = MappingPlan(target: target)
        let run = MappingRun(plan: plan, rootSink: rootSink, textIsValidUTF8: options.validatesUTF8)
        _ = try await plan.program.run(
            chunks: SlicedChunks(base: chunks), consumer: MappingConsumer(run: run), options: options,
            isolation: isolation)
        return try run.result()
    }
}
