import Sift

/// The four Hub model types.
enum HubModelKind: Int, CaseIterable, Sendable {
    case viewModel, component, image, target

    /// The automaton program that parses this model (the same numbers in every automaton of a
    /// schema; program 0 is the document root).
    var program: Int { rawValue + 1 }

    init(program: Int) {
        guard let kind = HubModelKind(rawValue: program - 1) else {
            preconditionFailure("program \(program) parses no Hub model")
        }
        self = kind
    }

    /// The name of the model's section in a schema's JSON description.
    var sectionName: String {
        switch self {
        case .viewModel: "viewModel"
        case .component: "component"
        case .image: "image"
        case .target: "target"
        }
    }
}

/// What a property holds, which decides how its path is compiled and its values converted.
enum HubValueKind: Sendable {
    /// A string (also the `namespace:name` component identifier and the category).
    case string
    /// A string that parses as a URL.
    case url
    /// An object, kept as a dictionary.
    case dictionary
    /// `namespace:name` strings (or arrays of them), collected.
    case identifiers
    /// An object whose members are image objects by name.
    case images
    /// One nested model: the first valid one wins.
    case model(HubModelKind)
    /// Nested models, collected in order.
    case models(HubModelKind)
}

/// A property of one of the model types: its name in a schema's JSON description, its key in the
/// default schema, what it holds, and where its path is kept in ``HubSchema``.
struct HubProperty: Sendable {
    let model: HubModelKind
    /// The position of the property in its model's table, used as the automaton tag.
    let tag: Int
    /// The Swift property name, as written in a schema's JSON description.
    let name: String
    /// The key in the default schema (dots for nesting), also accepted in a JSON description.
    let defaultKey: String
    let kind: HubValueKind
    let path: @Sendable (HubSchema) -> JSONPath?
    let setPath: @Sendable (inout HubSchema, JSONPath?) -> Void

    /// Every property of `model`, in tag order.
    static func all(of model: HubModelKind) -> [HubProperty] {
        switch model {
        case .viewModel: viewModel
        case .component: component
        case .image: image
        case .target: target
        }
    }

    static let viewModel: [HubProperty] = [
        HubProperty(.viewModel, ViewModelTag.identifier, "identifier", "id", .string, \.viewModel.identifier),
        HubProperty(
            .viewModel, ViewModelTag.navigationBarTitle, "navigationBarTitle", "title", .string,
            \.viewModel.navigationBarTitle),
        HubProperty(
            .viewModel, ViewModelTag.headerComponent, "headerComponent", "header", .model(.component),
            \.viewModel.headerComponent),
        HubProperty(
            .viewModel, ViewModelTag.bodyComponents, "bodyComponents", "body", .models(.component),
            \.viewModel.bodyComponents),
        HubProperty(
            .viewModel, ViewModelTag.overlayComponents, "overlayComponents", "overlays", .models(.component),
            \.viewModel.overlayComponents),
        HubProperty(.viewModel, ViewModelTag.customData, "customData", "custom", .dictionary, \.viewModel.customData),
    ]

    static let component: [HubProperty] = [
        HubProperty(.component, ComponentTag.identifier, "identifier", "id", .string, \.component.identifier),
        HubProperty(
            .component, ComponentTag.groupIdentifier, "groupIdentifier", "group", .string, \.component.groupIdentifier),
        HubProperty(
            .component, ComponentTag.componentIdentifier, "componentIdentifier", "component.id", .string,
            \.component.componentIdentifier),
        HubProperty(
            .component, ComponentTag.componentCategory, "componentCategory", "component.category", .string,
            \.component.componentCategory),
        HubProperty(.component, ComponentTag.title, "title", "text.title", .string, \.component.title),
        HubProperty(.component, ComponentTag.subtitle, "subtitle", "text.subtitle", .string, \.component.subtitle),
        HubProperty(
            .component, ComponentTag.accessoryTitle, "accessoryTitle", "text.accessory", .string,
            \.component.accessoryTitle),
        HubProperty(
            .component, ComponentTag.descriptionText, "descriptionText", "text.description", .string,
            \.component.descriptionText),
        HubProperty(.component, ComponentTag.icon, "icon", "images.icon", .string, \.component.icon),
        HubProperty(
            .component, ComponentTag.mainImageData, "mainImageData", "images.main", .model(.image),
            \.component.mainImageData),
        HubProperty(
            .component, ComponentTag.backgroundImageData, "backgroundImageData", "images.background", .model(.image),
            \.component.backgroundImageData),
        HubProperty(
            .component, ComponentTag.customImageData, "customImageData", "images.custom", .images,
            \.component.customImageData),
        HubProperty(.component, ComponentTag.target, "target", "target", .model(.target), \.component.target),
        HubProperty(.component, ComponentTag.metadata, "metadata", "metadata", .dictionary, \.component.metadata),
        HubProperty(
            .component, ComponentTag.loggingData, "loggingData", "logging", .dictionary, \.component.loggingData),
        HubProperty(.component, ComponentTag.customData, "customData", "custom", .dictionary, \.component.customData),
        HubProperty(
            .component, ComponentTag.children, "children", "children", .models(.component), \.component.children),
    ]

    static let image: [HubProperty] = [
        HubProperty(.image, ImageTag.url, "url", "uri", .url, \.image.url),
        HubProperty(
            .image, ImageTag.placeholderIcon, "placeholderIcon", "placeholder", .string, \.image.placeholderIcon),
        HubProperty(.image, ImageTag.localImageName, "localImageName", "local", .string, \.image.localImageName),
        HubProperty(.image, ImageTag.customData, "customData", "custom", .dictionary, \.image.customData),
    ]

    static let target: [HubProperty] = [
        HubProperty(.target, TargetTag.uri, "uri", "uri", .url, \.target.uri),
        HubProperty(
            .target, TargetTag.actionIdentifiers, "actionIdentifiers", "actions", .identifiers,
            \.target.actionIdentifiers),
        HubProperty(
            .target, TargetTag.initialViewModel, "initialViewModel", "view", .model(.viewModel),
            \.target.initialViewModel),
        HubProperty(.target, TargetTag.customData, "customData", "custom", .dictionary, \.target.customData),
    ]

    private init(
        _ model: HubModelKind, _ tag: Int, _ name: String, _ defaultKey: String, _ kind: HubValueKind,
        _ keyPath: WritableKeyPath<HubSchema, JSONPath?> & Sendable
    ) {
        self.model = model
        self.tag = tag
        self.name = name
        self.defaultKey = defaultKey
        self.kind = kind
        self.path = { $0[keyPath: keyPath] }
        self.setPath = { $0[keyPath: keyPath] = $1 }
    }
}

/// Automaton tags of view model properties (their position in ``HubProperty/viewModel``).
enum ViewModelTag {
    static let identifier = 0, navigationBarTitle = 1, headerComponent = 2, bodyComponents = 3
    static let overlayComponents = 4, customData = 5
}

/// Automaton tags of component properties.
enum ComponentTag {
    static let identifier = 0, groupIdentifier = 1, componentIdentifier = 2, componentCategory = 3
    static let title = 4, subtitle = 5, accessoryTitle = 6, descriptionText = 7, icon = 8
    static let mainImageData = 9, backgroundImageData = 10, customImageData = 11, target = 12
    static let metadata = 13, loggingData = 14, customData = 15, children = 16
}

/// Automaton tags of image properties.
enum ImageTag {
    static let url = 0, placeholderIcon = 1, localImageName = 2, customData = 3
}

/// Automaton tags of target properties.
enum TargetTag {
    static let uri = 0, actionIdentifiers = 1, initialViewModel = 2, customData = 3
}
