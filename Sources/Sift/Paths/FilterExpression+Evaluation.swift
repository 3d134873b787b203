/// Evaluation of filter expressions on values in memory (RFC 9535 §2.3.5.2 and §2.4).
///
/// Recursion follows the expression, whose nesting the parser bounds; walks over values (queries,
/// comparisons) use explicit stacks, whatever the document's depth.
extension FilterExpression {
    /// Whether the expression is true for the candidate `current`, in the document `root`.
    func isSatisfied(by current: JSONValue, root: JSONValue) -> Bool {
        isSatisfied { $0.nodes(current: current, root: root) }
    }

    /// Whether the expression is true when each of its queries selects what `nodes` says (a
    /// streamed filter answers them from its slots).
    func isSatisfied(nodes: (FilterQuery) -> FilterNodes) -> Bool {
        switch self {
        case .or(let alternatives): alternatives.contains { $0.isSatisfied(nodes: nodes) }
        case .and(let operands): operands.allSatisfy { $0.isSatisfied(nodes: nodes) }
        case .not(let operand): !operand.isSatisfied(nodes: nodes)
        case .exists(let query): !nodes(query).isEmpty
        case .test(let call): call.logicalResult(nodes: nodes)
        case .compare(let left, let comparison, let right):
            FilterValues.compare(left.value(nodes: nodes), comparison, right.value(nodes: nodes))
        }
    }
}

extension FilterQuery {
    /// The values of the nodes the query selects (a name selects the first member of that name).
    func nodes(current: JSONValue, root: JSONValue) -> FilterNodes {
        .list(
            PathSelection.values(
                segments[...], from: isAbsolute ? root : current, root: root, firstOfDuplicates: true))
    }
}

extension FilterOperand {
    /// The operand's value, or nil for Nothing (an empty node list, or a function without a
    /// result).
    func value(nodes: (FilterQuery) -> FilterNodes) -> JSONValue? {
        switch self {
        case .literal(let value): return value
        case .query(let query): return nodes(query).single
        case .function(let call): return call.valueResult(nodes: nodes)
        }
    }
}

extension FilterFunctionCall {
    /// The result of `length`, `count` or `value`.
    func valueResult(nodes: (FilterQuery) -> FilterNodes) -> JSONValue? {
        switch function {
        case .length:
            guard case .value(let operand) = arguments[0], let value = operand.value(nodes: nodes) else { return nil }
            switch value {
            case .string(let text): return .number(JSONNumber(text.unicodeScalars.count))
            case .array(let elements): return .number(JSONNumber(elements.count))
            case .object(let object): return .number(JSONNumber(FilterValues.distinctKeyCount(object)))
            case .null, .bool, .number: return nil
            }
        case .count:
            guard case .nodes(let query) = arguments[0] else { return nil }
            return .number(JSONNumber(nodes(query).count))
        case .value:
            guard case .nodes(let query) = arguments[0] else { return nil }
            return nodes(query).single
        case .match, .search:
            return nil
        }
    }

    /// The result of `match` or `search`: false unless the first argument is a string and the
    /// second a valid I-Regexp.
    func logicalResult(nodes: (FilterQuery) -> FilterNodes) -> Bool {
        guard function == .match || function == .search,
            case .value(let subject) = arguments[0], case .value(let pattern) = arguments[1],
            case .string(let text)? = subject.value(nodes: nodes)
        else { return false }
        let regexp: IRegexp?
        if let literalPattern {
            regexp = literalPattern
        } else if case .string(let source)? = pattern.value(nodes: nodes) {
            regexp = IRegexp(source)
        } else {
            regexp = nil
        }
        guard let regexp else { return false }
        return function == .match ? regexp.matchesWhole(text) : regexp.matchesPart(text)
    }
}

/// The nodes a filter query selects: one without an array (a streamed filter's slot), or a list.
enum FilterNodes {
    case one(JSONValue)
    case list([JSONValue])

    var count: Int {
        switch self {
        case .one: 1
        case .list(let values): values.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// The value of the only node, or nil (Nothing) when there is not exactly one.
    var single: JSONValue? {
        switch self {
        case .one(let value): value
        case .list(let values): values.count == 1 ? values[0] : nil
        }
    }
}
