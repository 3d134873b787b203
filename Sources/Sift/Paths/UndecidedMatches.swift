import DequeModule

/// The held matches that wait only for filter candidates' decisions (see ``HeldMatches``), in the
/// order they are to be released: those of queries that do not reorder, in the order they
/// completed, and those of reordering queries whose order is settled.
///
/// A decision is recorded, not applied to every match that waits on it: a match's status is its
/// candidate's decision, followed outward through the candidates that were decided to wait on
/// another (``resolved``). So a decision costs what it releases or drops at the front, never a
/// pass over every match held behind one still waiting, which made `$.a[?$.z]` (every element
/// waits for `z`) and `$[?@.last].items[?@.v].w` (every `w` behind the outer candidate) cost the
/// square of their matches. Matches dropped behind one still waiting are removed by a pass over
/// all of them that runs once their number has doubled, so memory stays within twice what waits.
struct UndecidedMatches {
    /// The matches, in the order they are released.
    private var matches: Deque<HeldMatch> = []
    /// The decisions of candidates that matches here wait on (directly, or through candidates
    /// decided to wait on them); cleared whenever nothing here waits.
    private var resolved: [Int32: FilterCandidates.Status] = [:]
    /// How many matches here wait on each undecided candidate (directly or through `resolved`).
    private var waiting = WaitingCounts()
    /// How many matches of each reordering query are here: while one is, the query's later
    /// matches come after it (``HeldMatches/takeOrdered(_:order:)``).
    private var inGroup: [Int32: Int] = [:]
    /// The count that makes ``decided(_:next:)`` drop every match decided out (twice what the
    /// last such pass kept, and at least 64).
    private var compactAt = 64

    var isEmpty: Bool { matches.isEmpty }
    var count: Int { matches.count }

    subscript(index: Int) -> HeldMatch { matches[index] }

    /// Whether matches of reordering query `group` are here.
    func holds(group: Int32) -> Bool { inGroup[group] != nil }

    /// Adds a match after the others: one waiting on the undecided candidate `waitsOn`, or one
    /// decided (-1) that must not overtake them.
    mutating func append(_ match: HeldMatch) {
        if match.waitsOn >= 0 { waiting.add(1, to: match.waitsOn) }
        if match.group >= 0 { inGroup[match.group, default: 0] += 1 }
        matches.append(match)
    }

    /// Records that candidate `candidate` is decided, and returns how many of the first matches
    /// are now decided and selected, in order.
    ///
    /// `next` is what the matches that waited on it now wait for. The caller releases the
    /// matches returned, then calls ``dropReleased(_:)``.
    mutating func decided(_ candidate: Int32, next: FilterCandidates.Status) -> Int {
        // The common case, one candidate at a time (`$.a[?@.ok].id`): every match here waits on
        // it directly, so the decision applies to all of them and nothing need be recorded.
        if resolved.isEmpty, waiting.count == 1, waiting[candidate] == matches.count {
            switch next {
            case .selected:
                waiting.removeAll()
                for index in matches.indices { matches[index].waitsOn = -1 }
                return matches.count
            case .dropped:
                waiting.removeAll()
                if !inGroup.isEmpty {
                    for item in matches { left(item) }
                }
                matches.removeAll(keepingCapacity: true)
                return 0
            case .waiting: break
            }
        }
        if let count = waiting.remove(candidate) {
            resolved[candidate] = next
            if case .waiting(let outer) = next { waiting.add(count, to: outer) }
        }
        // The front: selected matches move up over the dropped ones, up to the first still waiting.
        var kept = 0
        var index = 0
        walk: while index < matches.count {
            switch status(of: matches[index]) {
            case .waiting: break walk
            case .dropped: left(matches[index])
            case .selected:
                matches[index].waitsOn = -1
                if kept != index { matches.swapAt(kept, index) }
                kept += 1
            }
            index += 1
        }
        let nothingWaits = index == matches.count
        if kept < index { matches.removeSubrange(kept..<index) }
        if nothingWaits {
            if !resolved.isEmpty { resolved.removeAll(keepingCapacity: true) }
            waiting.removeAll()
        } else if matches.count >= compactAt {
            compact()
        }
        return kept
    }

    /// Drops the first `count` matches, released.
    mutating func dropReleased(_ count: Int) {
        if !inGroup.isEmpty {
            for item in matches.prefix(count) { left(item) }
        }
        if count == matches.count {
            matches.removeAll(keepingCapacity: true)
            if !resolved.isEmpty { resolved.removeAll(keepingCapacity: true) }
            waiting.removeAll()
        } else {
            matches.removeFirst(count)
        }
    }

    /// A top-level value ended (every candidate of it is decided by then).
    mutating func documentEnded() {
        if !resolved.isEmpty { resolved.removeAll(keepingCapacity: true) }
        waiting.removeAll()
    }

    /// What a match waits for now: nothing (selected), nothing any more (dropped), or the
    /// innermost undecided candidate it is inside.
    private func status(of match: HeldMatch) -> FilterCandidates.Status {
        var candidate = match.waitsOn
        guard candidate >= 0 else { return .selected }
        while let decision = resolved[candidate] {
            guard case .waiting(let outer) = decision else { return decision }
            candidate = outer
        }
        return .waiting(candidate)
    }

    /// A match leaves, released or dropped.
    private mutating func left(_ match: HeldMatch) {
        guard match.group >= 0, let count = inGroup[match.group] else { return }
        inGroup[match.group] = count > 1 ? count - 1 : nil
    }

    /// Drops every match decided out and points every other at what it waits for now, so that
    /// no decision recorded is needed any more.
    private mutating func compact() {
        waiting.removeAll()
        var kept = 0
        for index in matches.indices {
            switch status(of: matches[index]) {
            case .dropped:
                left(matches[index])
                continue
            case .selected: matches[index].waitsOn = -1
            case .waiting(let candidate):
                matches[index].waitsOn = candidate
                waiting.add(1, to: candidate)
            }
            if kept != index { matches.swapAt(kept, index) }
            kept += 1
        }
        if kept < matches.count { matches.removeSubrange(kept...) }
        if !resolved.isEmpty { resolved.removeAll(keepingCapacity: true) }
        compactAt = max(64, 2 * matches.count)
    }
}
