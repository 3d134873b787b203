import Foundation
import Sift

/// A converted value for one property of a model, from the stream or from memory (models are
/// boxed, so that the common case, a string, stays a small value).
enum HubValue {
    case string(String)
    case url(URL)
    case dictionary(JSONObject)
    case identifiers([HubIdentifier])
    case images([String: ComponentImageData])
    indirect case viewModel(ViewModel)
    indirect case component(ComponentModel)
    indirect case image(ComponentImageData)
    indirect case target(ComponentTarget)

    /// Converts a JSON value for a property holding `kind`; nil when it has the wrong type.
    ///
    /// Model kinds are converted by ``HubMemoryParser``.
    static func convert(_ value: JSONValue, as kind: HubValueKind, parser: HubMemoryParser) -> HubValue? {
        switch kind {
        case .string:
            guard case .string(let text) = value else { return nil }
            return .string(text)
        case .url:
            guard case .string(let text) = value, let url = makeURL(text) else { return nil }
            return .url(url)
        case .dictionary:
            guard case .object(let object) = value else { return nil }
            return .dictionary(object)
        case .identifiers:
            return .identifiers(identifiers(value))
        case .images:
            guard case .object(let object) = value else { return nil }
            var images: [String: ComponentImageData] = [:]
            for member in object {
                if let image = parser.image(member.value) { images[member.key] = image }
            }
            return .images(images)
        case .model(let model), .models(let model):
            return parser.model(model, from: value)
        }
    }

    /// A URL as the engine's `url` destination makes it: absolute or relative, and nil for text
    /// with characters a URL cannot hold.
    static func makeURL(_ text: String) -> URL? {
        URL(string: text, encodingInvalidCharacters: false)
    }

    /// The valid `namespace:name` identifiers of a string or an array of strings.
    static func identifiers(_ value: JSONValue) -> [HubIdentifier] {
        switch value {
        case .string(let text): return HubIdentifier(text).map { [$0] } ?? []
        case .array(let elements):
            return elements.compactMap { element in
                if case .string(let text) = element { HubIdentifier(text) } else { nil }
            }
        default: return []
        }
    }
}

extension ViewModel {
    /// Sets (or, for lists, appends) the property with `tag`.
    mutating func assign(_ value: HubValue, tag: Int) {
        switch (tag, value) {
        case (ViewModelTag.identifier, .string(let text)): identifier = text
        case (ViewModelTag.navigationBarTitle, .string(let text)): navigationBarTitle = text
        case (ViewModelTag.headerComponent, .component(let component)): headerComponent = component
        case (ViewModelTag.bodyComponents, .component(let component)): bodyComponents.append(component)
        case (ViewModelTag.overlayComponents, .component(let component)): overlayComponents.append(component)
        case (ViewModelTag.customData, .dictionary(let dictionary)): customData = dictionary
        default: break
        }
    }
}

extension ComponentModel {
    /// Sets (or, for lists, appends) the property with `tag`.
    mutating func assign(_ value: HubValue, tag: Int) {
        switch (tag, value) {
        case (ComponentTag.identifier, .string(let text)):
            identifier = text
            hasGeneratedIdentifier = false
        case (ComponentTag.groupIdentifier, .string(let text)): groupIdentifier = text
        case (ComponentTag.componentIdentifier, .string(let text)):
            componentNamespace = nil
            setComponentIdentifier(text)
        case (ComponentTag.componentCategory, .string(let text)): componentCategory = ComponentCategory(rawValue: text)
        case (ComponentTag.title, .string(let text)): title = text
        case (ComponentTag.subtitle, .string(let text)): subtitle = text
        case (ComponentTag.accessoryTitle, .string(let text)): accessoryTitle = text
        case (ComponentTag.descriptionText, .string(let text)): descriptionText = text
        case (ComponentTag.icon, .string(let text)): icon = text
        case (ComponentTag.mainImageData, .image(let image)): mainImageData = image
        case (ComponentTag.backgroundImageData, .image(let image)): backgroundImageData = image
        case (ComponentTag.customImageData, .images(let images)): customImageData = images
        case (ComponentTag.target, .target(let target)): self.target = target
        case (ComponentTag.metadata, .dictionary(let dictionary)): metadata = dictionary
        case (ComponentTag.loggingData, .dictionary(let dictionary)): loggingData = dictionary
        case (ComponentTag.customData, .dictionary(let dictionary)): customData = dictionary
        case (ComponentTag.children, .component(let child)): children.append(child)
        default: break
        }
    }
}

extension ComponentImageData {
    /// Sets the property with `tag`.
    mutating func assign(_ value: HubValue, tag: Int) {
        switch (tag, value) {
        case (ImageTag.url, .url(let url)): self.url = url
        case (ImageTag.placeholderIcon, .string(let text)): placeholderIcon = text
        case (ImageTag.localImageName, .string(let text)): localImageName = text
        case (ImageTag.customData, .dictionary(let dictionary)): customData = dictionary
        default: break
        }
    }
}

extension ComponentTarget {
    /// Sets (or, for actions, appends) the property with `tag`.
    mutating func assign(_ value: HubValue, tag: Int) {
        switch (tag, value) {
        case (TargetTag.uri, .url(let url)): uri = url
        case (TargetTag.actionIdentifiers, .identifiers(let identifiers)): actionIdentifiers += identifiers
        case (TargetTag.initialViewModel, .viewModel(let viewModel)): initialViewModel = viewModel
        case (TargetTag.customData, .dictionary(let dictionary)): customData = dictionary
        default: break
        }
    }
}
