/// A filter selector as the matcher decides it while its candidates stream: the operands it
/// needs, each captured alone, and the expression decided from them as soon as they tell.
///
/// Each relative query of the expression (`@.metadata.flag`) is answered from a *slot*: the
/// value at the longest run of member names that starts the query (`metadata.flag`), captured
/// when the candidate's member is read. A query that goes on past its names (`@.a[*]`,
/// `@.a[?@.b]`, `@..x`, `@[0]`) runs in memory on its slot's value, so the smallest subtree
/// that holds it is captured: the member `a`, or the candidate itself (`@.*`, `@..x`,
/// `@[0]`). Queries whose names extend another's share its slot. Scalars are captured as they
/// are; nothing else of the candidate is kept.
///
/// Absolute queries (`$.limit`) are answered the same way from the document's slots, shared by
/// every filter: a candidate whose filter needs one not read yet stays undecided (and its
/// matches held) until it is, or until the document ends.
///
/// Decided early (``decide(slots:candidateEnded:document:documentNames:documentEnded:)``): a comparison, existence test or function is
/// decided once its slots are known, and `&&`, `||`, `!` three-valued, so a false operand of a
/// conjunction decides it at once. At the candidate's end, a slot not found is Nothing.
///
/// Duplicate member names (RFC 9535 leaves them open): in a filter's query a name selects the
/// first member of that name, streamed and in memory alike (``PathSelection``'s
/// `firstOfDuplicates`). So a slot keeps the first value read for it, and the first member on
/// the way to it (`a` of `@.a.b`) settles it: when that member ends without the slot's value
/// (or is not an object), the slot is Nothing, whatever a later `a` holds.
struct StreamedFilter {
    /// The expression, its relative queries numbered by slot (``FilterQuery/slot``).
    var expression: FilterExpression
    /// The member names from the candidate to each slot's value; `[]`: the candidate itself.
    var slots: [[String]]
    /// Whether each slot's value is needed whole when it is a container.
    ///
    /// Not when every query answered from the slot is the slot itself, only tested for existence
    /// or compared with a literal: a container then decides as any container of its kind would,
    /// so an empty one stands in for it and nothing of it is captured (`?@.tags`, `@.a == 1`).
    var slotNeedsContainer: [Bool]

    /// Numbers the relative queries by the slots made for them, and the absolute ones
    /// (`$.limit`) by the document's slots, which are shared by every filter of the automaton
    /// (`documentSlots`, extended here).
    init(_ expression: FilterExpression, documentSlots: inout [[String]]) {
        var prefixes: [[String]] = []
        var documentPrefixes: [[String]] = []
        expression.forEachQuery { query in
            if query.isAbsolute {
                documentPrefixes.append(query.leadingNames)
            } else {
                prefixes.append(query.leadingNames)
            }
        }
        var slots: [[String]] = []
        for prefix in prefixes.sorted(by: { $0.count < $1.count })
        where !slots.contains(where: { prefix.starts(with: $0) }) {
            slots.append(prefix)
        }
        for prefix in documentPrefixes where !documentSlots.contains(prefix) { documentSlots.append(prefix) }
        self.slots = slots
        let shared = documentSlots
        let numbered = expression.numberingQueries { query in
            if query.isAbsolute { return shared.firstIndex(of: query.leadingNames) ?? 0 }
            return slots.firstIndex { query.leadingNames.starts(with: $0) } ?? 0
        }
        self.expression = numbered
        var needsContainer = Array(repeating: false, count: slots.count)
        let isWhole = { (query: FilterQuery) in query.isAbsolute || query.segments.count == slots[query.slot].count }
        numbered.forEachQuery(kindSuffices: isWhole) { query, kindSuffices in
            if !query.isAbsolute && !kindSuffices { needsContainer[query.slot] = true }
        }
        self.slotNeedsContainer = needsContainer
    }

    /// Whether the filter selects the candidate, from the slots known so far (the candidate's,
    /// and the document's with their names in `documentNames`).
    ///
    /// Nil when that is not decided yet. Once the candidate has ended (`candidateEnded`), a
    /// slot of it not found is Nothing; once the document has, one of the document. When both
    /// have, the answer is never nil.
    func decide(
        slots values: ArraySlice<SlotValue>, candidateEnded: Bool, document: [SlotValue], documentNames: [[String]],
        documentEnded: Bool
    ) -> Bool? {
        // Each query from its slot's value: the rest of the query (past the slot's names) runs
        // on it; a slot not read is Nothing.
        func nodes(_ query: FilterQuery) -> FilterNodes {
            guard query.slot >= 0 else { return .list([]) }
            let slot = query.isAbsolute ? document[query.slot] : values[values.startIndex + query.slot]
            guard case .value(let value) = slot else { return .list([]) }
            let skipped = query.isAbsolute ? documentNames[query.slot].count : slots[query.slot].count
            if skipped == query.segments.count { return .one(value) }
            return .list(
                PathSelection.values(query.segments[skipped...], from: value, root: value, firstOfDuplicates: true))
        }
        if candidateEnded && documentEnded { return expression.isSatisfied(nodes: nodes) }
        return expression.decide(nodes: nodes) { query in
            guard query.slot >= 0 else { return false }
            if query.isAbsolute { return documentEnded || document[query.slot].isKnown }
            return candidateEnded || values[values.startIndex + query.slot].isKnown
        }
    }

    /// The filter's expression when it is one comparison of a slot, read whole, with a literal
    /// (`@.metadata.ok == true`, `5 < @.n`), the most common filter: decided from that slot
    /// alone, as ``decide(slots:candidateEnded:document:documentNames:documentEnded:)`` decides
    /// it, without walking the expression.
    var slotComparison: SlotComparison? {
        guard case .compare(let left, let comparison, let right) = expression else { return nil }
        switch (left, right) {
        case (.query(let query), .literal(let literal)) where readsWholeSlot(query):
            return SlotComparison(slot: query.slot, comparison: comparison, literal: literal, slotFirst: true)
        case (.literal(let literal), .query(let query)) where readsWholeSlot(query):
            return SlotComparison(slot: query.slot, comparison: comparison, literal: literal, slotFirst: false)
        default:
            return nil
        }
    }

    /// Whether a query is a relative one answered by its slot's value itself.
    private func readsWholeSlot(_ query: FilterQuery) -> Bool {
        !query.isAbsolute && query.slot >= 0 && query.segments.count == slots[query.slot].count
    }

    /// A comparison of one slot with a literal (``slotComparison``).
    struct SlotComparison {
        var slot: Int
        var comparison: FilterComparison
        var literal: JSONValue
        /// Whether the slot is the left operand.
        var slotFirst: Bool

        /// Nil while the slot is not read and the candidate has not ended; a slot not found is
        /// Nothing.
        func decide(_ value: SlotValue, candidateEnded: Bool) -> Bool? {
            guard candidateEnded || value.isKnown else { return nil }
            var node: JSONValue?
            if case .value(let read) = value { node = read }
            return slotFirst
                ? FilterValues.compare(node, comparison, literal) : FilterValues.compare(literal, comparison, node)
        }
    }

    /// What a slot holds.
    enum SlotValue {
        /// Not read yet.
        case unknown
        case value(JSONValue)
        /// Known to be Nothing: the first member on the way to it (`a` of `@.a.b`) ended
        /// without it, or was not an object.
        case missing

        var isKnown: Bool {
            if case .unknown = self { return false }
            return true
        }
    }
}

extension FilterExpression {
    /// Calls `body` with each query of the expression (outside nested filters) and whether
    /// the kind of its value is all that matters where it stands: it is tested for existence, or
    /// compared with a literal, and `isWhole(query)` (it selects its slot's value itself).
    ///
    /// Recursion follows the expression, whose nesting the parser bounds.
    func forEachQuery(kindSuffices isWhole: (FilterQuery) -> Bool, _ body: (FilterQuery, Bool) -> Void) {
        switch self {
        case .or(let operands), .and(let operands):
            for operand in operands { operand.forEachQuery(kindSuffices: isWhole, body) }
        case .not(let operand): operand.forEachQuery(kindSuffices: isWhole, body)
        case .exists(let query): body(query, isWhole(query))
        case .test(let call): call.forEachQuery { body($0, false) }
        case .compare(.query(let query), _, .literal), .compare(.literal, _, .query(let query)):
            body(query, isWhole(query))
        case .compare(let left, _, let right):
            left.forEachQuery { body($0, false) }
            right.forEachQuery { body($0, false) }
        }
    }
}

extension FilterQuery {
    /// The query with its slot set.
    func numbered(_ slot: (FilterQuery) -> Int) -> FilterQuery {
        var query = self
        query.slot = slot(self)
        return query
    }

    /// The member names the query starts with (`@.a.b[0]`: `a`, `b`).
    var leadingNames: [String] {
        var names: [String] = []
        for segment in segments {
            guard case .child(let selectors) = segment, selectors.count == 1, case .name(let name) = selectors[0]
            else { break }
            names.append(name)
        }
        return names
    }
}

extension FilterExpression {
    /// Calls `body` with each query of the expression, outside nested filters.
    ///
    /// Nested filters run in memory on their query's slot. Recursion follows the expression,
    /// whose nesting the parser bounds.
    func forEachQuery(_ body: (FilterQuery) -> Void) {
        switch self {
        case .or(let operands), .and(let operands): for operand in operands { operand.forEachQuery(body) }
        case .not(let operand): operand.forEachQuery(body)
        case .exists(let query): body(query)
        case .test(let call): call.forEachQuery(body)
        case .compare(let left, _, let right):
            left.forEachQuery(body)
            right.forEachQuery(body)
        }
    }

    /// The expression with each query's ``FilterQuery/slot`` set to `slot(query)`.
    func numberingQueries(_ slot: (FilterQuery) -> Int) -> FilterExpression {
        switch self {
        case .or(let operands): .or(operands.map { $0.numberingQueries(slot) })
        case .and(let operands): .and(operands.map { $0.numberingQueries(slot) })
        case .not(let operand): .not(operand.numberingQueries(slot))
        case .exists(let query): .exists(query.numbered(slot))
        case .test(let call): .test(call.numberingQueries(slot))
        case .compare(let left, let comparison, let right):
            .compare(left.numberingQueries(slot), comparison, right.numberingQueries(slot))
        }
    }

    /// Three-valued: true or false once the queries that are `ready` decide it (each selecting
    /// what `nodes` says), else nil.
    func decide(nodes: (FilterQuery) -> FilterNodes, ready: (FilterQuery) -> Bool) -> Bool? {
        switch self {
        case .or(let operands):
            var undecided = false
            for operand in operands {
                switch operand.decide(nodes: nodes, ready: ready) {
                case true?: return true
                case nil: undecided = true
                case false?: break
                }
            }
            return undecided ? nil : false
        case .and(let operands):
            var undecided = false
            for operand in operands {
                switch operand.decide(nodes: nodes, ready: ready) {
                case false?: return false
                case nil: undecided = true
                case true?: break
                }
            }
            return undecided ? nil : true
        case .not(let operand):
            return operand.decide(nodes: nodes, ready: ready).map { !$0 }
        case .exists(let query):
            return ready(query) ? !nodes(query).isEmpty : nil
        case .compare(let left, let comparison, let right):
            // The common leaf, without walking its queries through a closure.
            guard left.isReady(ready), right.isReady(ready) else { return nil }
            return FilterValues.compare(left.value(nodes: nodes), comparison, right.value(nodes: nodes))
        case .test:
            var isReady = true
            forEachQuery { query in
                if !ready(query) { isReady = false }
            }
            return isReady ? isSatisfied(nodes: nodes) : nil
        }
    }
}

extension FilterOperand {
    /// Whether the queries of the operand are `ready`.
    func isReady(_ ready: (FilterQuery) -> Bool) -> Bool {
        switch self {
        case .literal: return true
        case .query(let query): return ready(query)
        case .function(let call):
            var isReady = true
            call.forEachQuery { query in
                if !ready(query) { isReady = false }
            }
            return isReady
        }
    }

    func forEachQuery(_ body: (FilterQuery) -> Void) {
        switch self {
        case .literal: break
        case .query(let query): body(query)
        case .function(let call): call.forEachQuery(body)
        }
    }

    func numberingQueries(_ slot: (FilterQuery) -> Int) -> FilterOperand {
        switch self {
        case .literal: return self
        case .query(let query): return .query(query.numbered(slot))
        case .function(let call): return .function(call.numberingQueries(slot))
        }
    }
}

extension FilterFunctionCall {
    func forEachQuery(_ body: (FilterQuery) -> Void) {
        for argument in arguments {
            switch argument {
            case .value(let operand): operand.forEachQuery(body)
            case .nodes(let query): body(query)
            case .logical(let expression): expression.forEachQuery(body)
            }
        }
    }

    func numberingQueries(_ slot: (FilterQuery) -> Int) -> FilterFunctionCall {
        var call = self
        call.arguments = arguments.map { argument in
            switch argument {
            case .value(let operand): return .value(operand.numberingQueries(slot))
            case .nodes(let query): return .nodes(query.numbered(slot))
            case .logical(let expression): return .logical(expression.numberingQueries(slot))
            }
        }
        return call
    }
}
