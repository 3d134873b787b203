/// RFC 9535 selection on values in memory: the reference the streaming matcher agrees with, and
/// the engine for the steps that follow a ``JSONPath/runBlock(_:)``.
enum PathSelection {
    /// The nodes the segments select from `value`, in RFC 9535 order, with their paths relative
    /// to `value` appended to `base`.
    static func select(
        _ segments: ArraySlice<PathSegment>, from value: JSONValue, base: JSONNodePath = .root
    ) -> [(path: JSONNodePath, value: JSONValue)] {
        var nodes: [(path: JSONNodePath, value: JSONValue)] = [(base, value)]
        for segment in segments {
            var next: [(path: JSONNodePath, value: JSONValue)] = []
            for node in nodes {
                switch segment {
                case .child(let selectors):
                    apply(selectors, to: node, into: &next)
                case .descendant(let selectors):
                    visitDescendants(node) { apply(selectors, to: $0, into: &next) }
                case .forEach:
                    if case .array(let elements) = node.value {
                        for (index, element) in elements.enumerated() {
                            next.append((node.path.appending(.index(index)), element))
                        }
                    }
                case .block(let block):
                    if let result = block.body(node.value) { next.append((node.path, result)) }
                }
            }
            nodes = next
        }
        return nodes
    }

    private static func visitDescendants(
        _ node: (path: JSONNodePath, value: JSONValue),
        _ body: ((path: JSONNodePath, value: JSONValue)) -> Void
    ) {
        body(node)
        switch node.value {
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                visitDescendants((node.path.appending(.index(index)), element), body)
            }
        case .object(let object):
            for member in object {
                visitDescendants((node.path.appending(.key(member.key)), member.value), body)
            }
        default: break
        }
    }

    private static func apply(
        _ selectors: [PathSelector], to node: (path: JSONNodePath, value: JSONValue),
        into result: inout [(path: JSONNodePath, value: JSONValue)]
    ) {
        for selector in selectors {
            switch (selector, node.value) {
            case (.name(let name), .object(let object)):
                if let value = object[name] { result.append((node.path.appending(.key(name)), value)) }
            case (.wildcard, .object(let object)):
                for member in object { result.append((node.path.appending(.key(member.key)), member.value)) }
            case (.wildcard, .array(let elements)):
                for (index, element) in elements.enumerated() {
                    result.append((node.path.appending(.index(index)), element))
                }
            case (.index, .array(let elements)), (.slice, .array(let elements)):
                for index in selector.indices(count: elements.count) {
                    result.append((node.path.appending(.index(index)), elements[index]))
                }
            default: break
            }
        }
    }
}

extension PathSelector {
    /// The indices this index or slice selector picks from an array of `count` elements, in
    /// selection order (RFC 9535 §2.3.3 and §2.3.4).
    func indices(count: Int) -> [Int] {
        switch self {
        case .index(let index):
            let position = index < 0 ? count + index : index
            return position >= 0 && position < count ? [position] : []
        case .slice(let start, let end, let step):
            let step = step ?? 1
            if step == 0 { return [] }
            func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
            var result: [Int] = []
            if step > 0 {
                let lower = min(max(normalize(start ?? 0), 0), count)
                let upper = min(max(normalize(end ?? count), 0), count)
                var index = lower
                while index < upper {
                    result.append(index)
                    index += step
                }
            } else {
                let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
                var index = upper
                while lower < index {
                    result.append(index)
                    index += step
                }
            }
            return result
        case .name, .wildcard:
            return []
        }
    }

    /// For selectors that pick from the end of an array (`[-k]`, `[-k:]`, `[-k::step]` with a
    /// positive step): how many trailing elements can still be selected.
    var window: Int? {
        switch self {
        case .index(let index) where index < 0: return -index
        case .slice(let start?, nil, let step) where start < 0 && (step ?? 1) > 0: return -start
        default: return nil
        }
    }

    /// For selectors that do not need the array's length: whether element `index` is selected.
    func selectsWithoutLength(_ index: Int) -> Bool {
        switch self {
        case .wildcard: return true
        case .index(let wanted): return wanted == index
        case .slice(let start, let end, let step):
            let step = step ?? 1
            let start = start ?? 0
            guard step > 0, index >= start else { return false }
            if let end, index >= end { return false }
            return (index - start) % step == 0
        case .name: return false
        }
    }
}
