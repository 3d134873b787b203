/// The logical expression of an RFC 9535 filter selector (`[?expr]`), checked for the RFC's
/// type system when it was parsed (§2.4.3), so that evaluating it never meets a type error.
///
/// Recursion over an expression is bounded by ``maximumNesting``, checked by the parser.
indirect enum FilterExpression: Sendable {
    case or([FilterExpression])
    case and([FilterExpression])
    case not(FilterExpression)
    /// A query as a test: true when it selects at least one node.
    case exists(FilterQuery)
    case compare(FilterOperand, FilterComparison, FilterOperand)
    /// A function whose result is a LogicalType (`match`, `search`).
    case test(FilterFunctionCall)

    /// How deep logical expressions, parentheses, function arguments and nested filters may
    /// nest in one filter (the parser rejects deeper ones, so evaluation recursion is bounded).
    static let maximumNesting = 64
}

/// The comparison operators (RFC 9535 §2.3.5.1).
enum FilterComparison: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
}

/// A query inside a filter: relative to the candidate (`@`) or to the document root (`$`).
struct FilterQuery: Sendable {
    var isAbsolute: Bool
    var segments: [PathSegment]
    /// Where a streamed filter finds the query's value (see ``StreamedFilter``); -1 elsewhere.
    var slot = -1

    /// Whether the query selects at most one node: only single-name and single-index child
    /// segments (RFC 9535 §2.3.5.1, `singular-query`).
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard case .child(let selectors) = segment, selectors.count == 1 else { return false }
            switch selectors[0] {
            case .name, .index: return true
            case .wildcard, .slice, .filter: return false
            }
        }
    }
}

/// Something that has a value (ValueType) and can be compared: a literal, a singular query, or
/// a function whose result is a ValueType.
enum FilterOperand: Sendable {
    case literal(JSONValue)
    case query(FilterQuery)
    case function(FilterFunctionCall)
}

/// One argument of a function call, in the type its parameter declares.
enum FilterArgument: Sendable {
    case value(FilterOperand)
    case nodes(FilterQuery)
    case logical(FilterExpression)
}

/// A call of one of RFC 9535's functions (§2.4.4 to §2.4.8).
struct FilterFunctionCall: Sendable {
    var function: FilterFunction
    var arguments: [FilterArgument]
    /// The compiled pattern when the second argument of `match` or `search` is a literal:
    /// compiled once (nil inside when the literal is not a valid I-Regexp).
    var literalPattern: IRegexp??
}

/// The functions of RFC 9535 with their declared types.
enum FilterFunction: String, Sendable, CaseIterable {
    case length, count, match, search, value

    /// The RFC's three types of function parameters and results (§2.4.1).
    enum Kind: String, Sendable {
        case value = "ValueType"
        case logical = "LogicalType"
        case nodes = "NodesType"
    }

    var parameters: [Kind] {
        switch self {
        case .length: [.value]
        case .count, .value: [.nodes]
        case .match, .search: [.value, .value]
        }
    }

    var result: Kind {
        switch self {
        case .length, .count, .value: .value
        case .match, .search: .logical
        }
    }
}

/// A filter selector: the parsed expression and its text (which is what two selectors are
/// compared by).
struct FilterSelector: Sendable, Hashable {
    var expression: FilterExpression
    var text: String

    static func == (lhs: FilterSelector, rhs: FilterSelector) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
