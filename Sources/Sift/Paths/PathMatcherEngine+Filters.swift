/// Streamed filters (see ``StreamedFilter``): candidates open with their values, their slots
/// fill as their operands are read, and each is decided as soon as its operands tell (at the
/// latest when it closes); the matches waiting on it (``HeldMatches``) are then released in
/// order or dropped.
extension PathMatcherEngine {
    /// Opens a candidate of `filter` for the value whose entry is `entries[index]`: the entries
    /// from it on (its operands, the rest of its path) carry the candidate.
    mutating func openCandidate(at index: Int, filter: Int32) {
        let entry = entries[index]
        let candidate = candidates.open(
            filter: filter, slotCount: paths.filters[Int(filter)].slots.count, parent: entry.candidate,
            depth: frames.count)
        entries[index].candidate = candidate
        // The descendant visitors entered with it (`[?…]..x`) are inside it too.
        for visitor in (index + 1)..<(index + 1 + Int(states[Int(entry.state)].epsilonCount)) {
            entries[visitor].candidate = candidate
        }
    }

    /// An operand's value was read: fills its slot of `candidate`, which may decide it.
    mutating func fillSlot(_ slot: Int, of candidate: Int32, with value: JSONValue) throws {
        guard let selected = candidates.fill(candidate, slot: slot, with: value, filters: paths.filters) else {
            return
        }
        let parent = candidates.open.last { $0.id == candidate }?.parent ?? -1
        try decided(candidate, selected: selected, parent: parent)
    }

    /// Closes the candidates that opened at `depth` open containers or more (a scalar
    /// candidate's right away, a container's when it closes), deciding those not decided yet.
    mutating func closeCandidates(atLeast depth: Int) throws {
        while candidates.innermost(atLeast: depth) != nil {
            let (candidate, decidedNow) = candidates.close(filters: paths.filters)
            if decidedNow {
                // Decided when closing, so a decision (a slot not found is Nothing).
                // swift-format-ignore: NeverForceUnwrap
                try decided(candidate.id, selected: candidate.decision!, parent: candidate.parent)
            }
        }
    }

    /// Candidate `candidate` is decided: the matches waiting on it are released, dropped, or
    /// wait on the next undecided candidate around it.
    private mutating func decided(_ candidate: Int32, selected: Bool, parent: Int32) throws {
        guard !held.isEmpty else { return }
        let next: FilterCandidates.Status = selected ? candidates.status(parent) : .dropped
        try release(held.candidateDecided(candidate, next: next))
        if !held.isEmpty { try releaseStreamingMatches() }
    }
}
