public import Sift

/// How one JSON key sets a property of a ``KeyMapped`` model: the writable key path, and an
/// optional validation that checks, transforms or rejects the value (after KVCParsing's
/// `validate<Key>:error:`).
///
/// Without validation the JSON value converts strictly to the property's type
/// (``JSONValueDecodable``). With validation, the value first converts to the closure's input
/// type (`JSONValue` takes anything), then the closure returns what is set; throwing
/// ``ValueDecodingError`` rejects the value, and a ``MappingError`` (for example from a nested
/// key-mapped model) joins the aggregated failures under this key.
///
/// ```swift
/// static let keyMap: [String: KeyMapping<Video>] = [
///     "video_title": KeyMapping(\.title),
///     "duration_s": KeyMapping(\.duration) { (seconds: Int) in
///         guard seconds >= 0 else { throw ValueDecodingError("negative duration \(seconds)") }
///         return Duration.seconds(seconds)
///     },
///     "uploader": KeyMapping(\.uploader) { (json: JSONValue) in try User(parsing: json) },
/// ]
/// ```
public struct KeyMapping<Model>: @unchecked Sendable {
    // Key paths are immutable and the closures are built from `@Sendable` parts, hence
    // @unchecked.
    let apply: (inout Model, JSONValue) throws -> Void

    init(apply: @escaping (inout Model, JSONValue) throws -> Void) {
        self.apply = apply
    }

    /// Sets the property to the JSON value, converted strictly to its type.
    ///
    /// ```swift
    /// KeyMapping(\Video.title)
    /// KeyMapping(\Video.tags) // [String]
    /// ```
    public init<Value: JSONValueDecodable>(_ keyPath: WritableKeyPath<Model, Value>) {
        apply = { model, json in model[keyPath: keyPath] = try Value(jsonValue: json) }
    }

    /// Sets the property to what `validate` returns for the value converted to `Input`.
    ///
    /// ```swift
    /// KeyMapping(\Video.uploader) { (json: JSONValue) in try User(parsing: json) }
    /// KeyMapping(\Video.rating) { (stars: Int) in
    ///     guard (1...5).contains(stars) else { throw ValueDecodingError("rating \(stars) is not 1 to 5") }
    ///     return stars
    /// }
    /// ```
    public init<Input: JSONValueDecodable, Value>(
        _ keyPath: WritableKeyPath<Model, Value>, validate: @escaping @Sendable (Input) throws -> Value
    ) {
        apply = { model, json in model[keyPath: keyPath] = try validate(try Input(jsonValue: json)) }
    }

    /// The same mapping for a type that holds a `Model` at `keyPath`: a wrapper extends the
    /// table of the type it builds on.
    ///
    /// ```swift
    /// struct FeaturedVideo: KeyMapped {
    ///     var video = Video()
    ///     var rank = 0
    ///     static var keyMap: [String: KeyMapping<FeaturedVideo>] {
    ///         Video.keyMap.lifted(through: \.video).merging(["rank": KeyMapping(\.rank)]) { $1 }
    ///     }
    /// }
    /// ```
    public func lifted<Outer>(through keyPath: WritableKeyPath<Outer, Model>) -> KeyMapping<Outer> {
        let apply = self.apply
        return KeyMapping<Outer> { outer, json in try apply(&outer[keyPath: keyPath], json) }
    }
}

extension Dictionary where Key == String {
    /// Every mapping of a key table, lifted into a type that holds the model at `keyPath`.
    ///
    /// ```swift
    /// let table = Video.keyMap.lifted(through: \FeaturedVideo.video)
    /// ```
    public func lifted<Model, Outer>(through keyPath: WritableKeyPath<Outer, Model>) -> [String: KeyMapping<Outer>]
    where Value == KeyMapping<Model> {
        mapValues { $0.lifted(through: keyPath) }
    }
}

/// A model filled from a JSON object through a table of JSON keys to writable key paths (after
/// KVCParsing): each mapped key sets its property on an instance, unmapped keys are ignored.
///
/// A subtype or wrapper extends the table of the type it builds on by merging it (see
/// ``KeyMapping/lifted(through:)`` for wrappers; a subclass builds its table from its base's).
/// Every failing key is reported in one ``MappingError``, with its path.
///
/// ```swift
/// struct User: KeyMapped {
///     var name = ""
///     var age: Int?
///     static let keyMap: [String: KeyMapping<User>] = ["user_name": KeyMapping(\.name), "age": KeyMapping(\.age)]
/// }
///
/// let user = try User(parsing: ["user_name": "ada", "age": 36, "other": true])
/// let users = try User.decodeArray(from: .file("users.json"), atKeyPath: "users")
/// ```
public protocol KeyMapped {
    /// An instance with default values, before parsing.
    ///
    /// ```swift
    /// init() {}
    /// ```
    init()

    /// The table from JSON keys to properties.
    ///
    /// ```swift
    /// static var keyMap: [String: KeyMapping<Self>] { ["id": KeyMapping(\.id)] }
    /// ```
    static var keyMap: [String: KeyMapping<Self>] { get }
}

extension KeyMapped {
    /// Sets every mapped property from the members of a JSON object (KVCParsing's
    /// `parseValuesForKeysWithDictionary:`).
    ///
    /// Valid keys are set even when others fail; the failures are then thrown together, their paths
    /// relative to the object.
    ///
    /// ```swift
    /// var user = User()
    /// try user.parseValues(from: ["user_name": "ada"])
    /// ```
    public mutating func parseValues(from json: JSONValue) throws {
        guard case .object(let object) = json else {
            throw MappingError.mismatch(expected: JSONValueKind.object.description, found: json)
        }
        let table = Self.keyMap
        var failures: [MappingFailure] = []
        for member in object.members {
            guard let mapping = table[member.key] else { continue }
            do {
                try mapping.apply(&self, member.value)
            } catch {
                failures.append(
                    contentsOf: try KeyMappingFailures.failures(of: error, at: .key(member.key), isElement: false))
            }
        }
        if !failures.isEmpty { throw MappingError(failures) }
    }

    /// Creates an instance and sets its mapped properties from a JSON object.
    ///
    /// ```swift
    /// let user = try User(parsing: ["user_name": "ada"])
    /// ```
    public init(parsing json: JSONValue) throws {
        self.init()
        try parseValues(from: json)
    }

    /// Maps the object at `keyPath` of an input; only that object is captured while parsing.
    ///
    /// ```swift
    /// let user = try User.decode(from: .data(data), atKeyPath: "response.user")
    /// ```
    public static func decode(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", options: JSONParserOptions = JSONParserOptions()
    ) throws -> Self {
        try Mapper.decodeObject(from: input, atKeyPath: keyPath, with: KeyMappedDecoder<Self>(), options: options)
    }

    /// Maps each object of the array at `keyPath`; each element is captured alone, mapped,
    /// dropped, and failures name their element.
    ///
    /// ```swift
    /// let users = try User.decodeArray(from: .file("users.json"), atKeyPath: "users")
    /// ```
    public static func decodeArray(
        from input: JSONInput, atKeyPath keyPath: JSONKeyPath = "", options: JSONParserOptions = JSONParserOptions()
    ) throws -> [Self] {
        try Mapper.decodeArray(from: input, atKeyPath: keyPath, with: KeyMappedDecoder<Self>(), options: options)
    }

    /// Maps the object at `keyPath` of a stream of byte chunks, parsed as they arrive.
    ///
    /// ```swift
    /// let user = try await User.decode(from: response.body, atKeyPath: "response.user")
    /// ```
    public static func decode<Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", options: JSONParserOptions = JSONParserOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> Self where Chunks.Element: Sequence<UInt8> {
        try await Mapper.decodeObject(
            from: chunks, atKeyPath: keyPath, with: KeyMappedDecoder<Self>(), options: options, isolation: isolation)
    }

    /// Maps each object of the array at `keyPath` of a stream of byte chunks.
    ///
    /// ```swift
    /// let users = try await User.decodeArray(from: response.body, atKeyPath: "users")
    /// ```
    public static func decodeArray<Chunks: AsyncSequence>(
        from chunks: Chunks, atKeyPath keyPath: JSONKeyPath = "", options: JSONParserOptions = JSONParserOptions(),
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> [Self] where Chunks.Element: Sequence<UInt8> {
        try await Mapper.decodeArray(
            from: chunks, atKeyPath: keyPath, with: KeyMappedDecoder<Self>(), options: options, isolation: isolation)
    }
}

/// A ``ValueDecoder`` that makes a ``KeyMapped`` model from an object, so that key-mapped models
/// can be used wherever a schema takes a decoder.
///
/// ```swift
/// Property("uploader", .dictionary, decoder: KeyMappedDecoder<User>())
/// ```
public struct KeyMappedDecoder<Model: KeyMapped>: ValueDecoder {
    /// Creates the decoder.
    ///
    /// ```swift
    /// let decoder = KeyMappedDecoder<User>()
    /// ```
    public init() {}

    /// Creates a model from an object.
    ///
    /// ```swift
    /// let user = try KeyMappedDecoder<User>().decode(["user_name": "ada"])
    /// ```
    public func decode(_ value: JSONValue) throws -> Model {
        try Model(parsing: value)
    }
}
