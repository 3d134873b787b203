import Sift

/// The content of one view: its identifier and title, a header component, body components, overlay
/// components and custom data.
///
/// Parse one from JSON in the default schema (or any ``HubSchema``), combine several payloads with
/// a ``ViewModelBuilder``, and write it back with ``jsonValue``.
///
/// ```swift
/// let json = #"{"title":"Food","header":{"text":{"title":"Delicious Food"}},"body":[{"id":"row-0"}]}"#
/// let viewModel = try ViewModel(parsing: .string(json))
/// viewModel.navigationBarTitle           // "Food"
/// viewModel.headerComponent?.title       // "Delicious Food"
/// viewModel.bodyComponents.map(\.identifier) // ["row-0"]
/// ```
public struct ViewModel: Sendable, Equatable {
    /// The identifier of the view model (`id`), for logging or to tell views apart.
    ///
    /// ```swift
    /// viewModel.identifier = "home"
    /// ```
    public var identifier: String?

    /// The title of the view's navigation bar (`title`).
    ///
    /// ```swift
    /// viewModel.navigationBarTitle = "Home"
    /// ```
    public var navigationBarTitle: String?

    /// The header component (`header`).
    ///
    /// ```swift
    /// viewModel.headerComponent?.title
    /// ```
    public var headerComponent: ComponentModel?

    /// The body components, in order (`body`).
    ///
    /// ```swift
    /// for component in viewModel.bodyComponents { print(component.identifier) }
    /// ```
    public var bodyComponents: [ComponentModel]

    /// The overlay components, in order (`overlays`).
    ///
    /// ```swift
    /// viewModel.overlayComponents.first?.title
    /// ```
    public var overlayComponents: [ComponentModel]

    /// Free-form data for the view (`custom`).
    ///
    /// ```swift
    /// viewModel.customData?["theme"]
    /// ```
    public var customData: JSONObject?

    /// Creates a view model; every property is optional.
    ///
    /// ```swift
    /// let viewModel = ViewModel(identifier: "home", bodyComponents: [ComponentModel(identifier: "row-0")])
    /// ```
    public init(
        identifier: String? = nil,
        navigationBarTitle: String? = nil,
        headerComponent: ComponentModel? = nil,
        bodyComponents: [ComponentModel] = [],
        overlayComponents: [ComponentModel] = [],
        customData: JSONObject? = nil
    ) {
        self.identifier = identifier
        self.navigationBarTitle = navigationBarTitle
        self.headerComponent = headerComponent
        self.bodyComponents = bodyComponents
        self.overlayComponents = overlayComponents
        self.customData = customData
    }
}
