import Sift

/// Builds models from JSON values in memory, with a schema's paths: the properties that cannot
/// stream (custom images, model paths with a runBlock step) and ``ViewModel/init(jsonValue:schema:)``.
///
/// Single-valued properties take the first valid value (combination order, then document order);
/// lists take every valid value. Components come out unidentified, as from the stream.
struct HubMemoryParser: Sendable {
    /// The schema's paths by model kind, then property tag.
    private let paths: [[JSONPath?]]

    init(schema: HubSchema) {
        paths = HubModelKind.allCases.map { kind in kind.properties.map { $0.path(schema) } }
    }

    /// A model of `kind` from `value`, or nil when `value` is not an object.
    func model(_ kind: HubModelKind, from value: JSONValue) -> HubValue? {
        switch kind {
        case .viewModel: viewModel(value).map { .viewModel(HubModelBox($0)) }
        case .component: component(value).map { .component(HubModelBox($0)) }
        case .image: image(value).map { .image(HubModelBox($0)) }
        case .target: target(value).map { .target(HubModelBox($0)) }
        }
    }

    func viewModel(_ value: JSONValue) -> ViewModel? {
        guard case .object = value else { return nil }
        return viewModel(object: value)
    }

    /// The view model of `value`, which is an object.
    func viewModel(object value: JSONValue) -> ViewModel {
        var model = ViewModel()
        fill(.viewModel, from: value) { model.assign($0, tag: $1) }
        return model
    }

    func component(_ value: JSONValue) -> ComponentModel? {
        guard case .object = value else { return nil }
        var model = ComponentModel(unidentified: ())
        fill(.component, from: value) { model.assign($0, tag: $1) }
        return model
    }

    func image(_ value: JSONValue) -> ComponentImageData? {
        guard case .object = value else { return nil }
        var model = ComponentImageData()
        fill(.image, from: value) { model.assign($0, tag: $1) }
        return model
    }

    func target(_ value: JSONValue) -> ComponentTarget? {
        guard case .object = value else { return nil }
        var model = ComponentTarget()
        fill(.target, from: value) { model.assign($0, tag: $1) }
        return model
    }

    /// Converts the values of every property of `kind` selected in `value` and hands them to
    /// `assign`: the first valid one for single values, all of them for lists.
    private func fill(_ kind: HubModelKind, from value: JSONValue, assign: (HubValue, Int) -> Void) {
        for property in kind.properties {
            guard let path = paths[kind.rawValue][property.tag] else { continue }
            let selected = path.value.values(in: value)
            switch property.kind {
            case .models, .identifiers:
                for element in selected {
                    if let converted = HubValue.convert(element, as: property.kind, parser: self) {
                        assign(converted, property.tag)
                    }
                }
            default:
                for element in selected {
                    if let converted = HubValue.convert(element, as: property.kind, parser: self) {
                        assign(converted, property.tag)
                        break
                    }
                }
            }
        }
    }
}
