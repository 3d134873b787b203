import Sift

extension HubSchema {
    /// The paths of a ``ViewModel``'s properties, relative to the view model's JSON object.
    ///
    /// ```swift
    /// schema.viewModel.bodyComponents = try JSONPath("$.items[*]")
    /// ```
    public struct ViewModelPaths: Sendable {
        /// ``ViewModel/identifier``; default `id`.
        ///
        /// ```swift
        /// paths.identifier = JSONPath.root.goTo("viewId")
        /// ```
        public var identifier: JSONPath? = JSONPath.root.goTo("id")
        /// ``ViewModel/navigationBarTitle``; default `title`.
        ///
        /// ```swift
        /// paths.navigationBarTitle = JSONPath.root.goTo("name")
        /// ```
        public var navigationBarTitle: JSONPath? = JSONPath.root.goTo("title")
        /// ``ViewModel/headerComponent``: the object of the header component; default `header`.
        ///
        /// ```swift
        /// paths.headerComponent = JSONPath.root.goTo("top")
        /// ```
        public var headerComponent: JSONPath? = JSONPath.root.goTo("header")
        /// ``ViewModel/bodyComponents``: each object of a body component; default `body[*]`.
        ///
        /// ```swift
        /// paths.bodyComponents = JSONPath.root.goTo("items").forEach()
        /// ```
        public var bodyComponents: JSONPath? = JSONPath.root.goTo("body").forEach()
        /// ``ViewModel/overlayComponents``: each object of an overlay; default `overlays[*]`.
        ///
        /// ```swift
        /// paths.overlayComponents = nil // never read overlays
        /// ```
        public var overlayComponents: JSONPath? = JSONPath.root.goTo("overlays").forEach()
        /// ``ViewModel/customData``; default `custom`.
        ///
        /// ```swift
        /// paths.customData = JSONPath.root.goTo("extra")
        /// ```
        public var customData: JSONPath? = JSONPath.root.goTo("custom")

        /// The default schema's view model paths.
        ///
        /// ```swift
        /// let paths = HubSchema.ViewModelPaths()
        /// ```
        public init() {}
    }

    /// The paths of a ``ComponentModel``'s properties, relative to the component's JSON object.
    ///
    /// ```swift
    /// schema.component.subtitle = JSONPath.root.goTo("subtitle").combine(with: .root.goTo("sub"))
    /// ```
    public struct ComponentModelPaths: Sendable {
        /// ``ComponentModel/identifier``; default `id`.
        ///
        /// ```swift
        /// paths.identifier = JSONPath.root.goTo("uuid")
        /// ```
        public var identifier: JSONPath? = JSONPath.root.goTo("id")
        /// ``ComponentModel/groupIdentifier``; default `group`.
        ///
        /// ```swift
        /// paths.groupIdentifier = JSONPath.root.goTo("section")
        /// ```
        public var groupIdentifier: JSONPath? = JSONPath.root.goTo("group")
        /// The `namespace:name` text that sets ``ComponentModel/componentNamespace`` and
        /// ``ComponentModel/componentName``; default `component.id`.
        ///
        /// ```swift
        /// paths.componentIdentifier = JSONPath.root.goTo("type")
        /// ```
        public var componentIdentifier: JSONPath? = JSONPath.root.goTo("component").goTo("id")
        /// ``ComponentModel/componentCategory``; default `component.category`.
        ///
        /// ```swift
        /// paths.componentCategory = JSONPath.root.goTo("kind")
        /// ```
        public var componentCategory: JSONPath? = JSONPath.root.goTo("component").goTo("category")
        /// ``ComponentModel/title``; default `text.title`.
        ///
        /// ```swift
        /// paths.title = JSONPath.root.goTo("name")
        /// ```
        public var title: JSONPath? = JSONPath.root.goTo("text").goTo("title")
        /// ``ComponentModel/subtitle``; default `text.subtitle`.
        ///
        /// ```swift
        /// paths.subtitle = JSONPath.root.goTo("artist")
        /// ```
        public var subtitle: JSONPath? = JSONPath.root.goTo("text").goTo("subtitle")
        /// ``ComponentModel/accessoryTitle``; default `text.accessory`.
        ///
        /// ```swift
        /// paths.accessoryTitle = JSONPath.root.goTo("duration")
        /// ```
        public var accessoryTitle: JSONPath? = JSONPath.root.goTo("text").goTo("accessory")
        /// ``ComponentModel/descriptionText``; default `text.description`.
        ///
        /// ```swift
        /// paths.descriptionText = JSONPath.root.goTo("summary")
        /// ```
        public var descriptionText: JSONPath? = JSONPath.root.goTo("text").goTo("description")
        /// ``ComponentModel/icon``; default `images.icon`.
        ///
        /// ```swift
        /// paths.icon = JSONPath.root.goTo("icon")
        /// ```
        public var icon: JSONPath? = JSONPath.root.goTo("images").goTo("icon")
        /// ``ComponentModel/mainImageData``: the image's object; default `images.main`.
        ///
        /// ```swift
        /// paths.mainImageData = JSONPath.root.goTo("cover")
        /// ```
        public var mainImageData: JSONPath? = JSONPath.root.goTo("images").goTo("main")
        /// ``ComponentModel/backgroundImageData``: the image's object; default `images.background`.
        ///
        /// ```swift
        /// paths.backgroundImageData = JSONPath.root.goTo("backdrop")
        /// ```
        public var backgroundImageData: JSONPath? = JSONPath.root.goTo("images").goTo("background")
        /// ``ComponentModel/customImageData``: an object whose members are image objects by name;
        /// default `images.custom`.
        ///
        /// ```swift
        /// paths.customImageData = JSONPath.root.goTo("artwork")
        /// ```
        public var customImageData: JSONPath? = JSONPath.root.goTo("images").goTo("custom")
        /// ``ComponentModel/target``: the target's object; default `target`.
        ///
        /// ```swift
        /// paths.target = JSONPath.root.goTo("onTap")
        /// ```
        public var target: JSONPath? = JSONPath.root.goTo("target")
        /// ``ComponentModel/metadata``; default `metadata`.
        ///
        /// ```swift
        /// paths.metadata = JSONPath.root.goTo("meta")
        /// ```
        public var metadata: JSONPath? = JSONPath.root.goTo("metadata")
        /// ``ComponentModel/loggingData``; default `logging`.
        ///
        /// ```swift
        /// paths.loggingData = JSONPath.root.goTo("tracking")
        /// ```
        public var loggingData: JSONPath? = JSONPath.root.goTo("logging")
        /// ``ComponentModel/customData``; default `custom`.
        ///
        /// ```swift
        /// paths.customData = JSONPath.root.goTo("extra")
        /// ```
        public var customData: JSONPath? = JSONPath.root.goTo("custom")
        /// ``ComponentModel/children``: each child's object; default `children[*]`.
        ///
        /// ```swift
        /// paths.children = JSONPath.root.goTo("items").forEach()
        /// ```
        public var children: JSONPath? = JSONPath.root.goTo("children").forEach()

        /// The default schema's component paths.
        ///
        /// ```swift
        /// let paths = HubSchema.ComponentModelPaths()
        /// ```
        public init() {}
    }

    /// The paths of a ``ComponentImageData``'s properties, relative to the image's JSON object.
    ///
    /// ```swift
    /// schema.image.url = JSONPath.root.goTo("src")
    /// ```
    public struct ComponentImageDataPaths: Sendable {
        /// ``ComponentImageData/url``; default `uri`.
        ///
        /// ```swift
        /// paths.url = JSONPath.root.goTo("href")
        /// ```
        public var url: JSONPath? = JSONPath.root.goTo("uri")
        /// ``ComponentImageData/placeholderIcon``; default `placeholder`.
        ///
        /// ```swift
        /// paths.placeholderIcon = JSONPath.root.goTo("fallback")
        /// ```
        public var placeholderIcon: JSONPath? = JSONPath.root.goTo("placeholder")
        /// ``ComponentImageData/localImageName``; default `local`.
        ///
        /// ```swift
        /// paths.localImageName = JSONPath.root.goTo("asset")
        /// ```
        public var localImageName: JSONPath? = JSONPath.root.goTo("local")
        /// ``ComponentImageData/customData``; default `custom`.
        ///
        /// ```swift
        /// paths.customData = JSONPath.root.goTo("extra")
        /// ```
        public var customData: JSONPath? = JSONPath.root.goTo("custom")

        /// The default schema's image paths.
        ///
        /// ```swift
        /// let paths = HubSchema.ComponentImageDataPaths()
        /// ```
        public init() {}
    }

    /// The paths of a ``ComponentTarget``'s properties, relative to the target's JSON object.
    ///
    /// ```swift
    /// schema.target.actionIdentifiers = try JSONPath("$.on_tap[*]")
    /// ```
    public struct ComponentTargetPaths: Sendable {
        /// ``ComponentTarget/uri``; default `uri`.
        ///
        /// ```swift
        /// paths.uri = JSONPath.root.goTo("link")
        /// ```
        public var uri: JSONPath? = JSONPath.root.goTo("uri")
        /// ``ComponentTarget/actionIdentifiers``: an array of `namespace:name` strings, or each such
        /// string; default `actions`.
        ///
        /// ```swift
        /// paths.actionIdentifiers = try JSONPath("$.onTap[*].action")
        /// ```
        public var actionIdentifiers: JSONPath? = JSONPath.root.goTo("actions")
        /// ``ComponentTarget/initialViewModel``: the view model's object; default `view`.
        ///
        /// ```swift
        /// paths.initialViewModel = JSONPath.root.goTo("preload")
        /// ```
        public var initialViewModel: JSONPath? = JSONPath.root.goTo("view")
        /// ``ComponentTarget/customData``; default `custom`.
        ///
        /// ```swift
        /// paths.customData = JSONPath.root.goTo("extra")
        /// ```
        public var customData: JSONPath? = JSONPath.root.goTo("custom")

        /// The default schema's target paths.
        ///
        /// ```swift
        /// let paths = HubSchema.ComponentTargetPaths()
        /// ```
        public init() {}
    }
}
