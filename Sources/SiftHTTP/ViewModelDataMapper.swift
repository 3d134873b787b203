import NIOCore
import Sift
public import SiftHub

/// Maps a JSON body to a Hub `SiftHub.ViewModel` while it downloads: the document streams
/// through the schema's compiled paths, and no document tree is built.
///
/// A root object is the view model, a root array its body components (see
/// `ViewModel(parsing:schema:)`). With a root key path, the value found there is the view model
/// (only that value is built, then parsed).
///
/// ```swift
/// let loader = HTTPDataLoader(client: client, resourcePath: "/home", mapper: ViewModelDataMapper())
/// let viewModel = try await loader.load()
/// print(viewModel.navigationBarTitle ?? "")
/// ```
public struct ViewModelDataMapper: DataMapper {
    /// The schema the document is read with.
    ///
    /// ```swift
    /// mapper.schema // HubSchema.default
    /// ```
    public let schema: HubSchema

    /// The root key path of the view model (dotted or RFC 9535), nil for the whole document.
    ///
    /// ```swift
    /// mapper.rootKeyPath // "data.page"
    /// ```
    public let rootKeyPath: String?

    /// Creates the mapper.
    ///
    /// ```swift
    /// let mapper = ViewModelDataMapper(schema: mySchema, rootKeyPath: "page")
    /// ```
    public init(schema: HubSchema = .default, rootKeyPath: String? = nil) {
        self.schema = schema
        self.rootKeyPath = rootKeyPath
    }

    /// Reads the body into a view model.
    ///
    /// ```swift
    /// let viewModel = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> ViewModel {
        let path = RootKeyPath(rootKeyPath)
        guard path.readings != [[]] || path.problem != nil else {
            return try await ViewModel(parsing: body, schema: schema)
        }
        // The value at the key path is read like an ``ObjectDataMapper``'s object, and only it is built.
        let schema = self.schema
        var session = ObjectDataMapper<ViewModel>.Session(
            capture: KeyPathCaptureSession(keyPath: rootKeyPath, target: .value, options: JSONParserOptions()),
            convert: { captured in try ViewModel(jsonValue: captured.value, schema: schema) })
        for try await chunk in body { try session.consume(ByteBuffer(chunk)) }
        return try session.finish()
    }
}
