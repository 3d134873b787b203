/// Builds ``JSONValue``s from events: the path engine uses it to materialise only the subtrees a
/// destination asks for.
///
/// ```swift
/// var builder = JSONValueBuilder()
/// _ = builder.consume(.startArray)
/// _ = builder.consume(.bool(true))
/// let value = builder.consume(.endArray) // [true]
/// ```
public struct JSONValueBuilder {
    private enum Partial {
        case array([JSONValue])
        case object([JSONObject.Member], pendingKey: String?)
    }

    private var stack: [Partial] = []

    /// Creates an empty builder.
    ///
    /// ```swift
    /// var builder = JSONValueBuilder()
    /// ```
    public init() {}

    /// Adds an event; returns the value once the value that was started is complete.
    ///
    /// ```swift
    /// if let value = builder.consume(event) { print(value) }
    /// ```
    public mutating func consume(_ event: JSONEvent) -> JSONValue? {
        switch event {
        case .startArray:
            stack.append(.array([]))
            return nil
        case .startObject:
            stack.append(.object([], pendingKey: nil))
            return nil
        case .key(let bytes):
            if case .object(let members, _) = stack.removeLast() {
                stack.append(.object(members, pendingKey: bytes.string))
            }
            return nil
        case .endArray, .endObject:
            let value: JSONValue
            switch stack.removeLast() {
            case .array(let elements): value = .array(elements)
            case .object(let members, _): value = .object(JSONObject(members))
            }
            return add(value)
        default:
            return add(JSONValue(scalar: event) ?? .null)
        }
    }

    private mutating func add(_ value: JSONValue) -> JSONValue? {
        guard !stack.isEmpty else { return value }
        switch stack.removeLast() {
        case .array(var elements):
            elements.append(value)
            stack.append(.array(elements))
        case .object(var members, let key):
            members.append(JSONObject.Member(key: key ?? "", value: value))
            stack.append(.object(members, pendingKey: nil))
        }
        return nil
    }
}
