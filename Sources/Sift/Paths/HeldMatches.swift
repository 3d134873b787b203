import DequeModule

/// The matcher's one way to decide later: a match whose fate depends on something not read yet
/// is held here, then released in order or discarded once that is known.
///
/// A held match says what it waits for in its order key (``HeldMatch/key``): four numbers per
/// reordering segment of its query, the pre-order position of the container the segment starts
/// from, the selector (its position in its union), the member's or element's position, and the
/// array whose length the selector needs (-1 when it needs none). Three things are waited for:
///
/// - *The length of an array*, for an index or slice from its end (`$.a[-2]`). It is known when
///   the array closes (``arrayClosed(_:length:)``); the match is then selected, its position
///   replaced by its place in the selection, or discarded (``verdict(on:order:)``). Meanwhile
///   ``prune(arrayID:position:orders:)`` discards what the array's later elements rule out, so
///   `[-k]` holds at most `k` elements' matches (and each element costs the same, whatever `k`).
/// - *The close of the value a query's reordering starts from*, for RFC 9535 order (`$..id`,
///   `$['b','a']`): its matches are then released sorted by key (``takeOrdered(_:order:)``).
///
/// A query that streams its results (``PathAutomaton/OrderGroup/streams``) waits only for
/// lengths (and filters), and its matches are released as soon as they are decided
/// (``takeDecided(_:order:)``), in the order they completed.
///
/// The third is a filter's decision: a match found inside a candidate of a
/// streamed filter (`$.body[?@.metadata.flag == true].id`, whose operands come after `id`)
/// waits on the innermost undecided candidate it is inside (``HeldMatch/waitsOn``, see
/// ``FilterCandidates``). When that candidate is decided (``candidateDecided(_:since:next:)``) the
/// match is dropped, waits on the next undecided candidate around it, or is decided: a match
/// of a query that does not reorder is then released, in the order they completed (after
/// those before it that still wait); one of a reordering query stays held for its order.
struct HeldMatches {
    /// The held matches of each reordering query (by order group), in the order they completed.
    private var groups: [Int32: Group] = [:]
    /// The matches waiting only for filters' decisions, of queries that do not reorder (and of
    /// reordering ones whose order is settled), in the order they completed.
    private(set) var undecided = UndecidedMatches()
    /// The lengths of the closed arrays that selectors wait for, by array identifier.
    private var arrayLengths: [Int32: Int] = [:]
    /// Counts the matches held, to keep equal keys in the order they completed.
    private var sequence = 0
    /// The most matches held at once by one query (see ``EngineDiagnostics``).
    private(set) var peak = 0

    /// The matches one reordering query holds, in the order they completed.
    private struct Group {
        var matches: Deque<HeldMatch> = []
        /// How many matches make ``prune(arrayID:position:orders:)`` look past the first one
        /// it cannot drop (twice what the last such pass kept, and at least 64).
        var fullPruneAt = 64
    }

    /// What a held match's conditions decide.
    enum Verdict {
        /// Selected: the match, its positions replaced by selection order.
        case selected(HeldMatch)
        /// Not selected by a length-dependent selector.
        case dropped
        /// An array or a filter candidate it waits for is still open.
        case waiting
    }

    /// How many held matches wait on each filter candidate (at least: a match a negative index
    /// rules out is not subtracted).
    private var waitingCount = WaitingCounts()

    /// Whether no match is held.
    var isEmpty: Bool { groups.isEmpty && undecided.isEmpty }

    /// Whether matches of queries that do not reorder wait: a match completed now, even one
    /// decided, is held after them (``hold(_:accept:scope:key:info:group:waitsOn:)`` with no
    /// candidate), so that they come out in the order they completed.
    var hasUndecided: Bool { !undecided.isEmpty }

    /// The sequence number of the last match held: a candidate opened now is waited on only by
    /// matches held after it.
    var lastSequence: Int { sequence }

    /// Holds a match for the query of order group `group` (-1: a query that does not
    /// reorder), waiting on filter candidate `waitsOn` (-1: none).
    mutating func hold(
        _ value: JSONValue, accept: Int32, scope: Int32, key: [Int], info: MatchInfo, group: Int32,
        waitsOn: Int32 = -1
    ) {
        sequence += 1
        if waitsOn >= 0 { waitingCount.add(1, to: waitsOn) }
        let match = HeldMatch(
            accept: accept, scope: scope, key: key, value: value, info: info, sequence: sequence, group: group,
            waitsOn: waitsOn)
        if group < 0 {
            undecided.append(match)
            peak = max(peak, undecided.count)
        } else {
            groups[group, default: Group()].matches.append(match)
            peak = max(peak, groups[group]?.matches.count ?? 0)
        }
    }

    /// Filter candidate `candidate`, opened when ``lastSequence`` was `since`, is decided: the
    /// matches waiting on it are dropped, wait on `next`, or are decided.
    ///
    /// Returns how many of the first ``undecided`` matches (of queries that do not reorder) are
    /// now decided, in the order they completed: the caller releases them, then drops them
    /// (``dropReleased(_:)``), without an array of their own. Only the reordering queries'
    /// matches held since the candidate opened are looked at (their lists are in the order they
    /// were held), and ``undecided`` records the decision, so deciding costs what the candidate
    /// holds and what it releases.
    mutating func candidateDecided(_ candidate: Int32, since: Int, next: FilterCandidates.Status) -> Int {
        guard let count = waitingCount.remove(candidate) else { return 0 }
        if case .waiting(let outer) = next { waitingCount.add(count, to: outer) }
        // One pass, in place: the kept matches move up over the dropped ones, in order.
        func update(_ held: inout Deque<HeldMatch>) {
            var start = held.count
            while start > 0 && held[start - 1].sequence > since { start -= 1 }
            var kept = start
            for index in start..<held.count {
                if held[index].waitsOn == candidate {
                    switch next {
                    case .dropped: continue
                    case .selected: held[index].waitsOn = -1
                    case .waiting(let outer): held[index].waitsOn = outer
                    }
                }
                if kept != index { held.swapAt(kept, index) }
                kept += 1
            }
            if kept < held.count { held.removeSubrange(kept...) }
        }
        // The keys first: iterating them would share the dictionary's storage, and each update
        // would then copy it, with every held match.
        for group in groups.isEmpty ? [] : Array(groups.keys) {
            // Updated in place: its matches keep their places.
            update(&groups[group, default: Group()].matches)
            if groups[group]?.matches.isEmpty == true { groups[group] = nil }
        }
        // Only those before the first still waiting: the others keep their place after it.
        return undecided.decided(candidate, next: next)
    }

    /// Drops the first `count` matches of ``undecided``, released.
    mutating func dropReleased(_ count: Int) {
        undecided.dropReleased(count)
    }

    /// The array `arrayID` closed with `length` elements: the selectors waiting for it can decide.
    mutating func arrayClosed(_ arrayID: Int32, length: Int) {
        arrayLengths[arrayID] = length
    }

    /// A top-level value ended: the array identifiers of the next one are new.
    mutating func documentEnded() {
        arrayLengths.removeAll(keepingCapacity: true)
        waitingCount.removeAll()
        undecided.documentEnded()
    }

    /// Drops held matches that a negative index or a slice from the end can no longer select:
    /// once element `position` of array `arrayID` starts, `[-k]` and `[-k:]` cannot select
    /// elements before `position - k + 1`.
    ///
    /// So at most `k` elements' matches are held. A query's matches are held in the order they
    /// completed, so those an element rules out are usually first: they are dropped from the
    /// front, in constant time per element. Matches held before them that wait for something
    /// else (another array, RFC 9535 order) stop that; then a pass over all of them runs once
    /// their number has doubled, which keeps memory within twice the window and the cost per
    /// element constant.
    mutating func prune(arrayID: Int32, position: Int, orders: [PathAutomaton.OrderGroup]) {
        var index = groups.startIndex
        while index != groups.endIndex {
            let order = orders[Int(groups.keys[index])]
            func isRuledOut(_ item: HeldMatch) -> Bool {
                var component = 0
                while component * 4 + 3 < item.key.count {
                    if Int32(item.key[component * 4 + 3]) == arrayID,
                        let selectors = order.segments[order.firstReordering + component].selectors,
                        let window = selectors[item.key[component * 4 + 1]].window,
                        item.key[component * 4 + 2] <= position - window
                    {
                        return true
                    }
                    component += 1
                }
                return false
            }
            // In place: `values[index]` changes no key, so the dictionary is neither copied nor rehashed.
            while let first = groups.values[index].matches.first, isRuledOut(first) {
                groups.values[index].matches.removeFirst()
            }
            if groups.values[index].matches.count >= groups.values[index].fullPruneAt {
                groups.values[index].matches.removeAll(where: isRuledOut)
                groups.values[index].fullPruneAt = max(64, 2 * groups.values[index].matches.count)
            }
            groups.formIndex(after: &index)
        }
    }

    /// Takes every match of `group` once the value its reordering starts from has closed (every
    /// array it waits for has closed then): the selected ones, in RFC 9535 order.
    mutating func takeOrdered(_ group: Int32, order: PathAutomaton.OrderGroup) -> [HeldMatch] {
        guard let held = groups.removeValue(forKey: group), !held.matches.isEmpty else { return [] }
        var selected = Array(held.matches)
        // Resolved in place, the selected ones moved to the front in the order they completed:
        // a match is neither copied nor wrapped (most need no resolving at all).
        var kept = 0
        for index in selected.indices where resolve(&selected[index], order: order) == true {
            if kept != index { selected.swapAt(kept, index) }
            kept += 1
        }
        if kept < selected.count { selected.removeSubrange(kept...) }
        selected.sort { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.sequence < rhs.sequence)
        }
        // A match that still waits on a filter candidate (one around the value that closed, or
        // one inside it that waits for a document slot, as in `$.a[?$.x,1]`) holds back every
        // match after it in this order, decided or not; so does a match of this query held back
        // by an earlier flush. They wait in ``undecided``, in this order, and leave it in order.
        guard let cut = undecided.holds(group: group) ? 0 : selected.firstIndex(where: { $0.waitsOn >= 0 }) else {
            return selected
        }
        for item in selected[cut...] { undecided.append(item) }
        selected.removeSubrange(cut...)
        return selected
    }

    /// The groups of streaming queries that hold matches, in order.
    func streamingGroups(_ orders: [PathAutomaton.OrderGroup]) -> [Int32] {
        groups.keys.sorted().filter { orders[Int($0)].streams }
    }

    /// Takes the matches of a streaming query that are decided, in the order they completed:
    /// the selected ones are returned, the dropped ones discarded, the others kept.
    mutating func takeDecided(_ group: Int32, order: PathAutomaton.OrderGroup) -> [HeldMatch] {
        guard let held = groups[group]?.matches, !held.isEmpty else { return [] }
        var waiting: Deque<HeldMatch> = []
        var selected: [HeldMatch] = []
        for item in held {
            switch verdict(on: item, order: order) {
            case .selected(let resolved): selected.append(resolved)
            case .waiting: waiting.append(item)
            case .dropped: break
            }
        }
        if waiting.isEmpty {
            groups[group] = nil
        } else {
            groups[group]?.matches = waiting
        }
        return selected
    }

    /// Whether a held match is selected once the lengths of its arrays are known (with its
    /// positions in its key replaced by selection order), not selected, or still waiting for
    /// an array to close.
    private func verdict(
        on item: HeldMatch, order: PathAutomaton.OrderGroup, ignoringCandidates: Bool = false
    ) -> Verdict {
        if item.waitsOn >= 0 && !ignoringCandidates { return .waiting }
        var item = item
        switch resolve(&item, order: order) {
        case true?: return .selected(item)
        case false?: return .dropped
        case nil: return .waiting
        }
    }

    /// Resolves a held match's length-dependent positions, in place (its filter candidate
    /// aside): true when it is selected (its positions in its key replaced by selection
    /// order), false when it is not, nil when an array it waits for is still open (its key
    /// then partly resolved: the caller drops or discards the match).
    private func resolve(_ item: inout HeldMatch, order: PathAutomaton.OrderGroup) -> Bool? {
        var component = 0
        while component * 4 + 3 < item.key.count {
            let arrayID = Int32(item.key[component * 4 + 3])
            if arrayID >= 0 {
                guard let length = arrayLengths[arrayID] else { return nil }
                guard let selectors = order.segments[order.firstReordering + component].selectors else {
                    return false
                }
                let selector = selectors[item.key[component * 4 + 1]]
                guard let position = selector.selectionOrdinal(of: item.key[component * 4 + 2], count: length)
                else { return false }
                item.key[component * 4 + 2] = position
            }
            component += 1
        }
        return true
    }
}

/// A match held until what it waits for is known (see ``HeldMatches``).
struct HeldMatch {
    var accept: Int32
    var scope: Int32
    /// The order key: four numbers per reordering segment (see ``HeldMatches``).
    var key: [Int]
    var value: JSONValue
    var info: MatchInfo
    /// The order in which it was held.
    var sequence: Int
    /// Its query's order group (-1: a query that does not reorder).
    var group: Int32
    /// The filter candidate it waits on (see ``FilterCandidates``), or -1.
    var waitsOn: Int32 = -1
}
