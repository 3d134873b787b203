import Sift

/// Builds models from JSON values in memory, with a schema's paths: the properties that cannot
/// stream (custom images, model paths with a runBlock step) and ``ViewModel/init(jsonValue:schema:)``.
///
/// Single-valued properties take the first valid value (combination order, then document order);
/// lists take every valid value. Components come out unidentified, as from the stream.
///
/// `nesting` is how many models the one being built is inside of, itself included (a root view
/// model is at 1, its body components at 2): past ``HubNestingError/maximumDepth`` it throws,
/// as the stream does.
struct HubMemoryParser: Sendable {
    /// The schema's paths by model kind, then property tag.
    private let paths: [[JSONPath?]]

    init(schema: HubSchema) {
        paths = HubModelKind.allCases.map { kind in kind.properties.map { $0.path(schema) } }
    }

    /// A model of `kind` from `value`, or nil when `value` is not an object.
    func model(_ kind: HubModelKind, from value: JSONValue, nesting: Int) throws(HubNestingError) -> HubValue? {
        switch kind {
        case .viewModel: try viewModel(value, nesting: nesting).map { .viewModel(HubModelBox($0)) }
        case .component: try component(value, nesting: nesting).map { .component(HubModelBox($0)) }
        case .image: try image(value, nesting: nesting).map { .image(HubModelBox($0)) }
        case .target: try target(value, nesting: nesting).map { .target(HubModelBox($0)) }
        }
    }

    func viewModel(_ value: JSONValue, nesting: Int) throws(HubNestingError) -> ViewModel? {
        guard case .object = value else { return nil }
        return try viewModel(object: value, nesting: nesting)
    }

    /// The view model of `value`, which is an object.
    func viewModel(object value: JSONValue, nesting: Int) throws(HubNestingError) -> ViewModel {
        var model = ViewModel()
        try fill(.viewModel, from: value, nesting: nesting) { model.assign($0, tag: $1) }
        return model
    }

    func component(_ value: JSONValue, nesting: Int) throws(HubNestingError) -> ComponentModel? {
        guard case .object = value else { return nil }
        var model = ComponentModel(unidentified: ())
        try fill(.component, from: value, nesting: nesting) { model.assign($0, tag: $1) }
        return model
    }

    func image(_ value: JSONValue, nesting: Int) throws(HubNestingError) -> ComponentImageData? {
        guard case .object = value else { return nil }
        var model = ComponentImageData()
        try fill(.image, from: value, nesting: nesting) { model.assign($0, tag: $1) }
        return model
    }

    func target(_ value: JSONValue, nesting: Int) throws(HubNestingError) -> ComponentTarget? {
        guard case .object = value else { return nil }
        var model = ComponentTarget()
        try fill(.target, from: value, nesting: nesting) { model.assign($0, tag: $1) }
        return model
    }

    /// Converts the values of every property of `kind` selected in `value` and hands them to
    /// `assign`: the first valid one for single values, all of them for lists.
    private func fill(
        _ kind: HubModelKind, from value: JSONValue, nesting: Int, assign: (HubValue, Int) -> Void
    ) throws(HubNestingError) {
        guard nesting <= HubNestingError.maximumDepth else { throw HubNestingError() }
        for property in kind.properties {
            guard let path = paths[kind.rawValue][property.tag] else { continue }
            let selected = path.value.values(in: value)
            switch property.kind {
            case .models, .identifiers:
                for element in selected {
                    if let converted = try HubValue.convert(
                        element, as: property.kind, parser: self, nesting: nesting + 1)
                    {
                        assign(converted, property.tag)
                    }
                }
            default:
                for element in selected {
                    if let converted = try HubValue.convert(
                        element, as: property.kind, parser: self, nesting: nesting + 1)
                    {
                        assign(converted, property.tag)
                        break
                    }
                }
            }
        }
    }
}
