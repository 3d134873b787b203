import Sift

// Serialization in the default schema. Keys come in the order of the Hub JSON programming guide's
// tables; properties that are nil or empty are left out (so JSON → model → JSON gives back the
// default-schema input), as are generated component identifiers; free-form objects keep their
// members' order, custom images come sorted by name, so the output is the same on every run.
//
// Each model writes itself once, to a `HubJSONSink`: the engine's `JSONWriter` streams the text,
// the engine's `JSONValueBuilder` builds the `JSONValue` (both in time linear in the output).

extension ViewModel {
    /// The view model as JSON in the default schema.
    ///
    /// ```swift
    /// let viewModel = ViewModel(navigationBarTitle: "Home")
    /// viewModel.jsonValue // {"title":"Home"}
    /// ```
    public var jsonValue: JSONValue {
        JSONValueBuilder.value { write(to: &$0) }
    }

    func write<Sink: HubJSONSink>(to sink: inout Sink) throws(Sink.Failure) {
        try sink.beginObject()
        try sink.member("id", identifier)
        try sink.member("title", navigationBarTitle)
        if let headerComponent {
            try sink.key("header")
            try headerComponent.write(to: &sink)
        }
        try sink.components("body", bodyComponents)
        try sink.components("overlays", overlayComponents)
        try sink.member("custom", customData)
        try sink.endObject()
    }
}

extension ComponentModel {
    /// The component as JSON in the default schema.
    ///
    /// ```swift
    /// let row = ComponentModel(identifier: "row-0", componentNamespace: "default", componentName: "row", title: "Hi")
    /// row.jsonValue // {"id":"row-0","component":{"id":"default:row"},"text":{"title":"Hi"}}
    /// ```
    public var jsonValue: JSONValue {
        JSONValueBuilder.value { write(to: &$0) }
    }

    func write<Sink: HubJSONSink>(to sink: inout Sink) throws(Sink.Failure) {
        try sink.beginObject()
        if !hasGeneratedIdentifier { try sink.member("id", identifier) }
        try sink.member("group", groupIdentifier)
        if componentIdentifier != nil || componentCategory != nil {
            try sink.key("component")
            try sink.beginObject()
            try sink.member("id", componentIdentifier)
            try sink.member("category", componentCategory?.rawValue)
            try sink.endObject()
        }
        if title != nil || subtitle != nil || accessoryTitle != nil || descriptionText != nil {
            try sink.key("text")
            try sink.beginObject()
            try sink.member("title", title)
            try sink.member("subtitle", subtitle)
            try sink.member("accessory", accessoryTitle)
            try sink.member("description", descriptionText)
            try sink.endObject()
        }
        if icon != nil || mainImageData != nil || backgroundImageData != nil || !customImageData.isEmpty {
            try sink.key("images")
            try sink.beginObject()
            try sink.member("icon", icon)
            if let mainImageData {
                try sink.key("main")
                try mainImageData.write(to: &sink)
            }
            if let backgroundImageData {
                try sink.key("background")
                try backgroundImageData.write(to: &sink)
            }
            if !customImageData.isEmpty {
                try sink.key("custom")
                try sink.beginObject()
                for (name, image) in customImageData.sorted(by: { $0.key < $1.key }) {
                    try sink.key(name)
                    try image.write(to: &sink)
                }
                try sink.endObject()
            }
            try sink.endObject()
        }
        if let target {
            try sink.key("target")
            try target.write(to: &sink)
        }
        try sink.member("metadata", metadata)
        try sink.member("logging", loggingData)
        try sink.member("custom", customData)
        try sink.components("children", children)
        try sink.endObject()
    }
}

extension ComponentImageData {
    /// The image data as JSON in the default schema.
    ///
    /// ```swift
    /// ComponentImageData(placeholderIcon: "album").jsonValue // {"placeholder":"album"}
    /// ```
    public var jsonValue: JSONValue {
        JSONValueBuilder.value { write(to: &$0) }
    }

    func write<Sink: HubJSONSink>(to sink: inout Sink) throws(Sink.Failure) {
        try sink.beginObject()
        try sink.member("uri", url?.absoluteString)
        try sink.member("placeholder", placeholderIcon)
        try sink.member("local", localImageName)
        try sink.member("custom", customData)
        try sink.endObject()
    }
}

extension ComponentTarget {
    /// The target as JSON in the default schema.
    ///
    /// ```swift
    /// ComponentTarget(actionIdentifiers: [HubIdentifier("player:play")!]).jsonValue // {"actions":["player:play"]}
    /// ```
    public var jsonValue: JSONValue {
        JSONValueBuilder.value { write(to: &$0) }
    }

    func write<Sink: HubJSONSink>(to sink: inout Sink) throws(Sink.Failure) {
        try sink.beginObject()
        try sink.member("uri", uri?.absoluteString)
        if !actionIdentifiers.isEmpty {
            try sink.key("actions")
            try sink.beginArray()
            for action in actionIdentifiers { try sink.string(action.description) }
            try sink.endArray()
        }
        if let initialViewModel {
            try sink.key("view")
            try initialViewModel.write(to: &sink)
        }
        try sink.member("custom", customData)
        try sink.endObject()
    }
}

extension HubJSONSink {
    /// A string member, when there is a value.
    mutating func member(_ key: String, _ value: String?) throws(Failure) {
        guard let value else { return }
        try self.key(key)
        try string(value)
    }

    /// An object member, when there is one.
    mutating func member(_ key: String, _ object: JSONObject?) throws(Failure) {
        guard let object else { return }
        try self.key(key)
        try write(.object(object))
    }

    /// An array of components, when there is at least one.
    mutating func components(_ key: String, _ components: [ComponentModel]) throws(Failure) {
        guard !components.isEmpty else { return }
        try self.key(key)
        try beginArray()
        for component in components { try component.write(to: &self) }
        try endArray()
    }
}

/// What the serialization of Hub models writes to: the structure calls of a JSON writer.
///
/// The engine's `JSONWriter` has exactly these methods, so models are written straight to it;
/// the engine's `JSONValueBuilder` builds their `JSONValue` from the same calls.
protocol HubJSONSink {
    /// What the sink throws (`Never` for `JSONValueBuilder`).
    associatedtype Failure: Error
    mutating func beginObject() throws(Failure)
    mutating func endObject() throws(Failure)
    mutating func beginArray() throws(Failure)
    mutating func endArray() throws(Failure)
    mutating func key(_ name: String) throws(Failure)
    mutating func string(_ value: String) throws(Failure)
    mutating func write(_ value: JSONValue) throws(Failure)
}

extension JSONWriter: HubJSONSink {}

/// Builds the `JSONValue` of a model; a completed top-level value goes to `values`.
extension JSONValueBuilder: HubJSONSink {
    typealias Failure = Never

    /// The value a model writes: `write` writes exactly one complete value.
    static func value(_ write: (inout JSONValueBuilder) -> Void) -> JSONValue {
        var builder = JSONValueBuilder()
        write(&builder)
        guard builder.depth == 0, let value = builder.values.popLast() else {
            preconditionFailure("a model wrote no complete value")
        }
        return value
    }

    mutating func beginObject() { consume(.startObject) }

    mutating func endObject() { keep(consume(.endObject)) }

    mutating func beginArray() { consume(.startArray) }

    mutating func endArray() { keep(consume(.endArray)) }

    mutating func key(_ name: String) { consume(key: name) }

    mutating func string(_ value: String) { keep(consume(value: .string(value))) }

    mutating func write(_ value: JSONValue) { keep(consume(value: value)) }

    /// Keeps a completed top-level value.
    private mutating func keep(_ value: JSONValue?) {
        if let value { values.append(value) }
    }
}
