/// The filter candidates of the document: each child a streamed filter selector considers
/// (see ``StreamedFilter``), with its operands' slots and its decision; and the document's
/// slots, which absolute queries in filters (`$.limit`) read.
///
/// A match found inside a candidate waits on it, and on the candidates it is itself inside
/// (its *parent* chain: `$.a[?@.x][*][?@.y].z` waits on both filters); ``status(_:)`` says
/// which. Candidates open and close with their values, so the open ones nest like them. A
/// candidate is decided at the latest when it closes, unless its filter waits for a document
/// slot: it is then kept, closed, until that slot is read or the document ends (the cost of
/// absolute queries in filters: such candidates' held matches, and a small record for every
/// candidate of the document).
struct FilterCandidates {
    struct Candidate {
        var id: Int32
        /// The candidate the one that opened this was inside, or -1.
        var parent: Int32
        /// Its filter, in ``PathAutomaton/filters``.
        var filter: Int32
        /// The number of open containers outside it: it closes when no more are open.
        var depth: Int
        /// Where its slots start in ``FilterCandidates/slotValues`` while it is open.
        var slotStart: Int
        /// Whether the filter selects it, once decided.
        var decision: Bool?
        /// ``HeldMatches/lastSequence`` when it opened.
        var heldSince: Int
    }

    /// What a match inside a candidate waits for.
    enum Status {
        /// Every candidate it is inside is selected.
        case selected
        /// A candidate it is inside is not.
        case dropped
        /// The innermost undecided candidate it is inside.
        case waiting(Int32)

        var isSelected: Bool {
            if case .selected = self { return true }
            return false
        }
    }

    /// A candidate decided: its identifier, decision, parent, and ``Candidate/heldSince``.
    typealias Decision = (id: Int32, selected: Bool, parent: Int32, since: Int)

    private(set) var open: [Candidate] = []
    /// The slots of the open candidates, each one's after those of the candidates it is inside
    /// (no array per candidate).
    private var slotValues: [StreamedFilter.SlotValue] = []
    /// The first members on the way to slots that are open (see
    /// ``PathMatcherEngine/operandPrefixBegins(_:candidate:isContainer:)``): the slot, its
    /// candidate (-1: the document's), and the open containers outside the member; innermost
    /// last.
    private var prefixes: [(slot: Int, owner: Int32, depth: Int)] = []
    /// With document slots: the closed candidates of the document and their slots, by identifier.
    ///
    /// Their decisions are part of their descendants' status. The slots are kept here, not in
    /// ``Candidate``, so that a candidate holds no reference and copies for free.
    private var closed: [Int32: (candidate: Candidate, slots: [StreamedFilter.SlotValue])] = [:]
    /// The closed candidates still undecided, in the order they opened.
    private var pending: [Int32] = []
    private var nextID: Int32 = 0
    let filters: [StreamedFilter]
    /// The number of slots of each filter.
    private let slotCounts: [Int]
    /// Each filter's comparison of one slot with a literal, when that is all it is (decided
    /// without going through its expression).
    private let comparisons: [StreamedFilter.SlotComparison?]
    /// The member names from the document root to each document slot's value.
    let documentNames: [[String]]
    private var document: [StreamedFilter.SlotValue]

    init(filters: [StreamedFilter], documentNames: [[String]]) {
        self.filters = filters
        slotCounts = filters.map(\.slots.count)
        comparisons = filters.map(\.slotComparison)
        self.documentNames = documentNames
        document = Array(repeating: .unknown, count: documentNames.count)
    }

    /// Whether slot `slot` of candidate `owner` (-1: of the document) is still to be read, and
    /// the candidate undecided.
    func needsSlot(_ slot: Int, of owner: Int32) -> Bool {
        if owner < 0 { return !document[slot].isKnown }
        guard let index = open.lastIndex(where: { $0.id == owner }) else { return false }
        return open[index].decision == nil && !slotValues[open[index].slotStart + slot].isKnown
    }

    /// The first member on the way to a slot opened at `depth` open containers.
    mutating func openPrefix(slot: Int, of owner: Int32, depth: Int) {
        prefixes.append((slot, owner, depth))
    }

    /// Whether a first member on the way to a slot opened at `depth` open containers or more.
    func hasOpenPrefix(atLeast depth: Int) -> Bool {
        guard let last = prefixes.last else { return false }
        return last.depth >= depth
    }

    /// Takes the innermost first member on the way to a slot, when it opened at `depth` open
    /// containers or more.
    mutating func closePrefix(atLeast depth: Int) -> (slot: Int, owner: Int32)? {
        guard let last = prefixes.last, last.depth >= depth else { return nil }
        prefixes.removeLast()
        return (last.slot, last.owner)
    }

    /// Opens a candidate of `filter` inside `parent` (-1: none); returns its identifier.
    mutating func open(filter: Int32, parent: Int32, depth: Int, heldSince: Int) -> Int32 {
        nextID &+= 1
        let slotStart = slotValues.count
        for _ in 0..<slotCounts[Int(filter)] { slotValues.append(.unknown) }
        open.append(
            Candidate(
                id: nextID, parent: parent, filter: filter, depth: depth, slotStart: slotStart, decision: nil,
                heldSince: heldSince))
        return nextID
    }

    /// A candidate's decision and parent (the fields a status needs, without copying its record).
    private func decisionAndParent(_ id: Int32) -> (decision: Bool?, parent: Int32)? {
        if let index = open.lastIndex(where: { $0.id == id }) { return (open[index].decision, open[index].parent) }
        guard !closed.isEmpty, let index = closed.index(forKey: id) else { return nil }
        return (closed.values[index].candidate.decision, closed.values[index].candidate.parent)
    }

    /// The status of a match inside candidate `id` (-1: none) and the candidates around it.
    func status(_ id: Int32) -> Status {
        var current = id
        var waiting: Int32 = -1
        while current >= 0, let candidate = decisionAndParent(current) {
            switch candidate.decision {
            case false?: return .dropped
            case nil: if waiting < 0 { waiting = current }
            case true?: break
            }
            current = candidate.parent
        }
        return waiting >= 0 ? .waiting(waiting) : .selected
    }

    /// Whether a value inside candidate `id` is not needed: an operand of it (`isOperand`)
    /// once it is decided, a match once it or a candidate around it is not selected.
    func rules(out isOperand: Bool, _ id: Int32) -> Bool {
        if isOperand { return decisionAndParent(id)?.decision != nil }
        if case .dropped = status(id) { return true }
        return false
    }

    /// Decides an open candidate. (Mutating: so that it reads `self` in place; a non-mutating
    /// call from the mutating ones copied the whole struct.)
    private mutating func decide(open candidate: Candidate, candidateEnded: Bool) -> Bool? {
        if let comparison = comparisons[Int(candidate.filter)] {
            return comparison.decide(slotValues[candidate.slotStart + comparison.slot], candidateEnded: candidateEnded)
        }
        let count = slotCounts[Int(candidate.filter)]
        return filters[Int(candidate.filter)].decide(
            slots: slotValues[candidate.slotStart..<(candidate.slotStart + count)], candidateEnded: candidateEnded,
            document: document, documentNames: documentNames, documentEnded: false)
    }

    /// Decides a closed candidate from its slots.
    private func decide(closed candidate: Candidate, slots: [StreamedFilter.SlotValue], documentEnded: Bool) -> Bool? {
        filters[Int(candidate.filter)].decide(
            slots: slots[...], candidateEnded: true, document: document, documentNames: documentNames,
            documentEnded: documentEnded)
    }

    /// Sets a slot of candidate `id` (its first value only); returns the decision when this
    /// decides the candidate.
    mutating func fill(_ id: Int32, slot: Int, with value: StreamedFilter.SlotValue) -> Decision? {
        guard let index = open.lastIndex(where: { $0.id == id }), open[index].decision == nil,
            !slotValues[open[index].slotStart + slot].isKnown
        else { return nil }
        slotValues[open[index].slotStart + slot] = value
        guard let selected = decide(open: open[index], candidateEnded: false) else { return nil }
        open[index].decision = selected
        return (id, selected, open[index].parent, open[index].heldSince)
    }

    /// Sets a document slot (its first value only); returns the candidates this decides.
    mutating func fillDocument(slot: Int, with value: StreamedFilter.SlotValue) -> [Decision] {
        guard !document[slot].isKnown else { return [] }
        document[slot] = value
        var decisions: [Decision] = []
        for index in open.indices where open[index].decision == nil {
            if let selected = decide(open: open[index], candidateEnded: false) {
                open[index].decision = selected
                decisions.append((open[index].id, selected, open[index].parent, open[index].heldSince))
            }
        }
        decisions += decidePending(documentEnded: false)
        return decisions
    }

    private mutating func decidePending(documentEnded: Bool) -> [Decision] {
        var decisions: [Decision] = []
        var waiting: [Int32] = []
        for id in pending {
            // Pending candidates are kept in `closed`.
            // swift-format-ignore: NeverForceUnwrap
            let (candidate, slots) = closed[id]!
            guard let selected = decide(closed: candidate, slots: slots, documentEnded: documentEnded) else {
                waiting.append(id)
                continue
            }
            closed[id]?.candidate.decision = selected
            decisions.append((id, selected, candidate.parent, candidate.heldSince))
        }
        pending = waiting
        return decisions
    }

    /// Whether the innermost open candidate opened at `depth` open containers or more.
    func hasOpen(atLeast depth: Int) -> Bool {
        guard let last = open.last else { return false }
        return last.depth >= depth
    }

    /// Closes the innermost candidate, deciding it if it was not.
    ///
    /// A slot of it not found is Nothing; one of the document may still come, and the candidate
    /// then waits for it. Returns its decision when made now.
    mutating func close() -> Decision? {
        var candidate = open.removeLast()
        var decidedNow = false
        if candidate.decision == nil {
            candidate.decision = decide(open: candidate, candidateEnded: true)
            decidedNow = candidate.decision != nil
            if !decidedNow { pending.append(candidate.id) }
        }
        if !documentNames.isEmpty {
            closed[candidate.id] = (candidate, Array(slotValues[candidate.slotStart...]))
        }
        slotValues.removeSubrange(candidate.slotStart...)
        guard decidedNow, let selected = candidate.decision else { return nil }
        return (candidate.id, selected, candidate.parent, candidate.heldSince)
    }

    /// A top-level value is ending: decides the candidates that waited for document slots.
    ///
    /// A slot not found is Nothing. Their records stay until ``documentEnded()``.
    mutating func documentEnding() -> [Decision] {
        decidePending(documentEnded: true)
    }

    /// Whether there is nothing to decide or forget at a document's end: no candidate, no slot
    /// value, no document slot.
    var isIdle: Bool {
        open.isEmpty && pending.isEmpty && closed.isEmpty && slotValues.isEmpty && prefixes.isEmpty
            && documentNames.isEmpty
    }

    /// A top-level value ended: forgets its candidates and document slots.
    mutating func documentEnded() {
        open.removeAll(keepingCapacity: true)
        slotValues.removeAll(keepingCapacity: true)
        prefixes.removeAll(keepingCapacity: true)
        closed.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        document = Array(repeating: .unknown, count: documentNames.count)
    }
}
