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
            filter: filter, parent: entry.candidate, depth: frames.count, heldSince: held.lastSequence)
        entries[index].candidate = candidate
        // The descendant visitors entered with it (`[?…]..x`) are inside it too.
        for visitor in (index + 1)..<(index + 1 + Int(states[Int(entry.state)].epsilonCount)) {
            entries[visitor].candidate = candidate
        }
    }

    /// An operand's value was read: fills its slot of `candidate`, which may decide it.
    mutating func fillSlot(_ slot: Int, of candidate: Int32, with value: StreamedFilter.SlotValue) throws {
        guard let decision = candidates.fill(candidate, slot: slot, with: value) else { return }
        try decided(decision)
    }

    /// The value of an absolute query in a filter was read: fills its document slot, which may
    /// decide candidates waiting for it.
    mutating func fillDocumentSlot(_ slot: Int, with value: StreamedFilter.SlotValue) throws {
        for decision in candidates.fillDocument(slot: slot, with: value) { try decided(decision) }
    }

    /// The first member on the way to an operand's value (`a` of `@.a.b`) begins.
    ///
    /// It is inside `candidate` (or the document, for an absolute query): a scalar settles the slot, which is
    /// then Nothing; a container settles it when it ends (``closePrefixes(atLeast:)``). Later
    /// members of that name find the slot known and change nothing.
    mutating func operandPrefixBegins(_ accept: PathAutomaton.Accept, candidate: Int32, isContainer: Bool) throws {
        let owner: Int32 = accept.prefixOfDocument ? -1 : candidate
        let slot = Int(accept.operandPrefix)
        guard candidates.needsSlot(slot, of: owner) else { return }
        if isContainer {
            candidates.openPrefix(slot: slot, of: owner, depth: frames.count)
        } else {
            try settle(slot, of: owner)
        }
    }

    /// Settles the slots whose first member on the way ends at `depth` open containers or more.
    mutating func closePrefixes(atLeast depth: Int) throws {
        while let prefix = candidates.closePrefix(atLeast: depth) { try settle(prefix.slot, of: prefix.owner) }
    }

    /// A slot not read by now is Nothing (of the document when `owner` is -1).
    private mutating func settle(_ slot: Int, of owner: Int32) throws {
        if owner < 0 {
            try fillDocumentSlot(slot, with: .missing)
        } else {
            try fillSlot(slot, of: owner, with: .missing)
        }
    }

    /// Closes the candidates that opened at `depth` open containers or more (a scalar
    /// candidate's right away, a container's when it closes), deciding those not decided yet.
    mutating func closeCandidates(atLeast depth: Int) throws {
        while candidates.hasOpen(atLeast: depth) {
            if let decision = candidates.close() { try decided(decision) }
        }
    }

    /// The top-level value ends: the candidates that waited for the document are decided.
    mutating func decideAtDocumentEnd() throws {
        // Most documents (each line of NDJSON) end with no candidate, slot or document slot.
        guard !candidates.isIdle else { return }
        for decision in candidates.documentEnding() { try decided(decision) }
        candidates.documentEnded()
    }

    /// A candidate is decided: the matches waiting on it are released, dropped, or wait on the
    /// next undecided candidate around it.
    private mutating func decided(_ decision: FilterCandidates.Decision) throws {
        guard !held.isEmpty else { return }
        let next: FilterCandidates.Status = decision.selected ? candidates.status(decision.parent) : .dropped
        let decided = held.candidateDecided(decision.id, since: decision.since, next: next)
        if decided > 0 {
            defer { held.dropReleased(decided) }
            delivered = true
            for index in 0..<decided {
                let item = held.undecided[index]
                try withReceiver {
                    try $0.receive(
                        .value(item.value), accept: paths.accepts[Int(item.accept)], scope: Int(item.scope),
                        info: item.info)
                }
            }
        }
        if !held.isEmpty { try releaseStreamingMatches() }
    }
}
