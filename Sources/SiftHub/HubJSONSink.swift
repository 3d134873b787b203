import Sift

/// What the serialization of Hub models writes to: the structure calls of a JSON writer.
///
/// The engine's `JSONWriter` has exactly these methods, so models are written straight to it;
/// ``JSONValueSink`` assembles a `JSONValue` instead.
protocol HubJSONSink {
    /// What the sink throws (`Never` for ``JSONValueSink``).
    associatedtype Failure: Error
    mutating func beginObject() throws(Failure)
    mutating func endObject() throws(Failure)
    mutating func beginArray() throws(Failure)
    mutating func endArray() throws(Failure)
    mutating func key(_ name: String) throws(Failure)
    mutating func string(_ value: String) throws(Failure)
    mutating func write(_ value: JSONValue) throws(Failure)
}

/// Assembles the `JSONValue` of a sequence of writer calls.
struct JSONValueSink: HubJSONSink {
    typealias Failure = Never

    private enum Open {
        case array([JSONValue])
        case object([JSONObject.Member], key: String)
    }

    private var stack: [Open] = []
    /// The completed top-level value.
    private(set) var value: JSONValue?

    /// The value a model writes: `write` writes exactly one complete value.
    static func value(_ write: (inout JSONValueSink) -> Void) -> JSONValue {
        var sink = JSONValueSink()
        write(&sink)
        guard let value = sink.value else { preconditionFailure("a model wrote no complete value") }
        return value
    }

    mutating func beginObject() { stack.append(.object([], key: "")) }

    mutating func beginArray() { stack.append(.array([])) }

    mutating func endObject() {
        guard case .object(let members, _) = stack.removeLast() else { preconditionFailure("unbalanced endObject") }
        add(.object(JSONObject(members)))
    }

    mutating func endArray() {
        guard case .array(let elements) = stack.removeLast() else { preconditionFailure("unbalanced endArray") }
        add(.array(elements))
    }

    mutating func key(_ name: String) {
        guard case .object(let members, _) = stack.removeLast() else { preconditionFailure("key outside an object") }
        stack.append(.object(members, key: name))
    }

    mutating func string(_ value: String) { add(.string(value)) }

    mutating func write(_ value: JSONValue) { add(value) }

    private mutating func add(_ element: JSONValue) {
        guard let last = stack.popLast() else {
            value = element
            return
        }
        switch last {
        case .array(var elements):
            elements.append(element)
            stack.append(.array(elements))
        case .object(var members, let key):
            members.append(JSONObject.Member(key: key, value: element))
            stack.append(.object(members, key: ""))
        }
    }
}

extension JSONWriter: HubJSONSink {}
