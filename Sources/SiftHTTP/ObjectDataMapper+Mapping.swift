import Sift
public import SiftMapping

extension ObjectDataMapper {
    /// Creates a mapper that maps the object at `rootKeyPath` with SiftMapping, as a
    /// schema-mapped `SiftMapping.Mappable` type.
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
            try Mapper.decodeObject(of: Object.self, fromValue: captured.document, atKeyPath: captured.mappingKeyPath)
        }
    }

    /// Creates a mapper that maps the object at `rootKeyPath` as a key-mapped
    /// `SiftMapping.KeyMapped` type.
    ///
    /// Failures come out together as SiftMapping's `MappingError`.
    ///
    /// ```swift
    /// let mapper = ObjectDataMapper(keyMapped: User.self, rootKeyPath: "response.user")
    /// ```
    public init(
        keyMapped type: Object.Type, rootKeyPath: String? = nil, options: JSONParserOptions = JSONParserOptions()
    )
    where Object: KeyMapped & SendableMetatype {
        self.rootKeyPath = rootKeyPath
        self.options = options
        self.convert = { captured in
            try Mapper.decodeObject(
                of: KeyMappedModel<Object>.self, fromValue: captured.document, atKeyPath: captured.mappingKeyPath
            ).model
        }
    }
}

extension CapturedJSON {
    /// The member names of the captured value's root key path (the reading that won).
    var keys: [String] {
        keyPath.components.compactMap { component in
            guard case .key(let key) = component else { return nil }
            return key
        }
    }

    /// The captured value inside objects that give it back its root key path, so that mapping
    /// failures carry the paths of the whole document.
    var document: JSONValue {
        keys.reversed().reduce(value) { inner, key in
            .object(JSONObject([.init(key: key, value: inner)]))
        }
    }

    /// SiftMapping's key path of the value in ``document``: its member names, each read as
    /// itself (a name with dots is not split, nor are names joined and read as one).
    var mappingKeyPath: JSONKeyPath {
        JSONKeyPath(keys.reduce(JSONPath.root) { $0.goTo($1) }) ?? ""
    }
}

/// A `KeyMapped` model seen as a `Mappable` one: the object itself, decoded by
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
