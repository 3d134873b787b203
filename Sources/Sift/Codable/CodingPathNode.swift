/// A coding path as a linked list, so that descending into a value costs at most one small node
/// and the `[any CodingKey]` array is only built when someone asks for it (mostly: an error).
///
/// A keyed container's path is the container's own state (``CodingPathFrame``), which exists
/// anyway: making the container and decoding its members allocates no node.
enum CodingPathNode {
    case root
    indirect case key(any CodingKey, CodingPathNode)
    indirect case index(Int, CodingPathNode)
    /// A place in a document, from the root: its keys are made only when the path is read.
    indirect case document(JSONNodePath)
    /// The path of an object that records its parent's path and its own step.
    case frame(CodingPathFrame)

    /// The root extended by `keys`, in order.
    init(_ keys: [any CodingKey]) {
        var node = CodingPathNode.root
        for key in keys { node = node.appending(key) }
        self = node
    }

    /// The keys from the root, outermost first.
    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while true {
            switch node {
            case .root: return keys.reversed()
            case .key(let key, let parent):
                keys.append(key)
                node = parent
            case .index(let index, let parent):
                keys.append(JSONCodingKey(index: index))
                node = parent
            case .document(let path):
                for component in path.components.reversed() { keys.append(JSONCodingKey(component)) }
                return keys.reversed()
            case .frame(let frame):
                switch frame.step {
                case .here: break
                case .key(let key): keys.append(key)
                case .index(let index): keys.append(JSONCodingKey(index: index))
                }
                node = frame.parent
            }
        }
    }

    func appending(_ key: some CodingKey) -> CodingPathNode {
        .key(key, self)
    }

    func appending(_ key: (some CodingKey)?) -> CodingPathNode {
        guard let key else { return self }
        return .key(key, self)
    }

    func appending(_ step: CodingStep) -> CodingPathNode {
        switch step {
        case .here: self
        case .key(let key): .key(key, self)
        case .index(let index): .index(index, self)
        }
    }

    func appending(index: Int) -> CodingPathNode {
        .index(index, self)
    }

    /// The path extended by `key` when there is one, without building a node.
    func path(appending key: (some CodingKey)?) -> [any CodingKey] {
        var result = path
        if let key { result.append(key) }
        return result
    }

    /// The path extended by `step`, without building a node.
    func path(appending step: CodingStep) -> [any CodingKey] {
        switch step {
        case .here: path
        case .key(let key): path + [key]
        case .index(let index): path(appendingIndex: index)
        }
    }

    func path(appendingIndex index: Int) -> [any CodingKey] {
        path + [JSONCodingKey(index: index)]
    }
}

/// A coding path kept by an object that exists for other reasons (a keyed container's state): its
/// parent's path and one step, so that the path costs no allocation of its own.
///
/// Subclassed by the object that holds it; ``CodingPathNode/frame(_:)`` refers to it.
class CodingPathFrame {
    let parent: CodingPathNode
    let step: CodingStep

    init(parent: CodingPathNode, step: CodingStep) {
        self.parent = parent
        self.step = step
    }
}

/// Where a value sits in the container being decoded: the container itself, one of its keys, or
/// an index of it.
///
/// Passed instead of a coding key so that an index's key (`Index 3`) is only spelled out when a coding
/// path is actually read, and so that the decoding helpers need no generic key parameter (whose
/// metadata would be looked up at run time on every call).
enum CodingStep {
    case here
    case key(any CodingKey)
    case index(Int)
}

extension JSONValue {
    /// How `JSONDecoder` names a value's JSON type in its type-mismatch messages
    /// ("Expected to decode Int but found a string instead.").
    var codableTypeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
