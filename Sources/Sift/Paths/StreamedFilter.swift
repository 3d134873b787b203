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
/// Decided early (``decide(slots:isFinal:)``): a comparison, existence test or function is
/// decided once its slots are known, and `&&`, `||`, `!` three-valued, so a false operand of a
/// conjunction decides it at once. At the candidate's end, a slot not found is Nothing.
///
/// With duplicate member names in a candidate, a slot keeps the first member's value (in
/// memory, the last member wins; RFC 9535 leaves duplicates open).
struct StreamedFilter {
    /// The expression, its relative queries numbered by slot (``FilterQuery/slot``).
    var expression: FilterExpression
    /// The member names from the candidate to each slot's value; `[]`: the candidate itself.
    var slots: [[String]]

    init(_ expression: FilterExpression) {
        var prefixes: [[String]] = []
        expression.forEachQuery { query in prefixes.append(query.leadingNames) }
        var slots: [[String]] = []
        for prefix in prefixes.sorted(by: { $0.count < $1.count })
        where !slots.contains(where: { prefix.starts(with: $0) }) {
            slots.append(prefix)
        }
        self.slots = slots
        self.expression = expression.numberingQueries { query in
            slots.firstIndex { query.leadingNames.starts(with: $0) } ?? 0
        }
    }

    /// Whether the filter selects the candidate, from the slots known so far.
    ///
    /// Nil when that is not decided yet. With `isFinal` (the candidate has ended), a slot not
    /// found is Nothing, and the answer is never nil.
    func decide(slots values: [SlotValue], isFinal: Bool) -> Bool? {
        let candidate = Self.candidate(slots, values)
        if isFinal { return expression.isSatisfied(by: candidate, root: candidate) }
        return expression.decide(on: candidate, known: values)
    }

    /// What a slot holds.
    enum SlotValue {
        /// Not read yet.
        case unknown
        case value(JSONValue)

        var isKnown: Bool {
            if case .value = self { return true }
            return false
        }
    }

    /// A stand-in for the candidate holding the known slots' values at their places (the
    /// relative queries see nothing else of it).
    static func candidate(_ slots: [[String]], _ values: [SlotValue]) -> JSONValue {
        if slots.count == 1 && slots[0].isEmpty {
            if case .value(let value) = values[0] { return value }
            return .object(JSONObject())
        }
        var root = JSONValue.object(JSONObject())
        for (names, slot) in zip(slots, values) {
            guard case .value(let value) = slot else { continue }
            insert(value, at: names[...], into: &root)
        }
        return root
    }

    /// Recursion follows the slot's names (the path's length, not the input's depth).
    private static func insert(_ value: JSONValue, at names: ArraySlice<String>, into target: inout JSONValue) {
        guard let name = names.first, case .object(var object) = target else { return }
        if names.count == 1 {
            object[name] = value
        } else {
            var child = object[name] ?? .object(JSONObject())
            insert(value, at: names.dropFirst(), into: &child)
            object[name] = child
        }
        target = .object(object)
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

    /// Three-valued: true or false once the slots known decide it, else nil.
    func decide(on candidate: JSONValue, known: [StreamedFilter.SlotValue]) -> Bool? {
        switch self {
        case .or(let operands):
            var undecided = false
            for operand in operands {
                switch operand.decide(on: candidate, known: known) {
                case true?: return true
                case nil: undecided = true
                case false?: break
                }
            }
            return undecided ? nil : false
        case .and(let operands):
            var undecided = false
            for operand in operands {
                switch operand.decide(on: candidate, known: known) {
                case false?: return false
                case nil: undecided = true
                case true?: break
                }
            }
            return undecided ? nil : true
        case .not(let operand):
            return operand.decide(on: candidate, known: known).map { !$0 }
        case .exists, .test, .compare:
            var ready = true
            forEachQuery { query in
                if query.slot < 0 || !known[query.slot].isKnown { ready = false }
            }
            return ready ? isSatisfied(by: candidate, root: candidate) : nil
        }
    }
}

extension FilterOperand {
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
