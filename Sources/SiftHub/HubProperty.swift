import Sift

/// One property of a Hub model: its name in a schema's JSON description, its key in the default
/// schema (dots for nesting; also the key it is written under), where its path is kept in
/// ``HubSchema``, and what it holds with its access (``HubField``).
///
/// The tables below are the one place a property is described: its automaton tag is its position
/// in its table, and assignment, merging, normalizing, JSON writing and the schema's JSON
/// description all read them. Adding a property to a model means adding the stored property to
/// the model type, its default path to ``HubSchema``'s paths, and a row here.
struct HubProperty<Model>: Sendable {
    let name: String
    let defaultKey: String
    /// The default key split at its dots: the objects it nests in, then the member's key.
    let jsonKeys: [String]
    let schemaPath: WritableKeyPath<HubSchema, JSONPath?> & Sendable
    let field: HubField<Model>
    /// Replaces the field's merge, for a property stored in parts (the component identifier).
    let customMerge: (@Sendable (inout Model, Model) -> Void)?

    init(
        _ name: String, _ defaultKey: String, _ schemaPath: WritableKeyPath<HubSchema, JSONPath?> & Sendable,
        _ field: HubField<Model>, merge: (@Sendable (inout Model, Model) -> Void)? = nil
    ) {
        self.name = name
        self.defaultKey = defaultKey
        self.jsonKeys = defaultKey.split(separator: ".").map(String.init)
        self.schemaPath = schemaPath
        self.field = field
        self.customMerge = merge
    }
}

extension ViewModel: HubModel {
    static let modelKind = HubModelKind.viewModel

    static let hubFields = ContiguousArray<HubField<ViewModel>>(hubProperties.map(\.field))
    static let nestingFields = ContiguousArray<HubField<ViewModel>>(hubFields.filter(\.canHoldComponents))

    static let hubProperties: [HubProperty<ViewModel>] = [
        HubProperty(
            "identifier", "id", \.viewModel.identifier, .string(.init({ $0.identifier }, { $1(&$0.identifier) }))),
        HubProperty(
            "navigationBarTitle", "title", \.viewModel.navigationBarTitle,
            .string(.init({ $0.navigationBarTitle }, { $1(&$0.navigationBarTitle) }))),
        HubProperty(
            "headerComponent", "header", \.viewModel.headerComponent,
            .component(.init({ $0.headerComponent }, { $1(&$0.headerComponent) }))),
        HubProperty(
            "bodyComponents", "body", \.viewModel.bodyComponents,
            .components(.init({ $0.bodyComponents }, { $1(&$0.bodyComponents) }))),
        HubProperty(
            "overlayComponents", "overlays", \.viewModel.overlayComponents,
            .components(.init({ $0.overlayComponents }, { $1(&$0.overlayComponents) }))),
        HubProperty(
            "customData", "custom", \.viewModel.customData,
            .dictionary(.init({ $0.customData }, { $1(&$0.customData) }))),
    ]

    /// The tag of the body components (the property a root array's elements go to).
    static let bodyComponentsTag = tag(of: "bodyComponents")
}

extension ComponentModel: HubModel {
    static let modelKind = HubModelKind.component

    static let hubFields = ContiguousArray<HubField<ComponentModel>>(hubProperties.map(\.field))
    static let nestingFields = ContiguousArray<HubField<ComponentModel>>(hubFields.filter(\.canHoldComponents))

    static let hubProperties: [HubProperty<ComponentModel>] = [
        HubProperty(
            "identifier", "id", \.component.identifier,
            .string(
                .init(
                    { $0.hasGeneratedIdentifier ? nil : $0.identifier },
                    { model, body in
                        var value = model.hasGeneratedIdentifier ? nil : model.identifier
                        body(&value)
                        guard let value else { return }
                        model.identifier = value
                        model.hasGeneratedIdentifier = false
                    }))),
        HubProperty(
            "groupIdentifier", "group", \.component.groupIdentifier,
            .string(.init({ $0.groupIdentifier }, { $1(&$0.groupIdentifier) }))),
        HubProperty(
            "componentIdentifier", "component.id", \.component.componentIdentifier,
            .string(
                .init(
                    { $0.componentIdentifier },
                    { model, body in
                        var value = model.componentIdentifier
                        body(&value)
                        model.componentNamespace = nil
                        model.componentName = nil
                        if let value { model.setComponentIdentifier(value) }
                    })),
            merge: { model, other in
                if let value = other.componentNamespace { model.componentNamespace = value }
                if let value = other.componentName { model.componentName = value }
            }),
        HubProperty(
            "componentCategory", "component.category", \.component.componentCategory,
            .string(
                .init(
                    { $0.componentCategory?.rawValue },
                    { model, body in
                        var value = model.componentCategory?.rawValue
                        body(&value)
                        model.componentCategory = value.map { ComponentCategory(rawValue: $0) }
                    }))),
        HubProperty("title", "text.title", \.component.title, .string(.init({ $0.title }, { $1(&$0.title) }))),
        HubProperty(
            "subtitle", "text.subtitle", \.component.subtitle, .string(.init({ $0.subtitle }, { $1(&$0.subtitle) }))),
        HubProperty(
            "accessoryTitle", "text.accessory", \.component.accessoryTitle,
            .string(.init({ $0.accessoryTitle }, { $1(&$0.accessoryTitle) }))),
        HubProperty(
            "descriptionText", "text.description", \.component.descriptionText,
            .string(.init({ $0.descriptionText }, { $1(&$0.descriptionText) }))),
        HubProperty("icon", "images.icon", \.component.icon, .string(.init({ $0.icon }, { $1(&$0.icon) }))),
        HubProperty(
            "mainImageData", "images.main", \.component.mainImageData,
            .image(.init({ $0.mainImageData }, { $1(&$0.mainImageData) }))),
        HubProperty(
            "backgroundImageData", "images.background", \.component.backgroundImageData,
            .image(.init({ $0.backgroundImageData }, { $1(&$0.backgroundImageData) }))),
        HubProperty(
            "customImageData", "images.custom", \.component.customImageData,
            .images(.init({ $0.customImageData }, { $1(&$0.customImageData) }))),
        HubProperty("target", "target", \.component.target, .target(.init({ $0.target }, { $1(&$0.target) }))),
        HubProperty(
            "metadata", "metadata", \.component.metadata, .dictionary(.init({ $0.metadata }, { $1(&$0.metadata) }))),
        HubProperty(
            "loggingData", "logging", \.component.loggingData,
            .dictionary(.init({ $0.loggingData }, { $1(&$0.loggingData) }))),
        HubProperty(
            "customData", "custom", \.component.customData,
            .dictionary(.init({ $0.customData }, { $1(&$0.customData) }))),
        HubProperty(
            "children", "children", \.component.children, .components(.init({ $0.children }, { $1(&$0.children) }))),
    ]
}

extension ComponentImageData: HubModel {
    static let modelKind = HubModelKind.image

    static let hubFields = ContiguousArray<HubField<ComponentImageData>>(hubProperties.map(\.field))
    static let nestingFields = ContiguousArray<HubField<ComponentImageData>>(hubFields.filter(\.canHoldComponents))

    static let hubProperties: [HubProperty<ComponentImageData>] = [
        HubProperty("url", "uri", \.image.url, .url(.init({ $0.url }, { $1(&$0.url) }))),
        HubProperty(
            "placeholderIcon", "placeholder", \.image.placeholderIcon,
            .string(.init({ $0.placeholderIcon }, { $1(&$0.placeholderIcon) }))),
        HubProperty(
            "localImageName", "local", \.image.localImageName,
            .string(.init({ $0.localImageName }, { $1(&$0.localImageName) }))),
        HubProperty(
            "customData", "custom", \.image.customData, .dictionary(.init({ $0.customData }, { $1(&$0.customData) }))),
    ]
}

extension ComponentTarget: HubModel {
    static let modelKind = HubModelKind.target

    static let hubFields = ContiguousArray<HubField<ComponentTarget>>(hubProperties.map(\.field))
    static let nestingFields = ContiguousArray<HubField<ComponentTarget>>(hubFields.filter(\.canHoldComponents))

    static let hubProperties: [HubProperty<ComponentTarget>] = [
        HubProperty("uri", "uri", \.target.uri, .url(.init({ $0.uri }, { $1(&$0.uri) }))),
        HubProperty(
            "actionIdentifiers", "actions", \.target.actionIdentifiers,
            .identifiers(.init({ $0.actionIdentifiers }, { $1(&$0.actionIdentifiers) }))),
        HubProperty(
            "initialViewModel", "view", \.target.initialViewModel,
            .viewModel(.init({ $0.initialViewModel }, { $1(&$0.initialViewModel) }))),
        HubProperty(
            "customData", "custom", \.target.customData, .dictionary(.init({ $0.customData }, { $1(&$0.customData) }))),
    ]
}
