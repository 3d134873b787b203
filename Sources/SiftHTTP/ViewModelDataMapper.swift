import NIOCore
import Sift
public import SiftHub

/// Maps a JSON body to a Hub ``SiftHub/ViewModel`` while it downloads: the document streams
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
public struct ViewModelDataMapper: StreamingDataMapper {
    /// The schema the document is read with.
    ///
    /// ```swift
    /// mapper.schema // HubSchema.default
    /// ```
    public let schema: HubSchema

    /// The dotted path of the view model, nil for the whole document.
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
        guard let rootKeyPath, !rootKeyPath.isEmpty else {
            return try await ViewModel(parsing: body, schema: schema)
        }
        var capture = KeyPathCaptureSession(keyPath: rootKeyPath, target: .value, options: JSONParserOptions())
        var value: JSONValue?
        for try await chunk in body {
            for captured in try capture.consume(ByteBuffer(chunk)) where value == nil { value = captured.value }
        }
        for captured in try capture.finish() where value == nil { value = captured.value }
        guard let value else {
            throw DataMapperError(message: "no value at root key path `\(rootKeyPath)`", path: .root)
        }
        return try ViewModel(jsonValue: value, schema: schema)
    }
}
