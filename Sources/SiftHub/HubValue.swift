import Foundation
import Sift

/// A converted value for one property of a model, from the stream or from memory (models are
/// boxed, so that the common case, a string, stays a small value; see ``HubModelBox``).
enum HubValue {
    case string(String)
    case url(URL)
    case dictionary(JSONObject)
    case identifiers([HubIdentifier])
    case images([String: ComponentImageData])
    case viewModel(HubModelBox<ViewModel>)
    case component(HubModelBox<ComponentModel>)
    case image(HubModelBox<ComponentImageData>)
    case target(HubModelBox<ComponentTarget>)

    /// Converts a JSON value for a property holding `kind`; nil when it has the wrong type.
    ///
    /// Model kinds are converted by ``HubMemoryParser``, at `nesting` (see there).
    static func convert(
        _ value: JSONValue, as kind: HubValueKind, parser: HubMemoryParser, nesting: Int
    ) throws(HubNestingError) -> HubValue? {
        switch kind {
        case .string:
            guard case .string(let text) = value else { return nil }
            return .string(text)
        case .url:
            return URL(jsonScalar: value).map(HubValue.url)
        case .dictionary:
            guard case .object(let object) = value else { return nil }
            return .dictionary(object)
        case .identifiers:
            return .identifiers(identifiers(value))
        case .images:
            guard case .object(let object) = value else { return nil }
            var images: [String: ComponentImageData] = [:]
            for member in object {
                if let image = try parser.image(member.value, nesting: nesting) { images[member.key] = image }
            }
            return .images(images)
        case .model(let model), .models(let model):
            return try parser.model(model, from: value, nesting: nesting)
        }
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
