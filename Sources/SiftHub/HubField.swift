import Foundation
import Sift

/// How one property of a `Model` is reached: read, and changed in place (so that appending to a
/// list or normalizing a nested model never copies it).
///
/// A class: a ``HubField`` read from a table is then one reference to retain, not two closures.
final class HubAccess<Model, Value>: Sendable {
    let get: @Sendable (Model) -> Value
    let modify: @Sendable (inout Model, (inout Value) -> Void) -> Void

    init(
        _ get: @escaping @Sendable (Model) -> Value,
        _ modify: @escaping @Sendable (inout Model, (inout Value) -> Void) -> Void
    ) {
        self.get = get
        self.modify = modify
    }

    /// Sets the property, moving `value` in (a model's fields are not retained again).
    func set(_ model: inout Model, _ value: consuming Value) {
        var moved: Value? = consume value
        modify(&model) { if let value = moved.take() { $0 = value } }
    }
}

/// What a property of a Hub model holds, with its access.
///
/// Assigning a parsed value, merging two models, normalizing and writing JSON are decided here once per kind, for every property of
/// every model (``HubProperty``'s tables list the properties).
enum HubField<Model>: Sendable {
    case string(HubAccess<Model, String?>)
    case url(HubAccess<Model, URL?>)
    case dictionary(HubAccess<Model, JSONObject?>)
    case identifiers(HubAccess<Model, [HubIdentifier]>)
    case images(HubAccess<Model, [String: ComponentImageData]>)
    case component(HubAccess<Model, ComponentModel?>)
    case components(HubAccess<Model, [ComponentModel]>)
    case image(HubAccess<Model, ComponentImageData?>)
    case target(HubAccess<Model, ComponentTarget?>)
    case viewModel(HubAccess<Model, ViewModel?>)

    /// What the property holds, which decides how its path is compiled and values converted.
    var kind: HubValueKind {
        switch self {
        case .string: .string
        case .url: .url
        case .dictionary: .dictionary
        case .identifiers: .identifiers
        case .images: .images
        case .component: .model(.component)
        case .components: .models(.component)
        case .image: .model(.image)
        case .target: .model(.target)
        case .viewModel: .model(.viewModel)
        }
    }

    /// Whether the property can hold components, at any depth (what normalizing visits).
    var canHoldComponents: Bool {
        switch self {
        case .component, .components, .target, .viewModel: true
        case .string, .url, .dictionary, .identifiers, .images, .image: false
        }
    }

    /// Sets the property to a parsed value (lists append); a value of another kind is ignored.
    ///
    /// A switch on the field alone, then on the value: a switch on the pair would copy both.
    func assign(_ value: consuming HubValue, to model: inout Model) {
        switch self {
        case .string(let access): if case .string(let text) = consume value { access.set(&model, text) }
        case .url(let access): if case .url(let url) = consume value { access.set(&model, url) }
        case .dictionary(let access): if case .dictionary(let object) = consume value { access.set(&model, object) }
        case .identifiers(let access):
            if case .identifiers(let identifiers) = consume value { access.modify(&model) { $0 += identifiers } }
        case .images(let access): if case .images(let images) = consume value { access.set(&model, images) }
        case .component(let access): if case .component(let box) = consume value { access.set(&model, box.take()) }
        case .components(let access):
            if case .component(let box) = consume value { access.modify(&model) { $0.append(box.take()) } }
        case .image(let access): if case .image(let box) = consume value { access.set(&model, box.take()) }
        case .target(let access): if case .target(let box) = consume value { access.set(&model, box.take()) }
        case .viewModel(let access): if case .viewModel(let box) = consume value { access.set(&model, box.take()) }
        }
    }

    /// Moves a finished nested model into the property (a list appends it), leaving nil in
    /// `nested`; a property that holds another kind of model leaves it where it is.
    ///
    /// The streaming assembler's way to hand a model to its parent without a ``HubValue``,
    /// whose ``HubModelBox`` costs two allocations a model.
    func assign<Nested: HubModel>(nested: inout Nested?, to model: inout Model) {
        switch self {
        case .component(let access):
            if let value = Self.take(&nested, as: ComponentModel.self) { access.set(&model, value) }
        case .components(let access):
            guard let value = Self.take(&nested, as: ComponentModel.self) else { return }
            var moved: ComponentModel? = consume value
            access.modify(&model) { if let value = moved.take() { $0.append(value) } }
        case .image(let access):
            if let value = Self.take(&nested, as: ComponentImageData.self) { access.set(&model, value) }
        case .target(let access):
            if let value = Self.take(&nested, as: ComponentTarget.self) { access.set(&model, value) }
        case .viewModel(let access):
            if let value = Self.take(&nested, as: ViewModel.self) { access.set(&model, value) }
        case .string, .url, .dictionary, .identifiers, .images: break
        }
    }

    /// The model in `nested`, moved out, when it is a `Wanted` (a check the compiler folds
    /// away once `Nested` is known).
    @inline(__always)
    private static func take<Nested, Wanted>(_ nested: inout Nested?, as type: Wanted.Type) -> Wanted? {
        guard Nested.self == Wanted.self else { return nil }
        return withUnsafeMutablePointer(to: &nested) { pointer in
            // `Nested` is `Wanted`: the same type, so the same layout.
            pointer.withMemoryRebound(to: Wanted?.self, capacity: 1) { $0.pointee.take() }
        }
    }

    /// Adds what `other` holds to `model` (both normalized): scalars `other` has win, objects
    /// merge shallowly, nested models merge, identifier lists `other` has replace, component
    /// lists merge by identifier (with `index`, kept by the caller across merges into one list).
    func merge(_ other: Model, into model: inout Model, index: inout ComponentIndex) {
        switch self {
        case .string(let access): if let value = access.get(other) { access.set(&model, value) }
        case .url(let access): if let value = access.get(other) { access.set(&model, value) }
        case .dictionary(let access):
            guard let new = access.get(other) else { return }
            access.modify(&model) { $0 = HubMerge.dictionary($0, new) }
        case .identifiers(let access):
            let new = access.get(other)
            if !new.isEmpty { access.set(&model, new) }
        case .images(let access):
            for (name, image) in access.get(other) {
                access.modify(&model) { images in images[name] = HubMerge.optional(images[name], image) }
            }
        case .component(let access): Self.mergeOptional(access, other, &model)
        case .image(let access): Self.mergeOptional(access, other, &model)
        case .target(let access): Self.mergeOptional(access, other, &model)
        case .viewModel(let access): Self.mergeOptional(access, other, &model)
        case .components(let access):
            let new = access.get(other)
            access.modify(&model) { ComponentIndex.merge(new, into: &$0, index: &index) }
        }
    }

    private static func mergeOptional<Nested: HubModel>(
        _ access: HubAccess<Model, Nested?>, _ other: Model, _ model: inout Model
    ) {
        guard let new = access.get(other) else { return }
        access.modify(&model) { $0 = HubMerge.optional($0, new) }
    }

    /// Merges components that share an identifier in nested lists, at every level, in place.
    func normalize(_ model: inout Model) {
        switch self {
        case .component(let access): access.modify(&model) { $0?.normalize() }
        case .components(let access): access.modify(&model) { ComponentIndex.deduplicate(&$0) }
        case .target(let access): access.modify(&model) { $0?.normalize() }
        case .viewModel(let access): access.modify(&model) { $0?.normalize() }
        case .string, .url, .dictionary, .identifiers, .images, .image: break
        }
    }

    /// Writes the property's value when it has one (not nil, not empty), and says whether it did.
    ///
    /// `opening` writes first (the key, and the objects a dotted key nests in). The value is read
    /// once, for the check and the writing. Custom images are sorted by name, so the output is
    /// the same on every run.
    func write<Sink: HubJSONSink>(
        _ model: Model, to sink: inout Sink, opening: (inout Sink) throws(Sink.Failure) -> Void
    ) throws(Sink.Failure) -> Bool {
        switch self {
        case .string(let access):
            guard let value = access.get(model) else { return false }
            try opening(&sink)
            try sink.string(value)
        case .url(let access):
            guard let value = access.get(model) else { return false }
            try opening(&sink)
            try sink.string(value.absoluteString)
        case .dictionary(let access):
            guard let value = access.get(model) else { return false }
            try opening(&sink)
            try sink.write(.object(value))
        case .identifiers(let access):
            let identifiers = access.get(model)
            guard !identifiers.isEmpty else { return false }
            try opening(&sink)
            try sink.beginArray()
            for identifier in identifiers { try sink.string(identifier.description) }
            try sink.endArray()
        case .images(let access):
            let images = access.get(model)
            guard !images.isEmpty else { return false }
            try opening(&sink)
            try sink.beginObject()
            for (name, image) in images.sorted(by: { $0.key < $1.key }) {
                try sink.key(name)
                try image.write(to: &sink)
            }
            try sink.endObject()
        case .component(let access): return try Self.write(access, model, to: &sink, opening: opening)
        case .components(let access):
            let components = access.get(model)
            guard !components.isEmpty else { return false }
            try opening(&sink)
            try sink.beginArray()
            for component in components { try component.write(to: &sink) }
            try sink.endArray()
        case .image(let access): return try Self.write(access, model, to: &sink, opening: opening)
        case .target(let access): return try Self.write(access, model, to: &sink, opening: opening)
        case .viewModel(let access): return try Self.write(access, model, to: &sink, opening: opening)
        }
        return true
    }

    /// Writes a nested model when there is one, after `opening`; returns whether it wrote.
    private static func write<Nested: HubModel, Sink: HubJSONSink>(
        _ access: HubAccess<Model, Nested?>, _ model: Model, to sink: inout Sink,
        opening: (inout Sink) throws(Sink.Failure) -> Void
    ) throws(Sink.Failure) -> Bool {
        guard let value = access.get(model) else { return false }
        try opening(&sink)
        try value.write(to: &sink)
        return true
    }
}

/// How optional models and free-form objects merge.
enum HubMerge {
    /// Shallow: the members of `new` win, the others of `base` stay.
    static func dictionary(_ base: JSONObject?, _ new: JSONObject?) -> JSONObject? {
        guard let new else { return base }
        guard var base, !base.isEmpty else { return new }
        for member in new { base[member.key] = member.value }
        return base
    }

    /// Optional models merge when both exist; otherwise whichever exists.
    static func optional<Nested: HubModel>(_ base: Nested?, _ new: Nested?) -> Nested? {
        guard let new else { return base }
        guard var base else { return new }
        base.merge(new)
        return base
    }
}
