import Sift

/// A Hub model type (view model, component, image data, target), described by its table of
/// properties (``HubProperty``): everything below reads the table, so no model repeats per
/// property how it is assigned, merged, normalized or written.
protocol HubModel: Sendable {
    static var modelKind: HubModelKind { get }
    /// The properties, in automaton tag order, which is also the order they are written in.
    static var hubProperties: [HubProperty<Self>] { get }
    /// The fields of ``hubProperties`` alone, in the same order (read on every assignment).
    static var hubFields: ContiguousArray<HubField<Self>> { get }
    /// The fields that can hold components, which ``normalize()`` visits.
    static var nestingFields: ContiguousArray<HubField<Self>> { get }
}

extension HubModel {
    /// The tag of the property named `name` (a table's own rows name real properties).
    static func tag(of name: String) -> Int {
        guard let tag = hubProperties.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("\(Self.self) has no property \(name)")
        }
        return tag
    }

    /// Sets (or, for lists, appends) the property with `tag`.
    mutating func assign(_ value: consuming HubValue, tag: Int) {
        // Moved through the closure, so that its strings and objects are not retained again.
        var moved: HubValue? = consume value
        Self.hubFields.withUnsafeBufferPointer { fields in
            if let value = moved.take() { fields[tag].assign(value, to: &self) }
        }
    }

    /// Moves a finished nested model into the property with `tag` (see
    /// ``HubField/assign(nested:to:)``).
    mutating func assign<Nested: HubModel>(nested: inout Nested?, tag: Int) {
        Self.hubFields.withUnsafeBufferPointer { fields in fields[tag].assign(nested: &nested, to: &self) }
    }

    /// Adds what a normalized `other` holds to this normalized model.
    mutating func merge(_ other: Self) {
        var indexes = HubMergeIndexes(keeps: false)
        merge(other, indexes: &indexes)
    }

    /// Adds a normalized `other`, reusing the indexes of component lists across calls when
    /// `indexes` keeps them (merging many payloads into one model).
    mutating func merge(_ other: Self, indexes: inout HubMergeIndexes) {
        for (tag, property) in Self.hubProperties.enumerated() {
            if let merge = property.customMerge {
                merge(&self, other)
                continue
            }
            var index = indexes.take(tag)
            property.field.merge(other, into: &self, index: &index)
            indexes.keep(index, tag: tag)
        }
    }

    /// Merges components that share an identifier inside each list, at every level.
    mutating func normalize() {
        Self.nestingFields.withUnsafeBufferPointer { fields in
            for field in fields { field.normalize(&self) }
        }
    }

    /// Writes the model as JSON in the default schema: properties in table order under their
    /// default keys (a dotted key nests: `text.title`), those that are nil or empty left out.
    ///
    /// The table is read in place (a row copied out would retain each of its strings and
    /// closures, for every property of every model written), and the objects a dotted key
    /// nests in are tracked as a prefix of the last written row's keys, without a list of
    /// their own.
    func write<Sink: HubJSONSink>(to sink: inout Sink) throws(Sink.Failure) {
        try sink.beginObject()
        try Self.hubProperties.withUnsafeBufferPointer { properties throws(Sink.Failure) in
            // The row whose enclosing objects are open, and how many of them.
            var openRow = 0
            var openCount = 0
            for row in properties.indices {
                let written = try properties[row].field.write(self, to: &sink) { sink throws(Sink.Failure) in
                    let groupCount = properties[row].jsonKeys.count - 1
                    var shared = 0
                    while shared < openCount, shared < groupCount,
                        properties[openRow].jsonKeys[shared] == properties[row].jsonKeys[shared]
                    {
                        shared += 1
                    }
                    for _ in shared..<openCount { try sink.endObject() }
                    for group in shared..<groupCount {
                        try sink.key(properties[row].jsonKeys[group])
                        try sink.beginObject()
                    }
                    try sink.key(properties[row].jsonKeys[groupCount])
                }
                if written { (openRow, openCount) = (row, properties[row].jsonKeys.count - 1) }
            }
            for _ in 0..<openCount { try sink.endObject() }
        }
        try sink.endObject()
    }
}

/// The indexes of component lists during merges, by property tag; kept across merges only when
/// asked (``ViewModelBuilder``, whose lists only grow).
struct HubMergeIndexes {
    let keeps: Bool
    private var indexes: [Int: ComponentIndex] = [:]

    init(keeps: Bool) {
        self.keeps = keeps
    }

    mutating func take(_ tag: Int) -> ComponentIndex {
        guard keeps else { return ComponentIndex() }
        return indexes.removeValue(forKey: tag) ?? ComponentIndex()
    }

    mutating func keep(_ index: ComponentIndex, tag: Int) {
        if keeps { indexes[tag] = index }
    }
}

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

    /// The model's properties, without their access (for schemas and automata).
    var properties: [HubPropertyInfo] { HubPropertyInfo.tables[rawValue] }
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

/// A property as schemas and automata see it: tag, names, kind and schema path.
struct HubPropertyInfo: Sendable {
    let tag: Int
    let name: String
    let defaultKey: String
    let kind: HubValueKind
    let schemaPath: WritableKeyPath<HubSchema, JSONPath?> & Sendable

    func path(_ schema: HubSchema) -> JSONPath? { schema[keyPath: schemaPath] }

    func setPath(_ schema: inout HubSchema, _ path: JSONPath?) { schema[keyPath: schemaPath] = path }

    /// Every model's properties, by ``HubModelKind/rawValue``.
    static let tables: [[HubPropertyInfo]] = HubModelKind.allCases.map { kind in
        switch kind {
        case .viewModel: infos(ViewModel.self)
        case .component: infos(ComponentModel.self)
        case .image: infos(ComponentImageData.self)
        case .target: infos(ComponentTarget.self)
        }
    }

    private static func infos<Model: HubModel>(_ model: Model.Type) -> [HubPropertyInfo] {
        Model.hubProperties.enumerated().map { tag, property in
            HubPropertyInfo(
                tag: tag, name: property.name, defaultKey: property.defaultKey, kind: property.field.kind,
                schemaPath: property.schemaPath)
        }
    }
}
