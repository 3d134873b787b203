import Sift
import Synchronization

/// How JSON maps to Hub models: for each model type, one path per property.
///
/// A schema starts as the default schema of the Hub JSON programming guide; change any property's
/// path (any `JSONPath`: plain keys, RFC 9535 strings, `combine(with:)` for renamed keys,
/// `runBlock`) or set it to nil to not read that property. Paths are relative to the JSON object of
/// the model they belong to. Model-valued properties (a view model's components, a component's
/// images, target and children, a target's view) select the objects those models are parsed from,
/// with the schema of their type.
///
/// A schema compiles its paths once, on first use, and is then safe to use from any number of
/// parses at the same time.
///
/// ```swift
/// var schema = HubSchema()
/// schema.viewModel.bodyComponents = try JSONPath("$.items[*]")
/// schema.component.title = JSONPath.root.goTo("name").combine(with: .root.goTo("title"))
/// schema.component.mainImageData = JSONPath.root.goTo("img").runBlock { .object(JSONObject([.init(key: "uri", value: $0)])) }
/// let viewModel = try ViewModel(parsing: .string(#"{"items":[{"name":"Tea","img":"https://x/t.jpg"}]}"#), schema: schema)
/// viewModel.bodyComponents[0].title                          // "Tea"
/// viewModel.bodyComponents[0].mainImageData?.url?.absoluteString // "https://x/t.jpg"
/// ```
public struct HubSchema: Sendable {
    /// The paths of a view model's properties.
    ///
    /// ```swift
    /// schema.viewModel.navigationBarTitle = JSONPath.root.goTo("name")
    /// ```
    public var viewModel: ViewModelPaths { didSet { cache = CompiledCache() } }

    /// The paths of a component model's properties.
    ///
    /// ```swift
    /// schema.component.title = try JSONPath("$.name")
    /// ```
    public var component: ComponentModelPaths { didSet { cache = CompiledCache() } }

    /// The paths of a component image data's properties.
    ///
    /// ```swift
    /// schema.image.url = JSONPath.root.goTo("src")
    /// ```
    public var image: ComponentImageDataPaths { didSet { cache = CompiledCache() } }

    /// The paths of a component target's properties.
    ///
    /// ```swift
    /// schema.target.uri = JSONPath.root.goTo("link")
    /// ```
    public var target: ComponentTargetPaths { didSet { cache = CompiledCache() } }

    private var cache: CompiledCache

    /// The default schema, exactly as the Hub JSON programming guide tables it.
    ///
    /// ```swift
    /// let viewModel = try ViewModel(parsing: .file("view.json"), schema: .default)
    /// ```
    public static let `default` = HubSchema(paths: ())

    /// Creates a schema set up as the default schema, ready to be changed.
    ///
    /// ```swift
    /// var schema = HubSchema()
    /// schema.component.title = JSONPath.root.goTo("heading")
    /// ```
    public init() {
        self = Self.default
    }

    private init(paths: Void) {
        viewModel = ViewModelPaths()
        component = ComponentModelPaths()
        image = ComponentImageDataPaths()
        target = ComponentTargetPaths()
        cache = CompiledCache()
    }

    /// The compiled automata of this schema, compiled on first use.
    var compiled: CompiledHubSchema {
        cache.compiled(for: self)
    }
}

/// The compiled form of a schema, shared by the copies of a schema until one of them changes.
final class CompiledCache: Sendable {
    private let storage = Mutex<CompiledHubSchema?>(nil)

    func compiled(for schema: HubSchema) -> CompiledHubSchema {
        storage.withLock { stored in
            if let stored { return stored }
            let compiled = CompiledHubSchema(schema)
            stored = compiled
            return compiled
        }
    }
}
