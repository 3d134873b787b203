/// How many held matches wait on each undecided filter candidate (``HeldMatches``,
/// ``UndecidedMatches``).
///
/// Mostly one candidate at a time has matches waiting on it (`$.a[?@.ok].id`: the `id` of the
/// element whose `ok` is still to come), so the first candidate counted is kept inline and the
/// others in a dictionary: counting and deciding the common case hash nothing.
struct WaitingCounts {
    /// The candidate counted inline (-1: none) and its count.
    private var inline: Int32 = -1
    private var inlineCount = 0
    /// The other candidates' counts.
    private var others: [Int32: Int] = [:]

    /// How many candidates have matches waiting on them.
    var count: Int { (inline >= 0 ? 1 : 0) + others.count }

    /// The number of matches waiting on `candidate`, nil when none does.
    subscript(candidate: Int32) -> Int? {
        if inline >= 0 && candidate == inline { return inlineCount }
        return others.isEmpty ? nil : others[candidate]
    }

    /// Counts `count` more matches waiting on `candidate` (an identifier, never negative).
    mutating func add(_ count: Int, to candidate: Int32) {
        if inline >= 0 && candidate == inline {
            inlineCount += count
        } else if inline < 0 && (others.isEmpty || others[candidate] == nil) {
            inline = candidate
            inlineCount = count
        } else {
            others[candidate, default: 0] += count
        }
    }

    /// Forgets `candidate`; returns how many matches waited on it, nil when none did.
    mutating func remove(_ candidate: Int32) -> Int? {
        if inline >= 0 && candidate == inline {
            inline = -1
            return inlineCount
        }
        return others.isEmpty ? nil : others.removeValue(forKey: candidate)
    }

    /// Forgets every candidate.
    mutating func removeAll() {
        inline = -1
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
    }
}
