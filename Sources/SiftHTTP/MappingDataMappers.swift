import Sift
public import SiftMapping

extension ObjectDataMapper {
    /// Creates a mapper that maps the object at `rootKeyPath` with SiftMapping, as a
    /// schema-mapped ``SiftMapping/Mappable`` type.
    ///
    /// Only that object is built while the body streams; every failure in it comes out together
    /// as SiftMapping's `MappingError` (the underlying error of the ``HTTPLoadError``), with the
    /// paths of the document, such as `$.post.author.id`.
    ///
    /// ```swift
    /// let loader = HTTPDataLoader(client: client, resourcePath: "/get_post/",
    ///                             mapper: ObjectDataMapper(mapping: Post.self, rootKeyPath: "post"))
    /// ```
    public init(mapping type: Object.Type, rootKeyPath: String? = nil, options: JSONParserOptions = JSONParserOptions())
    where Object: Mappable & SendableMetatype {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = { captured in
            try Mapper.decodeObject(Object.self, fromValue: captured.document(rootKeyPath), atKeyPath: rootKeyPath ?? "")
        }
    }

    /// Creates a mapper that maps the object at `rootKeyPath` as a key-mapped
    /// ``SiftMapping/KeyMapped`` type.
    ///
    /// Failures come out together as SiftMapping's `MappingError`.
    ///
    /// ```swift
    /// let mapper = ObjectDataMapper(keyMapped: User.self, rootKeyPath: "response.user")
    /// ```
    public init(keyMapped type: Object.Type, rootKeyPath: String? = nil, options: JSONParserOptions = JSONParserOptions())
    where Object: KeyMapped & SendableMetatype {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = { captured in
            try Mapper.decodeObject(
                KeyMappedModel<Object>.self, fromValue: captured.document(rootKeyPath), atKeyPath: rootKeyPath ?? ""
            ).model
        }
    }
}

extension CapturedJSON {
    /// The captured value inside objects that give it back its root key path, so that mapping
    /// failures carry the paths of the whole document.
    func document(_ rootKeyPath: String?) -> JSONValue {
        rootKeyPathComponents(rootKeyPath).reversed().reduce(value) { inner, key in
            .object(JSONObject([.init(key: key, value: inner)]))
        }
    }
}

/// A ``KeyMapped`` model seen as a ``Mappable`` one: the object itself, decoded by
/// `KeyMappedDecoder`, so that SiftMapping's streaming element API maps key-mapped arrays.
struct KeyMappedModel<Model: KeyMapped>: Mappable {
    var model: Model

    static var schema: MappingSchema {
        MappingSchema { Property("", .dictionary, decoder: KeyMappedDecoder<Model>()) }
    }

    init(entity: MappedEntity) throws {
        model = try entity.value(for: "")
    }
}

/// Maps the array at a root key path of a JSON body with SiftMapping, each element as a
/// schema-mapped ``SiftMapping/Mappable`` type, while the body streams.
///
/// Through ``HTTPDataLoader/elements()`` valid elements are handed out as soon as they are
/// complete (the array is never held); through ``HTTPDataLoader/load()`` they are collected.
/// The failures of every invalid element come out together, after the valid ones, as
/// SiftMapping's `MappingError` (the underlying error of an ``HTTPLoadError`` of kind
/// ``HTTPLoadError/Kind/mapping``), each with its path, such as `$.people[3].id`.
///
/// ```swift
/// let loader = HTTPDataLoader(client: client, resourcePath: "/people",
///                             mapper: MappedArrayDataMapper(of: Person.self, rootKeyPath: "people"))
/// for try await person in loader.elements() { print(person.name) }
/// ```
public struct MappedArrayDataMapper<Model: Mappable & SendableMetatype>: StreamingDataMapper, StreamingElementMapper {
    /// The dotted path of the array, nil when the document is the array.
    ///
    /// ```swift
    /// mapper.rootKeyPath // "people"
    /// ```
    public let rootKeyPath: String?

    /// The tokenizer settings used to read the body.
    ///
    /// ```swift
    /// mapper.options.maximumDepth // 512
    /// ```
    public let options: JSONParserOptions

    /// Creates the mapper.
    ///
    /// ```swift
    /// let mapper = MappedArrayDataMapper(of: Person.self, rootKeyPath: "people")
    /// ```
    public init(of type: Model.Type, rootKeyPath: String? = nil, options: JSONParserOptions = JSONParserOptions()) {
        self.rootKeyPath = rootKeyPath
        self.options = options
    }

    /// The valid elements of a body, as they are complete.
    ///
    /// ```swift
    /// for try await person in mapper.elements(in: body) { print(person.name) }
    /// ```
    public func elements(in body: HTTPBodyChunks) -> MappedElements<Model, HTTPBodyChunks> {
        Mapper.elements(of: Model.self, atKeyPath: rootKeyPath ?? "", in: body, options: options)
    }

    /// Every element of a body, when all are valid.
    ///
    /// ```swift
    /// let people = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> [Model] {
        var models: [Model] = []
        for try await model in elements(in: body) { models.append(model) }
        return models
    }
}

/// Maps the array at a root key path of a JSON body, each element as a key-mapped
/// ``SiftMapping/KeyMapped`` type, while the body streams; failures come out together as
/// SiftMapping's `MappingError`, after the valid elements.
///
/// ```swift
/// let mapper = KeyMappedArrayDataMapper(of: User.self, rootKeyPath: "users")
/// let users = try await HTTPDataLoader(client: client, resourcePath: "/users", mapper: mapper).load()
/// ```
public struct KeyMappedArrayDataMapper<Model: KeyMapped & SendableMetatype>: StreamingDataMapper, StreamingElementMapper {
    /// The dotted path of the array, nil when the document is the array.
    ///
    /// ```swift
    /// mapper.rootKeyPath // "users"
    /// ```
    public let rootKeyPath: String?

    /// The tokenizer settings used to read the body.
    ///
    /// ```swift
    /// mapper.options.allowsComments // false
    /// ```
    public let options: JSONParserOptions

    /// Creates the mapper.
    ///
    /// ```swift
    /// let mapper = KeyMappedArrayDataMapper(of: User.self, rootKeyPath: "users")
    /// ```
    public init(of type: Model.Type, rootKeyPath: String? = nil, options: JSONParserOptions = JSONParserOptions()) {
        self.rootKeyPath = rootKeyPath
        self.options = options
    }

    /// The valid elements of a body, as they are complete.
    ///
    /// ```swift
    /// for try await user in mapper.elements(in: body) { print(user.name) }
    /// ```
    public func elements(in body: HTTPBodyChunks) -> Elements {
        Elements(base: Mapper.elements(of: KeyMappedModel<Model>.self, atKeyPath: rootKeyPath ?? "", in: body, options: options))
    }

    /// Every element of a body, when all are valid.
    ///
    /// ```swift
    /// let users = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> [Model] {
        var models: [Model] = []
        for try await model in elements(in: body) { models.append(model) }
        return models
    }

    /// The key-mapped elements of one body.
    ///
    /// ```swift
    /// var iterator = mapper.elements(in: body).makeAsyncIterator()
    /// ```
    public struct Elements: AsyncSequence {
        let base: MappedElements<KeyMappedModel<Model>, HTTPBodyChunks>

        /// Starts reading the body.
        ///
        /// ```swift
        /// var iterator = elements.makeAsyncIterator()
        /// ```
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: base.makeAsyncIterator())
        }

        /// Reads until the next element is complete.
        ///
        /// ```swift
        /// let user = try await iterator.next()
        /// ```
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: MappedElements<KeyMappedModel<Model>, HTTPBodyChunks>.Iterator

            /// The next valid element, nil at the end of a valid body.
            ///
            /// ```swift
            /// let user = try await iterator.next()
            /// ```
            public mutating func next() async throws -> Model? {
                try await base.next()?.model
            }
        }
    }
}
