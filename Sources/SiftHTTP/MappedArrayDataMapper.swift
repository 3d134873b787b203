import Sift
public import SiftMapping

/// Maps the array at a root key path of a JSON body with SiftMapping, each element as a
/// schema-mapped `SiftMapping.Mappable` type, while the body streams.
///
/// Through `HTTPDataLoader.elements()` valid elements are handed out as soon as they are
/// complete (the array is never held); through `HTTPDataLoader.load()` they are collected.
/// The failures of every invalid element come out together, after the valid ones, as
/// SiftMapping's `MappingError` (the underlying error of an ``HTTPLoadError`` of kind
/// ``HTTPLoadError/Kind/mapping``), each with its path, such as `$.people[3].id`.
///
/// ```swift
/// let loader = HTTPDataLoader(client: client, resourcePath: "/people",
///                             mapper: MappedArrayDataMapper(of: Person.self, rootKeyPath: "people"))
/// for try await person in loader.elements() { print(person.name) }
/// ```
public struct MappedArrayDataMapper<Model: Mappable & SendableMetatype>: ElementMapper {
    /// The root key path of the array (dotted or RFC 9535), nil when the document is the array.
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
        let path = RootKeyPath(rootKeyPath)
        return Mapper.elements(
            of: Model.self, from: path.checking(body), atKeyPath: path.keyPath, options: options)
    }

}
