import Sift

/// One component of a view: what to render it with, the texts and images it shows, what
/// selecting it does, and its child components.
///
/// In the default schema a component is an object with the keys `id`, `group`, `component.id`,
/// `component.category`, `text.title|subtitle|accessory|description`, `images.icon|main|background|custom`,
/// `target`, `metadata`, `logging`, `custom` and `children`.
///
/// ```swift
/// let json = #"[{"id":"row-0","component":{"id":"default:row","category":"row"},"text":{"title":"Meatballs"}}]"#
/// let row = try ViewModel(parsing: .string(json)).bodyComponents[0]
/// row.identifier          // "row-0"
/// row.componentNamespace  // "default"
/// row.componentName       // "row"
/// row.componentCategory   // .row
/// row.title               // "Meatballs"
/// ```
public struct ComponentModel: Sendable, Equatable {
    /// The identifier of the model (`id`); components with the same identifier merge when
    /// payloads are combined.
    ///
    /// A component without one gets an identifier that is unique in its view model and the same for the
    /// same input (see ``hasGeneratedIdentifier``).
    ///
    /// ```swift
    /// model.identifier // "row-0", or "body-3" when the JSON has no id
    /// ```
    public var identifier: String

    /// Whether ``identifier`` was made up because the JSON had none; such an identifier is not
    /// written back to JSON, and such a component never merges with another.
    ///
    /// ```swift
    /// if model.hasGeneratedIdentifier { /* the feed did not name it */ }
    /// ```
    public var hasGeneratedIdentifier: Bool

    /// The logical group the component belongs to within its parent (`group`).
    ///
    /// ```swift
    /// model.groupIdentifier = "featured"
    /// ```
    public var groupIdentifier: String?

    /// The namespace of the component to render the model with: the part of `component.id`
    /// before the colon; nil when the JSON names no namespace (the application's default).
    ///
    /// ```swift
    /// model.componentNamespace // "default" for "default:row"
    /// ```
    public var componentNamespace: String?

    /// The name of the component to render the model with: `component.id` after the colon, or
    /// all of it when it has no colon.
    ///
    /// ```swift
    /// model.componentName // "row" for "default:row" and for "row"
    /// ```
    public var componentName: String?

    /// The category of the component (`component.category`), used for fallbacks.
    ///
    /// ```swift
    /// model.componentCategory = .card
    /// ```
    public var componentCategory: ComponentCategory?

    /// The title (`text.title`).
    ///
    /// ```swift
    /// model.title = "Hamburger"
    /// ```
    public var title: String?

    /// The subtitle (`text.subtitle`).
    ///
    /// ```swift
    /// model.subtitle = "A classic"
    /// ```
    public var subtitle: String?

    /// A less prominent accessory text, such as metadata (`text.accessory`).
    ///
    /// ```swift
    /// model.accessoryTitle = "3:45"
    /// ```
    public var accessoryTitle: String?

    /// A longer body of text (`text.description`).
    ///
    /// ```swift
    /// model.descriptionText = "Very popular around the world."
    /// ```
    public var descriptionText: String?

    /// The identifier of an icon to show (`images.icon`).
    ///
    /// ```swift
    /// model.icon = "star"
    /// ```
    public var icon: String?

    /// The main, foreground image (`images.main`).
    ///
    /// ```swift
    /// model.mainImageData?.url
    /// ```
    public var mainImageData: ComponentImageData?

    /// The background image (`images.background`).
    ///
    /// ```swift
    /// model.backgroundImageData?.placeholderIcon
    /// ```
    public var backgroundImageData: ComponentImageData?

    /// Further images by name (`images.custom`).
    ///
    /// ```swift
    /// model.customImageData["badge"]?.url
    /// ```
    public var customImageData: [String: ComponentImageData]

    /// What selecting the component does (`target`).
    ///
    /// ```swift
    /// model.target?.uri
    /// ```
    public var target: ComponentTarget?

    /// Application-wide metadata, such as what to play (`metadata`).
    ///
    /// ```swift
    /// model.metadata?["trackURI"]
    /// ```
    public var metadata: JSONObject?

    /// Data for logging the component's events (`logging`).
    ///
    /// ```swift
    /// model.loggingData?["impression"]
    /// ```
    public var loggingData: JSONObject?

    /// Free-form data for the component's implementation (`custom`).
    ///
    /// ```swift
    /// model.customData?["style"]
    /// ```
    public var customData: JSONObject?

    /// The child components, in order (`children`).
    ///
    /// ```swift
    /// model.children.map(\.title)
    /// ```
    public var children: [ComponentModel]

    /// Creates a component model with an explicit identifier; every other property is optional.
    ///
    /// ```swift
    /// let row = ComponentModel(identifier: "row-0", componentName: "row", title: "Meatballs")
    /// ```
    public init(
        identifier: String,
        groupIdentifier: String? = nil,
        componentNamespace: String? = nil,
        componentName: String? = nil,
        componentCategory: ComponentCategory? = nil,
        title: String? = nil,
        subtitle: String? = nil,
        accessoryTitle: String? = nil,
        descriptionText: String? = nil,
        icon: String? = nil,
        mainImageData: ComponentImageData? = nil,
        backgroundImageData: ComponentImageData? = nil,
        customImageData: [String: ComponentImageData] = [:],
        target: ComponentTarget? = nil,
        metadata: JSONObject? = nil,
        loggingData: JSONObject? = nil,
        customData: JSONObject? = nil,
        children: [ComponentModel] = []
    ) {
        self.identifier = identifier
        self.hasGeneratedIdentifier = false
        self.groupIdentifier = groupIdentifier
        self.componentNamespace = componentNamespace
        self.componentName = componentName
        self.componentCategory = componentCategory
        self.title = title
        self.subtitle = subtitle
        self.accessoryTitle = accessoryTitle
        self.descriptionText = descriptionText
        self.icon = icon
        self.mainImageData = mainImageData
        self.backgroundImageData = backgroundImageData
        self.customImageData = customImageData
        self.target = target
        self.metadata = metadata
        self.loggingData = loggingData
        self.customData = customData
        self.children = children
    }

    /// A component without an identifier yet: one is generated when its view model is finished.
    init(unidentified: Void) {
        self.init(identifier: "")
        hasGeneratedIdentifier = true
    }

    /// The component identifier as `namespace:name` (or just the name without a namespace); nil
    /// when there is no name.
    ///
    /// ```swift
    /// model.componentIdentifier // "default:row"
    /// ```
    public var componentIdentifier: String? {
        guard let componentName else { return componentNamespace.map { $0 + ":" } }
        guard let componentNamespace else { return componentName }
        return componentNamespace + ":" + componentName
    }

    /// Sets the component namespace and name from `namespace:name`: one part sets only the name
    /// (the namespace is kept), and parts after the second are ignored.
    ///
    /// ```swift
    /// model.setComponentIdentifier("custom:banner") // namespace "custom", name "banner"
    /// model.setComponentIdentifier("row")           // namespace unchanged, name "row"
    /// ```
    public mutating func setComponentIdentifier(_ text: String) {
        // Scanned as contiguous bytes: a colon is ASCII, so both parts are valid UTF-8 and
        // become strings without `Substring`s (as in ``HubIdentifier/init(_:)``).
        var text = text
        let parts = text.withUTF8 { bytes -> (namespace: String, name: String)? in
            let colon = UInt8(ascii: ":")
            guard let split = bytes.firstIndex(of: colon) else { return nil }
            let nameEnd = bytes[(split + 1)...].firstIndex(of: colon) ?? bytes.count
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<split]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(split + 1)..<nameEnd]), as: UTF8.self)
            )
        }
        guard let parts else {
            componentName = text
            return
        }
        componentNamespace = parts.namespace
        componentName = parts.name
    }
}
