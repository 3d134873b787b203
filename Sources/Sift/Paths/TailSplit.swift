/// Where a path's streamed steps end and its in-memory tail (``PathAutomaton/Tail``) begins.
///
/// - A runBlock: the value reaching it is captured; the block and the steps after it run on it.
/// - A filter nested in a filter's query that refers to the document (`$[?@.a[?@.x == $.y]]`):
///   the whole document is captured, and the path runs on it when it ends. (An absolute query
///   of a filter itself, `$[?@.x == $.limit]`, streams: see ``StreamedFilter``.)
///
/// Segments with filters stream (see ``StreamedFilter``), alone (`[?@.price < 10]`,
/// `..[?@.id]`), in unions of filters (`[?@.a, ?@.b]`) or with other selectors (`[0, ?@.a]`).
struct TailSplit {
    enum Kind {
        /// No tail: every step streams.
        case streamed
        case block(PathBlock)
        /// The value the segment at ``prefix`` applies to is captured; the rest runs on it.
        case captured
    }

    /// How many segments stream before the tail.
    var prefix: Int
    var kind: Kind

    init(_ segments: [PathSegment]) {
        if segments.contains(where: \.nestsRootReference) {
            prefix = 0
            kind = .captured
            return
        }
        for (index, segment) in segments.enumerated() {
            if case .block(let block) = segment {
                prefix = index
                kind = .block(block)
                return
            }
        }
        prefix = segments.count
        kind = .streamed
    }
}

extension PathSegment {
    /// Whether a filter in the segment has a query with a filter that refers to the document
    /// (the streamed filter's slots cannot answer that one).
    var nestsRootReference: Bool {
        selectors?.contains { selector in
            guard case .filter(let filter) = selector else { return false }
            var nests = false
            filter.expression.forEachQuery { query in
                if query.segments.contains(where: \.referencesRoot) { nests = true }
            }
            return nests
        } ?? false
    }

    /// Whether a filter in the segment (nested ones included) has an absolute query (`$.limit`).
    var referencesRoot: Bool {
        selectors?.contains { selector in
            if case .filter(let filter) = selector { return filter.expression.referencesRoot }
            return false
        } ?? false
    }
}

extension FilterExpression {
    /// Whether the expression has an absolute query, in any operand, argument or nested filter.
    ///
    /// Recursion follows the expression, whose nesting the parser bounds.
    var referencesRoot: Bool {
        switch self {
        case .or(let operands), .and(let operands): operands.contains(where: \.referencesRoot)
        case .not(let operand): operand.referencesRoot
        case .exists(let query): query.referencesRoot
        case .test(let call): call.referencesRoot
        case .compare(let left, _, let right): left.referencesRoot || right.referencesRoot
        }
    }
}

extension FilterQuery {
    /// Whether the query is absolute or has a nested filter with an absolute query.
    var referencesRoot: Bool { isAbsolute || segments.contains(where: \.referencesRoot) }
}

extension FilterOperand {
    var referencesRoot: Bool {
        switch self {
        case .literal: false
        case .query(let query): query.referencesRoot
        case .function(let call): call.referencesRoot
        }
    }
}

extension FilterFunctionCall {
    var referencesRoot: Bool {
        arguments.contains { argument in
            switch argument {
            case .value(let operand): operand.referencesRoot
            case .nodes(let query): query.referencesRoot
            case .logical(let expression): expression.referencesRoot
            }
        }
    }
}
