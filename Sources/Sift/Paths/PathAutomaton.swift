/// All paths of one parse compiled together: a trie for plain keys and array steps, with state
/// sets where wildcards, descendant steps or unions make it non-deterministic.
///
/// A *program* is a set of paths evaluated relative to one value: the document root, or each
/// instance of a scope (a model nested in another, such as each component of a feed). Programs
/// can refer to each other, so recursive schemas (children of components) compile once.
///
/// Public only as the namespace of ``Accept``, what the matcher hands its receiver
/// (``PathMatchReceiver``); programs are built with ``MatchProgram/Builder``:
///
/// ```swift
/// let program = MatchProgram { $0.addMatch(JSONPath.root.goTo("id"), kind: .integer, tag: 0) }
/// ```
public final class PathAutomaton: @unchecked Sendable {
    struct Transition {
        var target: Int32
        /// The selector's position in its union (orders results of reordering queries).
        var selector: Int32
    }

    struct IndexedTransition {
        var selector: PathSelector
        var transition: Transition
    }

    struct State {
        var names = KeyTable()
        var members: [Transition] = []
        var elements: [Transition] = []
        var indexed: [IndexedTransition] = []
        /// A descendant segment: the state stays active in every child.
        var selfLoop = false
        var accepts: [Int32] = []
        /// The reordering queries whose matches are buffered while a value at this state is open,
        /// then sorted and released when it closes.
        var flushGroups: [Int32] = []
        /// The state belongs to the suffix of a reordering query: its entries carry order keys.
        var ordered = false
        /// States entered together with this one, at the same value (descendant visitors).
        var epsilon: [Int32] = []
        /// A filter's candidate state: its filter in ``PathAutomaton/filters``, else -1.
        var filter: Int32 = -1

        var hasTransitions: Bool {
            !names.isEmpty || !members.isEmpty || !elements.isEmpty || !indexed.isEmpty || selfLoop
        }
    }

    /// What happens when a value reaches an accepting state.
    public struct Accept: Sendable {
        /// What reaching the accept does: deliver a value, or open a scope.
        public enum Kind: Sendable {
            /// A value for a destination.
            case match(MatchCapture)
            /// A model scope: a new instance of `program` runs on the value.
            case scope(program: Int)
        }
        /// What reaching the accept does.
        public var kind: Kind
        /// The receiver's identifier for this path.
        public var tag: Int
        /// The alternative (combination order) of the path this accept belongs to.
        public var alternative: Int
        /// The index of the path's in-memory tail in ``PathAutomaton/tails`` (a runBlock, a
        /// filter's candidate, see ``Tail``); -1 without one.
        ///
        /// An index rather than the tail itself: an accept is copied for every value it
        /// matches, and a plain value is copied without retaining anything.
        var tail: Int32
        /// The ordering group when the query reorders its results (RFC 9535 order), else -1.
        var orderGroup: Int32
        /// For the operand of a streamed filter: the candidate's slot its value fills (see
        /// ``StreamedFilter``); -1 for a destination's accept.
        var operand: Int32 = -1
        /// For the value of an absolute query in a streamed filter: the document slot it fills
        /// (see ``StreamedFilter``); -1 otherwise.
        var documentOperand: Int32 = -1
        /// For the first member on the way to an operand's value (`a` of `@.a.b`): the slot it
        /// settles (see ``StreamedFilter``), of the document when ``prefixOfDocument``; -1
        /// otherwise.
        var operandPrefix: Int32 = -1
        var prefixOfDocument = false
        /// For the operand of a streamed filter whose container value is not needed whole
        /// (``StreamedFilter/slotNeedsContainer``): an empty container of its kind stands in.
        var operandKindSuffices = false

        /// Whether the path's last steps run in memory on the captured value (see ``Tail``).
        var hasTail: Bool { tail >= 0 }

        /// Whether reaching the accept only settles a filter operand's slot when the value
        /// closes without the operand (``operandPrefix``): it takes nothing of the value.
        var onlySettlesOperand: Bool {
            operandPrefix >= 0 && operand < 0 && documentOperand < 0 && !hasTail && orderGroup < 0
        }

        var capturesContainers: Bool {
            if hasTail { return true }
            if case .match(let capture) = kind { return capture.contains(.containers) }
            return false
        }

        var capturesScalars: Bool {
            if hasTail { return true }
            if case .match(let capture) = kind { return capture.contains(.scalarValues) }
            return false
        }

        /// A destination that takes a scalar as its event, at once: not captured, not reordered.
        var takesScalarEvents: Bool {
            guard case .match(let capture) = kind else { return false }
            return capture.contains(.scalars) && !capturesScalars && orderGroup < 0
        }
    }

    /// The steps of a path evaluated in memory on a captured value: from a runBlock on, or from
    /// a filter that cannot stream on (see ``TailSplit``).
    struct Tail {
        enum Head {
            /// The block runs on the value; the rest on its result.
            case block(PathBlock)
            /// The rest runs on the value itself.
            case rest
        }
        var head: Head
        var rest: [PathSegment]
    }

    /// A reordering query: its segments, to resolve length-dependent selectors when flushing.
    struct OrderGroup {
        var segments: [PathSegment]
        /// The index of the first reordering segment.
        var firstReordering: Int
        /// Held only for length-dependent selectors (``JSONQuery/ResultOrder/streaming``): matches
        /// are released in the order they completed, as soon as the lengths they need are known.
        var streams = false
    }

    var states: [State] = []
    package private(set) var accepts: [Accept] = []
    private(set) var tails: [Tail] = []
    /// The streamed filters of the candidate states (``State/filter``).
    private(set) var filters: [StreamedFilter] = []
    /// The member names from the document root to the values absolute queries in streamed
    /// filters read (`$.limit`: `limit`), shared by all of them.
    private(set) var documentSlots: [[String]] = []
    var programRoots: [Int32] = []
    var orderGroups: [OrderGroup] = []
    /// The first scope path added that cannot be streamed (one with a filter selector: a model
    /// cannot wait for its filter), as the error its entry point throws before reading input;
    /// such a path is not compiled.
    package private(set) var streamingError: JSONPathStreamingError?
    /// Whether the matches of the paths added from now on stream (each as soon as it is
    /// complete; held only for length-dependent selectors), rather than come in RFC 9535 order.
    package var streamsMatches = false
    private var trie: [TrieKey: Int32] = [:]

    private struct TrieKey: Hashable {
        var from: Int32
        var step: Step
        enum Step: Hashable {
            case name(String)
            case anyMember, anyElement, wildcard
            case index(Int)
            case slice(Int?, Int?, Int?)
        }
    }

    /// Creates an automaton with one program, the document root (program 0).
    package init() {
        _ = addProgram()
    }

    /// Adds an empty program and returns its number.
    package func addProgram() -> Int {
        states.append(State())
        programRoots.append(Int32(states.count - 1))
        return programRoots.count - 1
    }

    /// Adds a path whose values go to a destination that takes them as `capture` says, reported
    /// with `tag`.
    package func addMatch(_ path: JSONPath, capture: MatchCapture, tag: Int, program: Int = 0) {
        add(path, program: program) { alternative, tail, group in
            Accept(kind: .match(capture), tag: tag, alternative: alternative, tail: tail, orderGroup: group)
        }
    }

    /// Adds a path whose values are each the root of an instance of `childProgram`.
    ///
    /// A scope path with a filter selector is not compiled: ``streamingError`` says so.
    package func addScope(_ path: JSONPath, childProgram: Int, tag: Int, program: Int = 0) {
        if let error = JSONPathStreamingError(path) {
            if streamingError == nil { streamingError = error }
            return
        }
        add(path, program: program) { alternative, _, group in
            Accept(
                kind: .scope(program: childProgram), tag: tag, alternative: alternative, tail: -1,
                orderGroup: group)
        }
    }

    private func add(
        _ path: JSONPath, program: Int,
        makeAccept: (Int, Int32, Int32) -> Accept
    ) {
        for (alternative, segments) in path.alternatives.enumerated() {
            let split = TailSplit(segments)
            let streamed = Array(segments[..<split.prefix])
            let streams = streamsMatches
            let firstReordering = streamed.firstIndex(where: streams ? Self.needsLength : Self.reorders)
            var group: Int32 = -1
            if let firstReordering {
                orderGroups.append(OrderGroup(segments: streamed, firstReordering: firstReordering, streams: streams))
                group = Int32(orderGroups.count - 1)
            }
            // More than one state after a union of filters: one per filter.
            var currents = [programRoots[program]]
            for (position, segment) in streamed.enumerated() {
                let isPrefix = firstReordering.map { position < $0 } ?? true
                if let firstReordering, position == firstReordering {
                    // Values at `current` are the inputs of the first reordering segment: their
                    // matches are held until they close.
                    for current in currents { states[Int(current)].flushGroups.append(group) }
                }
                currents = currents.flatMap { current in
                    guard let selectors = segment.selectors, selectors.contains(where: \.isFilter) else {
                        return [append(segment, to: current, shared: isPrefix, ordered: !isPrefix)]
                    }
                    // A union mixing filters with other selectors (`[0, ?@.x]`): the others go
                    // into one state, as in any union, each filter into its candidates'.
                    let others =
                        selectors.allSatisfy(\.isFilter)
                        ? [] : [append(segment, to: current, shared: false, ordered: !isPrefix)]
                    return others + appendFilters(segment, to: current, ordered: !isPrefix)
                }
            }
            var tail: Int32 = -1
            switch split.kind {
            case .streamed: break
            case .block(let block):
                tail = addTail(Tail(head: .block(block), rest: Array(segments[(split.prefix + 1)...])))
            case .captured:
                tail = addTail(Tail(head: .rest, rest: Array(segments[split.prefix...])))
            }
            accepts.append(makeAccept(alternative, tail, group))
            for current in currents { states[Int(current)].accepts.append(Int32(accepts.count - 1)) }
        }
    }

    private func addTail(_ tail: Tail) -> Int32 {
        tails.append(tail)
        return Int32(tails.count - 1)
    }

    /// Compiles a segment whose selectors are all filters; returns their candidate states.
    ///
    /// Every child of the values at `from` (every descendant's child, for a descendant
    /// segment) is a candidate of each filter, at a candidate state of its own (in selector
    /// order). From it, the filter's operands lead to accepts that fill the candidate's slots
    /// (see ``StreamedFilter``), and the rest of the path goes on.
    private func appendFilters(_ segment: PathSegment, to from: Int32, ordered: Bool) -> [Int32] {
        var source = from
        if case .descendant = segment {
            source = newState(ordered: ordered)
            states[Int(source)].selfLoop = true
            states[Int(from)].epsilon.append(source)
        }
        var targets: [Int32] = []
        for (index, selector) in (segment.selectors ?? []).enumerated() {
            guard case .filter(let filter) = selector else { continue }
            let candidate = newState(ordered: ordered)
            let transition = Transition(target: candidate, selector: Int32(index))
            states[Int(source)].members.append(transition)
            states[Int(source)].elements.append(transition)
            let known = documentSlots.count
            let streamed = StreamedFilter(filter.expression, documentSlots: &documentSlots)
            var documentStates: [[String]: Int32] = [:]
            for slot in known..<documentSlots.count {
                addOperand(
                    from: programRoots[0], names: documentSlots[slot], slot: slot, ofDocument: true,
                    kindSuffices: false, shared: &documentStates)
            }
            filters.append(streamed)
            states[Int(candidate)].filter = Int32(filters.count - 1)
            // Operands sharing leading names (`@.m.flag`, `@.m.score`) share their states, so the
            // candidate's members stay distinct names (picked directly, one entry each).
            var operandStates: [[String]: Int32] = [:]
            for (slot, names) in streamed.slots.enumerated() {
                addOperand(
                    from: candidate, names: names, slot: slot, ofDocument: false,
                    kindSuffices: !streamed.slotNeedsContainer[slot], shared: &operandStates)
            }
            targets.append(candidate)
        }
        return targets
    }

    /// Adds the path to an operand's value: `names` from `from` (a candidate, or the document
    /// root), to an accept that fills slot `slot` of the candidate or of the document.
    ///
    /// The states it makes for each run of leading names are in `shared`, and reused from it.
    /// `kindSuffices`: a container value is not needed whole (see ``Accept/operandKindSuffices``).
    private func addOperand(
        from: Int32, names: [String], slot: Int, ofDocument: Bool, kindSuffices: Bool,
        shared: inout [[String]: Int32]
    ) {
        var current = from
        for count in names.indices {
            let prefix = Array(names[...count])
            if let existing = shared[prefix] {
                current = existing
            } else {
                let next = newState()
                states[Int(current)].names.insert(Array(names[count].utf8), Transition(target: next, selector: 0))
                shared[prefix] = next
                current = next
            }
            if count < names.count - 1 {
                // A member on the way settles the slot when it ends without its value.
                var settles = Accept(kind: .match([]), tag: -1, alternative: 0, tail: -1, orderGroup: -1)
                settles.operandPrefix = Int32(slot)
                settles.prefixOfDocument = ofDocument
                accepts.append(settles)
                states[Int(current)].accepts.append(Int32(accepts.count - 1))
            }
        }
        var accept = Accept(
            kind: .match([.containers, .scalars, .scalarValues]), tag: -1, alternative: 0, tail: -1, orderGroup: -1)
        if ofDocument { accept.documentOperand = Int32(slot) } else { accept.operand = Int32(slot) }
        accept.operandKindSuffices = kindSuffices
        accepts.append(accept)
        states[Int(current)].accepts.append(Int32(accepts.count - 1))
    }

    /// Whether results of this segment can come out of document order, or depend on an array's
    /// length (and so must be held back).
    static func reorders(_ segment: PathSegment) -> Bool {
        switch segment {
        case .descendant: true
        case .child(let selectors): selectors.count != 1 || selectors[0].needsLength
        case .forEach, .block: false
        }
    }

    /// Whether this segment selects array elements by their distance from the end, so that its
    /// matches wait for the array's length (the only holds of streaming order).
    static func needsLength(_ segment: PathSegment) -> Bool {
        switch segment {
        case .child(let selectors), .descendant(let selectors): selectors.contains(where: \.needsLength)
        case .forEach, .block: false
        }
    }

    private func newState(ordered: Bool = false) -> Int32 {
        var state = State()
        state.ordered = ordered
        states.append(state)
        return Int32(states.count - 1)
    }

    private func sharedTarget(_ from: Int32, _ step: TrieKey.Step, shared: Bool, ordered: Bool) -> (Int32, Bool) {
        let key = TrieKey(from: from, step: step)
        if shared, let existing = trie[key] { return (existing, false) }
        let target = newState(ordered: ordered)
        if shared { trie[key] = target }
        return (target, true)
    }

    private func append(_ segment: PathSegment, to from: Int32, shared: Bool, ordered: Bool) -> Int32 {
        switch segment {
        case .forEach:
            let (target, isNew) = sharedTarget(from, .anyElement, shared: shared, ordered: ordered)
            if isNew { states[Int(from)].elements.append(Transition(target: target, selector: 0)) }
            return target
        case .child(let selectors):
            if selectors.count == 1, let step = Self.trieStep(selectors[0]) {
                let (target, isNew) = sharedTarget(from, step, shared: shared, ordered: ordered)
                if isNew { addSelector(selectors[0], index: 0, from: from, to: target) }
                return target
            }
            let target = newState(ordered: ordered)
            for (index, selector) in selectors.enumerated() where !selector.isFilter {
                addSelector(selector, index: index, from: from, to: target)
            }
            return target
        case .descendant(let selectors):
            // A state that stays active in every descendant, selecting from each.
            let visitor = newState(ordered: ordered)
            states[Int(visitor)].selfLoop = true
            states[Int(from)].epsilon.append(visitor)
            let target = newState(ordered: ordered)
            // A union's filters are compiled by appendFilters(_:to:ordered:).
            for (index, selector) in selectors.enumerated() where !selector.isFilter {
                addSelector(selector, index: index, from: visitor, to: target)
            }
            return target
        case .block:
            preconditionFailure("blocks are evaluated in memory")
        }
    }

    private static func trieStep(_ selector: PathSelector) -> TrieKey.Step? {
        switch selector {
        case .name(let name): .name(name)
        case .wildcard: .wildcard
        case .index(let index) where index >= 0: .index(index)
        case .slice(let start, let end, let step): .slice(start, end, step)
        case .index, .filter: nil
        }
    }

    private func addSelector(_ selector: PathSelector, index: Int, from: Int32, to target: Int32) {
        let transition = Transition(target: target, selector: Int32(index))
        switch selector {
        case .name(let name): states[Int(from)].names.insert(Array(name.utf8), transition)
        case .wildcard:
            states[Int(from)].members.append(transition)
            states[Int(from)].elements.append(transition)
        case .filter:
            preconditionFailure("filter segments are compiled by appendFilters(_:to:ordered:)")
        case .index, .slice:
            states[Int(from)].indexed.append(IndexedTransition(selector: selector, transition: transition))
        }
    }

}

/// Member-name transitions of a state while the automaton is being built.
struct KeyTable {
    private var keys: [[UInt8]] = []
    private var transitions: [PathAutomaton.Transition] = []

    var isEmpty: Bool { keys.isEmpty }

    mutating func insert(_ key: [UInt8], _ transition: PathAutomaton.Transition) {
        keys.append(key)
        transitions.append(transition)
    }

    func forEachEntry(_ body: ([UInt8], PathAutomaton.Transition) -> Void) {
        for index in keys.indices { body(keys[index], transitions[index]) }
    }
}
