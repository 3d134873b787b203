import Sift
public import SiftMapping

/// Maps the array at a root key path of a JSON body, each element as a key-mapped
/// `SiftMapping.KeyMapped` type, while the body streams; failures come out together as
/// SiftMapping's `MappingError`, after the valid elements.
///
/// ```swift
/// let mapper = KeyMappedArrayDataMapper(of: User.self, rootKeyPath: "users")
/// let users = try await HTTPDataLoader(client: client, resourcePath: "/users", mapper: mapper).load()
/// ```
public struct KeyMappedArrayDataMapper<Model: KeyMapped & SendableMetatype>: ElementMapper {
    /// The root key path of the array (dotted or RFC 9535), nil when the document is the array.
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
        let path = RootKeyPath(rootKeyPath)
        return Elements(
            base: Mapper.elements(
                of: KeyMappedModel<Model>.self, from: path.checking(body), atKeyPath: path.keyPath,
                options: options))
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
