/// The filter candidates open in the document, innermost last: each child a streamed filter
/// selector considers (see ``StreamedFilter``), with its operands' slots and its decision.
///
/// A match found inside a candidate waits on it, and on the candidates it is itself inside
/// (its *parent* chain: `$.a[?@.x][*][?@.y].z` waits on both filters); ``status(_:)`` says
/// which. Candidates open and close with their values, so they nest like them; a candidate
/// is decided at the latest when it closes.
struct FilterCandidates {
    struct Candidate {
        var id: Int32
        /// The candidate the one that opened this was inside, or -1.
        var parent: Int32
        /// Its filter, in ``PathAutomaton/filters``.
        var filter: Int32
        /// The number of open containers outside it: it closes when no more are open.
        var depth: Int
        var slots: [StreamedFilter.SlotValue]
        /// Whether the filter selects it, once decided.
        var decision: Bool?
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

    private(set) var open: [Candidate] = []
    private var nextID: Int32 = 0

    /// Opens a candidate of `filter` inside `parent` (-1: none); returns its identifier.
    mutating func open(filter: Int32, slotCount: Int, parent: Int32, depth: Int) -> Int32 {
        nextID &+= 1
        open.append(
            Candidate(
                id: nextID, parent: parent, filter: filter, depth: depth,
                slots: Array(repeating: .unknown, count: slotCount), decision: nil))
        return nextID
    }

    private func index(of id: Int32) -> Int? {
        open.lastIndex { $0.id == id }
    }

    /// The status of a match inside candidate `id` (-1: none) and the candidates around it.
    func status(_ id: Int32) -> Status {
        var current = id
        var waiting: Int32 = -1
        while current >= 0, let index = index(of: current) {
            switch open[index].decision {
            case false?: return .dropped
            case nil: if waiting < 0 { waiting = current }
            case true?: break
            }
            current = open[index].parent
        }
        return waiting >= 0 ? .waiting(waiting) : .selected
    }

    /// Sets a slot of candidate `id` (its first value only); returns the decision when this
    /// decides the candidate.
    mutating func fill(_ id: Int32, slot: Int, with value: JSONValue, filters: [StreamedFilter]) -> Bool? {
        guard let index = index(of: id), open[index].decision == nil, !open[index].slots[slot].isKnown else {
            return nil
        }
        open[index].slots[slot] = .value(value)
        let decision = filters[Int(open[index].filter)].decide(slots: open[index].slots, isFinal: false)
        open[index].decision = decision
        return decision
    }

    /// The innermost candidate, when it opened at `depth` or deeper.
    func innermost(atLeast depth: Int) -> Candidate? {
        guard let last = open.last, last.depth >= depth else { return nil }
        return last
    }

    /// Closes the innermost candidate: decided now if it was not (a slot not found is Nothing).
    mutating func close(filters: [StreamedFilter]) -> (candidate: Candidate, decidedNow: Bool) {
        var candidate = open.removeLast()
        guard candidate.decision == nil else { return (candidate, false) }
        candidate.decision = filters[Int(candidate.filter)].decide(slots: candidate.slots, isFinal: true)
        return (candidate, true)
    }

    /// A top-level value ended: nothing is open.
    mutating func documentEnded() {
        open.removeAll(keepingCapacity: true)
    }
}
