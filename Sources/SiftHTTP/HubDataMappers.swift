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

/// Maps a Hub document's body components, each handed out as soon as its JSON object closes,
/// while the body downloads (see `HubSchema.components(in:)`); nothing of a component is kept
/// after it is handed out.
///
/// ```swift
/// let loader = HTTPDataLoader(client: client, resourcePath: "/feed", mapper: ComponentsDataMapper())
/// for try await component in loader.elements() { print(component.identifier) }
/// ```
public struct ComponentsDataMapper: StreamingDataMapper, StreamingElementMapper {
    /// The schema the document is read with.
    ///
    /// ```swift
    /// mapper.schema // HubSchema.default
    /// ```
    public let schema: HubSchema

    /// Creates the mapper.
    ///
    /// ```swift
    /// let mapper = ComponentsDataMapper(schema: .default)
    /// ```
    public init(schema: HubSchema = .default) {
        self.schema = schema
    }

    /// The body components, as they are complete.
    ///
    /// ```swift
    /// for try await component in mapper.elements(in: body) { print(component.identifier) }
    /// ```
    public func elements(in body: HTTPBodyChunks) -> ComponentModelChunkStream<HTTPBodyChunks> {
        schema.components(in: body)
    }

    /// Every body component.
    ///
    /// ```swift
    /// let components = try await mapper.map(body)
    /// ```
    public func map(_ body: HTTPBodyChunks) async throws -> [ComponentModel] {
        var components: [ComponentModel] = []
        for try await component in elements(in: body) { components.append(component) }
        return components
    }
}
