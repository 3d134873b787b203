import Sift

// Serialization in the default schema (``HubModel/write(to:)``, from the property tables). Keys
// come in the order of the Hub JSON programming guide's tables; properties that are nil or empty
// are left out (so JSON → model → JSON gives back the default-schema input), as are generated
// component identifiers; free-form objects keep their members' order, custom images come sorted
// by name, so the output is the same on every run.
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
