import Foundation
public import Sift

/// Maps JSON input to models in one streaming pass: the value at a key path as one model, an
/// array of models, or each element of a large array as soon as it is complete.
///
/// Every function takes its arguments in one order: the model type (`of:`), the input (`from:`,
/// a `JSONInput` or, in the `async` forms, an `AsyncSequence` of byte chunks), then the key path
/// (`atKeyPath:`, a Sift `JSONKeyPath`). A string literal there is dotted (`"response.avatar"`, a
/// literal key with dots winning over the nested reading) and `""` is the root; dotted text in a
/// variable is `JSONKeyPath(text)`, and an RFC 9535 path of member names is
/// `JSONKeyPath(path)`, read as it names its members (`$['a.b'].c`: the member `c` of the member
/// `"a.b"`, nothing else). Every failure of the whole object graph is collected into one
/// ``MappingError``; invalid JSON throws the engine's `JSONParseError`; an error thrown by your
/// own code (a model initializer, a decoder, a consumer) that is not a mapping error stops the
/// parse and reaches you unchanged.
///
/// ```swift
/// let avatar = try Mapper.decodeObject(of: Avatar.self, from: .data(data), atKeyPath: "response.avatar")
/// let people = try Mapper.decodeArray(of: Person.self, from: .file("people.json"), atKeyPath: "people")
/// try Mapper.forEachElement(of: Person.self, from: .file("huge.json"), atKeyPath: "people") { person in
///     print(person.name)
/// }
/// let settings = try Mapper.decodeObject(of: Settings.self, from: .data(data), atKeyPath: JSONKeyPath(keyPathText))
/// if let keyPath = JSONKeyPath(try JSONPath("$['app.config'].settings")) {
///     let settings = try Mapper.decodeObject(of: Settings.self, from: .data(data), atKeyPath: keyPath)
/// }
/// ```
public enum Mapper {
    /// Maps the object at `keyPath` as `Model`.
    ///
    /// ```swift
    /// let avatar: Avatar = try Mapper.decodeObject(from: .data(data), atKeyPath: "response.avatar")
    /// ```
    public static func decodeObject<Model: Mappable>(
        of type: Model.Type = Model.self, from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> Model {
        let value = try map(
            Property("", .dictionary, mappedType: Model.self).at(keyPath), input: input, options: options)
        return try cast(value)
    }

    /// Decodes the object at `keyPath` with a decoder (for example one of several mappings of
    /// the same model).
    ///
    /// The object is captured alone, then decoded.
    ///
    /// ```swift
    /// let avatar = try Mapper.decodeObject(from: .data(data), atKeyPath: "alternative.avatar", with: AvatarDecoder())
    /// ```
    public static func decodeObject<Decoder: ValueDecoder>(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> Decoder.Output {
        let value = try map(Property("", .dictionary, decoder: decoder).at(keyPath), input: input, options: options)
        return try cast(value)
    }

    /// Maps each element of the array at `keyPath` as `Model`.
    ///
    /// Failing elements are reported with their index; the array is returned only when every
    /// element is valid.
    ///
    /// ```swift
    /// let people = try Mapper.decodeArray(of: Person.self, from: .file("people.json"), atKeyPath: "people")
    /// ```
    public static func decodeArray<Model: Mappable>(
        of type: Model.Type = Model.self, from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> [Model] {
        let value = try map(Property("", .array, mappedType: Model.self).at(keyPath), input: input, options: options)
        return try cast(value)
    }

    /// Decodes each element of the array at `keyPath` with a decoder (each element is captured
    /// alone, decoded, dropped).
    ///
    /// ```swift
    /// let dates = try Mapper.decodeArray(from: input, atKeyPath: "days", with: DateDecoder(format: "yyyy-MM-dd"))
    /// ```
    public static func decodeArray<Decoder: ValueDecoder>(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> [Decoder.Output] {
        let value = try map(Property("", .array, decoder: decoder).at(keyPath), input: input, options: options)
        return try cast(value)
    }

    /// Validates the object at `keyPath` against a schema and returns its entity, for mapping
    /// without a model type (Elevate's `Parser.parseEntity`).
    ///
    /// ```swift
    /// let entity = try Mapper.entity(from: input, schema: MappingSchema { Property("id", .int) })
    /// let id: Int = try entity.value(for: "id")
    /// ```
    public static func entity(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", schema: MappingSchema,
        options: JSONParserOptions = JSONParserOptions()
    ) throws -> MappedEntity {
        let kind = EntityKind(schema: schema)
        let value = try map(Property("", .dictionary, model: kind).at(keyPath), input: input, options: options)
        return try cast(value)
    }

    /// Maps each element of the array at `keyPath` as `Model` and hands it to `body` as soon as
    /// it is complete; the array is never held, so memory stays bounded by one element.
    ///
    /// Valid elements reach `body` in order; after the input ends, the failures of invalid
    /// elements (if any) are thrown together as a ``MappingError``. An error thrown by `body`
    /// stops the parse and is rethrown unchanged.
    ///
    /// ```swift
    /// try Mapper.forEachElement(of: Person.self, from: .file("people.json"), atKeyPath: "people") { person in
    ///     index.add(person)
    /// }
    /// ```
    public static func forEachElement<Model: Mappable>(
        of type: Model.Type = Model.self, from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions(), _ body: (Model) throws -> Void
    ) throws {
        try withoutActuallyEscaping(body) { body in
            _ = try map(
                Property("", .array, mappedType: Model.self).at(keyPath), input: input, options: options,
                rootSink: ModelStream<Model>(body: body))
        }
    }

    /// Decodes each element of the array at `keyPath` with a decoder and hands it to `body` as
    /// soon as it is complete.
    ///
    /// ```swift
    /// try Mapper.forEachElement(from: input, atKeyPath: "events", with: EventDecoder()) { event in print(event) }
    /// ```
    public static func forEachElement<Decoder: ValueDecoder>(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", with decoder: Decoder,
        options: JSONParserOptions = JSONParserOptions(), _ body: (Decoder.Output) throws -> Void
    ) throws {
        try withoutActuallyEscaping(body) { body in
            _ = try map(
                Property("", .array, decoder: decoder).at(keyPath), input: input, options: options,
                rootSink: DecodedStream(decoder: decoder, body: body))
        }
    }

    /// The elements of the array at `keyPath`, mapped as `Model`, as an asynchronous sequence
    /// over chunks of input (a download, a pipe): each chunk is parsed when the next element is
    /// asked for, so a slow consumer holds back the input and memory stays bounded.
    ///
    /// The sequence ends by throwing a ``MappingError`` when some elements were invalid (after
    /// every valid one was delivered).
    ///
    /// ```swift
    /// for try await person in Mapper.elements(of: Person.self, from: response.body, atKeyPath: "people") {
    ///     print(person.name)
    /// }
    /// ```
    public static func elements<Model: Mappable, Chunks: AsyncSequence>(
        of type: Model.Type = Model.self, from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "",
        options: JSONParserOptions = JSONParserOptions()
    ) -> MappedElements<Model, Chunks> where Chunks.Element: Sequence<UInt8> {
        MappedElements(keyPath: keyPath, chunks: chunks, options: options)
    }

    // MARK: Running

    static func map(
        _ target: Property, input: JSONInput, options: JSONParserOptions, rootSink: ElementSink? = nil
    ) throws -> Any {
        do {
            return try run(target, input: input, options: options, rootSink: rootSink, wantsLocations: false)
        } catch let error as MappingError {
            // Locating a value costs the engine work per matched value, so a valid input is
            // mapped without locations; failures are located by mapping the input again
            // (valid elements are not delivered twice).
            guard input.canBeReadAgain else { throw error }
            do {
                _ = try run(
                    target, input: input, options: options, rootSink: rootSink?.discarding(), wantsLocations: true)
            } catch let located as MappingError where located.failures.count == error.failures.count {
                throw located
            }
            throw error
        }
    }

    static func run(
        _ target: Property, input: JSONInput, options: JSONParserOptions, rootSink: ElementSink?, wantsLocations: Bool
    ) throws -> Any {
        let plan = MappingPlan(target: target)
        let run = MappingRun(
            plan: plan, rootSink: rootSink, wantsLocations: wantsLocations, textIsValidUTF8: options.validatesUTF8)
        // Errors thrown by mapping code reach the caller unchanged (the engine unwraps them).
        _ = try plan.program.run(input, consumer: MappingConsumer(run: run), options: options)
        return try run.result()
    }

    static func cast<Value>(_ value: Any) throws -> Value {
        guard let typed = value as? Value else {
            preconditionFailure("mapped \(type(of: value)), expected \(Value.self)")
        }
        return typed
    }
}

/// A schema without a model type: its "model" is the entity itself.
final class EntityKind: AnyModelKind, @unchecked Sendable {
    let mappingSchema: MappingSchema

    init(schema: MappingSchema) {
        self.mappingSchema = schema
    }

    override var identifier: ObjectIdentifier { ObjectIdentifier(self) }
    override var typeName: String { "MappedEntity" }
    override func schema() -> MappingSchema { mappingSchema }
    override func make(_ entity: MappedEntity) throws -> MappedBox { TypedMappedBox(entity) }
    override func makeCollector() -> ElementSink { EntityCollector() }
}

/// Collects entities into `[MappedEntity]`.
final class EntityCollector: ElementCollector<MappedEntity>, ElementSink {
    func appendModel(_ entity: MappedEntity) throws { append(entity) }

    func takeResult() -> MappedBox { boxType.init(take()) }

    func discarding() -> ElementSink { EntityCollector() }
}

extension JSONInput {
    /// Whether parsing the input again reads the same bytes: in-memory inputs and files, not a
    /// descriptor (a pipe, standard input), which a second pass would find empty.
    var canBeReadAgain: Bool {
        guard let name else { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
}

extension Property {
    /// A property mapped with a type-erased model kind.
    init(_ keyPath: String, _ type: PropertyType, optional: Bool = false, model: AnyModelKind) {
        self.keyPath = keyPath
        self.readKeyPath = JSONKeyPath(keyPath)
        self.type = type
        self.isOptional = optional
        self.decoder = nil
        self.model = model
    }

    /// The same property at `keyPath`, read with that key path's own readings (an RFC 9535
    /// path's one reading is not read again as dotted text): the target of a ``Mapper`` entry
    /// point.
    func at(_ keyPath: JSONKeyPath) -> Property {
        Property(keyPath, copying: self)
    }

    private init(_ keyPath: JSONKeyPath, copying property: Property) {
        self.keyPath = keyPath.text
        self.readKeyPath = keyPath
        self.type = property.type
        self.isOptional = property.isOptional
        self.decoder = property.decoder
        self.model = property.model
    }
}

extension JSONKeyPath {
    /// The key path as dotted text, for messages: a dotted key path as written, a member path's
    /// names joined with dots.
    var text: String {
        readings.count == 2 ? readings[0][0] : readings[0].joined(separator: ".")
    }
}
