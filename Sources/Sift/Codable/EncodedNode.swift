/// A value being encoded: finished, or a container that a type may still write into (a nested
/// container, or a `superEncoder()` whose value is read when the parent is finished).
enum EncodedNode {
    case value(JSONValue)
    case object(EncodedObject)
    case array(EncodedArray)
    case encoder(JSONValueEncoderImpl)

    /// The finished value; members sorted by key when `sortedKeys`.
    func jsonValue(sortedKeys: Bool) -> JSONValue {
        switch self {
        case .value(let value): value
        case .object(let object): object.jsonValue(sortedKeys: sortedKeys)
        case .array(let array): array.jsonValue(sortedKeys: sortedKeys)
        case .encoder(let encoder): encoder.takeValue() ?? .object(JSONObject())
        }
    }
}

/// An object under construction.
///
/// Encoding a key again replaces its value in place.
final class EncodedObject {
    private(set) var keys: [String] = []
    private(set) var nodes: [EncodedNode] = []
    private var positions: [String: Int] = [:]

    init() {}

    /// An object to go on writing into, made from a finished one.
    init(_ object: JSONObject) {
        for member in object.members { set(.value(member.value), for: member.key) }
    }

    subscript(key: String) -> EncodedNode? {
        positions[key].map { nodes[$0] }
    }

    func set(_ node: EncodedNode, for key: String) {
        if let position = positions[key] {
            nodes[position] = node
        } else {
            positions[key] = nodes.count
            keys.append(key)
            nodes.append(node)
        }
    }

    func jsonValue(sortedKeys: Bool) -> JSONValue {
        var members = zip(keys, nodes).map { JSONObject.Member(key: $0, value: $1.jsonValue(sortedKeys: sortedKeys)) }
        if sortedKeys {
            members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        }
        return .object(JSONObject(members))
    }
}

/// An array under construction.
final class EncodedArray {
    private(set) var nodes: [EncodedNode] = []

    init() {}

    /// An array to go on writing into, made from a finished one.
    init(_ elements: [JSONValue]) {
        nodes = elements.map(EncodedNode.value)
    }

    var count: Int { nodes.count }

    func append(_ node: EncodedNode) {
        nodes.append(node)
    }

    func jsonValue(sortedKeys: Bool) -> JSONValue {
        .array(nodes.map { $0.jsonValue(sortedKeys: sortedKeys) })
    }
}
