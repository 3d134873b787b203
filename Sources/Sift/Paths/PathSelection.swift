/// RFC 9535 selection on values in memory: the reference the streaming matcher agrees with, the
/// engine for the steps that follow a ``JSONPath/runBlock(_:)``, and the evaluator of filter
/// selectors (``FilterExpression``).
///
/// Walks use explicit stacks: nothing recurses with the depth of the value. Member names are
/// compared by their Unicode scalars; a name selects the last member of that name, or in a
/// filter's query (`firstOfDuplicates`) the first, as streamed filters read them (see
/// ``StreamedFilter``).
enum PathSelection {
    /// The nodes the segments select from `value`, in RFC 9535 order.
    ///
    /// Their paths relative to `value` are appended to `base`. Absolute queries inside filters refer to `root` (`value`
    /// when not given).
    static func select(
        _ segments: ArraySlice<PathSegment>, from value: JSONValue, base: JSONNodePath = .root, root: JSONValue? = nil
    ) -> [(path: JSONNodePath, value: JSONValue)] {
        select(segments, from: (base, value), root: root ?? value)
    }

    /// The values of the nodes the segments select from `value`, without their paths; a name
    /// selects the first member of that name when `firstOfDuplicates` (a filter's query).
    static func values(
        _ segments: ArraySlice<PathSegment>, from value: JSONValue, root: JSONValue, firstOfDuplicates: Bool = false
    ) -> [JSONValue] {
        select(segments, from: (NoPath(), value), root: root, firstOfDuplicates: firstOfDuplicates).map(\.value)
    }

    private static func select<Path: SelectionPath>(
        _ segments: ArraySlice<PathSegment>, from start: (path: Path, value: JSONValue), root: JSONValue,
        firstOfDuplicates: Bool = false
    ) -> [(path: Path, value: JSONValue)] {
        var nodes: [(path: Path, value: JSONValue)] = [start]
        for segment in segments {
            var next: [(path: Path, value: JSONValue)] = []
            for node in nodes {
                switch segment {
                case .child(let selectors):
                    apply(selectors, to: node, root: root, first: firstOfDuplicates, into: &next)
                case .descendant(let selectors):
                    visitDescendants(node) {
                        apply(selectors, to: $0, root: root, first: firstOfDuplicates, into: &next)
                    }
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

    /// Visits a node and its descendants in document order, each node before its children.
    private static func visitDescendants<Path: SelectionPath>(
        _ node: (path: Path, value: JSONValue), _ body: ((path: Path, value: JSONValue)) -> Void
    ) {
        var pending = [node]
        while let node = pending.popLast() {
            body(node)
            switch node.value {
            case .array(let elements):
                for index in elements.indices.reversed() {
                    pending.append((node.path.appending(.index(index)), elements[index]))
                }
            case .object(let object):
                for member in object.members.reversed() {
                    pending.append((node.path.appending(.key(member.key)), member.value))
                }
            default: break
            }
        }
    }

    private static func apply<Path: SelectionPath>(
        _ selectors: [PathSelector], to node: (path: Path, value: JSONValue), root: JSONValue, first: Bool,
        into result: inout [(path: Path, value: JSONValue)]
    ) {
        for selector in selectors {
            switch (selector, node.value) {
            case (.name(let name), .object(let object)):
                let named = { (member: JSONObject.Member) in member.key.utf8.elementsEqual(name.utf8) }
                if let member = first ? object.members.first(where: named) : object.members.last(where: named) {
                    result.append((node.path.appending(.key(name)), member.value))
                }
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
            case (.filter(let filter), .array(let elements)):
                for (index, element) in elements.enumerated()
                where filter.expression.isSatisfied(by: element, root: root) {
                    result.append((node.path.appending(.index(index)), element))
                }
            case (.filter(let filter), .object(let object)):
                for member in object where filter.expression.isSatisfied(by: member.value, root: root) {
                    result.append((node.path.appending(.key(member.key)), member.value))
                }
            default: break
            }
        }
    }
}

/// Where a selected node is: its ``JSONNodePath``, or nothing when only values are wanted.
protocol SelectionPath {
    func appending(_ component: JSONNodePath.Component) -> Self
}

extension JSONNodePath: SelectionPath {}

/// The path of a node whose place nobody asked for.
struct NoPath: SelectionPath {
    func appending(_ component: JSONNodePath.Component) -> NoPath { self }
}

extension PathSelector {
    /// The indices this index or slice selector picks from an array of `count` elements, in
    /// selection order (RFC 9535 §2.3.3 and §2.3.4).
    func indices(count: Int) -> [Int] {
        guard let picks = progression(count: count) else { return [] }
        return (0..<picks.count).map { picks.first + $0 * picks.step }
    }

    /// The place of element `index` among the indices this index or slice selector picks from an
    /// array of `count` elements (its position in ``indices(count:)``), or nil when it is not
    /// picked; in constant time, whatever the selection's size.
    func selectionOrdinal(of index: Int, count: Int) -> Int? {
        guard let picks = progression(count: count) else { return nil }
        let offset = index - picks.first
        guard offset % picks.step == 0 else { return nil }
        let ordinal = offset / picks.step
        return ordinal >= 0 && ordinal < picks.count ? ordinal : nil
    }

    /// What an index or slice selector picks from an array of `count` elements, as an
    /// arithmetic progression: its first index, how many, and the step (nil: nothing).
    private func progression(count: Int) -> (first: Int, count: Int, step: Int)? {
        switch self {
        case .index(let index):
            let position = index < 0 ? count + index : index
            return position >= 0 && position < count ? (position, 1, 1) : nil
        case .slice(let start, let end, let step):
            let step = step ?? 1
            func normalize(_ value: Int) -> Int { value >= 0 ? value : count + value }
            if step > 0 {
                let lower = min(max(normalize(start ?? 0), 0), count)
                let upper = min(max(normalize(end ?? count), 0), count)
                return upper > lower ? (lower, (upper - lower - 1) / step + 1, step) : nil
            } else if step < 0 {
                let upper = min(max(normalize(start ?? count - 1), -1), count - 1)
                let lower = min(max(end.map(normalize) ?? -1, -1), count - 1)
                return upper > lower ? (upper, (upper - lower - 1) / -step + 1, step) : nil
            }
            return nil
        case .name, .wildcard, .filter:
            return nil
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
        case .name, .filter: return false
        }
    }
}
