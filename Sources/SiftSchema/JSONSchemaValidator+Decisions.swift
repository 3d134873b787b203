import Sift

/// What the events so far tell of a frame's outcome on its value.
enum Verdict {
    /// The outcome may still change.
    case pending
    /// The frame passes whatever the rest of its value holds: it has no check left on it, and
    /// every in-place child that counts for it has passed.
    case passed
    /// The frame fails whatever the rest of its value holds.
    case failed
}

/// How many branches of an `anyOf` or a `oneOf` have each ``Verdict`` (stopped ones do not count).
struct VerdictCount {
    var passed = 0
    var failed = 0
    var pending = 0

    mutating func count(_ verdict: Verdict) {
        switch verdict {
        case .pending: pending += 1
        case .passed: passed += 1
        case .failed: failed += 1
        }
    }
}

/// The verdicts of one frame's in-place children, gathered as its level is decided.
struct BranchTally {
    /// Whether an `allOf`, `$ref`, `$dynamicRef` or `dependentSchemas` child is undecided.
    var requiredPending = false
    /// Whether an `allOf`, `$ref` or `$dynamicRef` child has failed.
    var requiredFailed = false
    var anyOf = VerdictCount()
    var oneOf = VerdictCount()
    var not: Verdict?
    var ifBranch: Verdict?
    var thenBranch: Verdict?
    var elseBranch: Verdict?

    /// Counts the verdict of a child applied in place with `role`.
    mutating func count(_ verdict: Verdict, role: Evaluation.Role) {
        switch role {
        case .anyOf: anyOf.count(verdict)
        case .oneOf: oneOf.count(verdict)
        case .not: not = verdict
        case .ifBranch: ifBranch = verdict
        case .thenBranch: thenBranch = verdict
        case .elseBranch: elseBranch = verdict
        case .dependentSchema: requiredPending = true
        default:
            requiredPending = requiredPending || verdict == .pending
            requiredFailed = requiredFailed || verdict == .failed
        }
    }
}

extension JSONSchemaValidator {
    /// Decides the open container's frames again if one has failed since they last were.
    mutating func decideIfDue() {
        guard decisionDue else { return }
        decisionDue = false
        guard let last = levels.indices.last, levels[last].decides else { return }
        decide(level: last)
    }

    /// Takes the decisions the events so far allow on the frames of the container at `level`,
    /// and stops the branches that can no longer change an outcome.
    ///
    /// Called as the container begins and after a member or element during which a frame
    /// failed: a frame's own checks on a container are known from its first event (a node that
    /// ``SchemaNode/waitsOnObject`` or ``SchemaNode/waitsOnArray`` stays pending), so only a
    /// failure can decide more later. The frames are visited from the last, so that a frame's
    /// in-place children (after it, in pre-order) are decided before it:
    ///
    /// - `anyOf` with a passed branch stops the others, unless an `unevaluated*` keyword reads
    ///   their annotations; with every branch failed it fails.
    /// - `oneOf` with two passed branches fails and stops the undecided ones; with every branch
    ///   failed it fails.
    /// - `not` has the inverse of its decided branch, which stops.
    /// - `if` decided stops the unused of `then` and `else`, and a failed `if` stops.
    /// - A frame with a failed `allOf`, `$ref` or `$dynamicRef` child fails.
    ///
    /// A frame known to fail keeps its own checks when its errors may be reported (a branch of a
    /// failed `anyOf` reports them); only frames whose errors can never be reported stop.
    mutating func decide(level: Int) {
        decisionDue = false
        let range = levels[level].frames
        guard !range.isEmpty else { return }
        let kind: JSONValueKind = levels[level].isObject ? .object : .array
        let low = range.lowerBound
        tallies.removeAll(keepingCapacity: true)
        tallies.append(contentsOf: repeatElement(BranchTally(), count: range.count))
        verdicts.removeAll(keepingCapacity: true)
        verdicts.append(contentsOf: repeatElement(.pending, count: range.count))
        for id in range.reversed() {
            let parent = frames[id].parent
            if frames[id].stopped {
                // A stopped `not` or `if` branch was decided: its verdict still counts.
                switch frames[id].role {
                case .not, .ifBranch:
                    if parent >= low {
                        tallies[parent - low].count(frames[id].valid ? .passed : .failed, role: frames[id].role)
                    }
                default: break
                }
                continue
            }
            let node = schema.nodes[frames[id].node]
            if node.hasBranches { stopUnneededBranches(of: id, node: node, kind: kind, in: range) }
            let verdict = verdict(of: id, node: node, kind: kind, tally: tallies[id - low])
            verdicts[id - low] = verdict
            if parent >= low, frames[id].role.isInPlace { tallies[parent - low].count(verdict, role: frames[id].role) }
        }
    }

    /// The verdict on frame `id` given its children's (`tally`).
    private func verdict(of id: Int, node: SchemaNode, kind: JSONValueKind, tally: BranchTally) -> Verdict {
        guard frames[id].valid else { return .failed }
        guard node.constant == nil else { return .passed }
        var pending = (kind == .object ? node.waitsOnObject : node.waitsOnArray) || tally.requiredPending
        if tally.requiredFailed { return .failed }
        if !node.anyOf.isEmpty && tally.anyOf.passed == 0 {
            if tally.anyOf.pending == 0 { return .failed }
            pending = true
        }
        if !node.oneOf.isEmpty {
            let passed = tally.oneOf.passed
            if passed >= 2 || (passed == 0 && tally.oneOf.pending == 0) { return .failed }
            if tally.oneOf.pending > 0 { pending = true }
        }
        switch tally.not {
        case .passed: return .failed
        case .pending: pending = true
        default: break
        }
        if let condition = tally.ifBranch {
            switch condition == .pending ? .pending : (condition == .passed ? tally.thenBranch : tally.elseBranch) {
            case .failed: return .failed
            case .pending: pending = true
            default: break
            }
        }
        return pending ? .pending : .passed
    }

    /// Stops the branches of frame `id` that can no longer change its outcome, by the verdicts
    /// of its children (see ``decide(level:)``).
    private mutating func stopUnneededBranches(of id: Int, node: SchemaNode, kind: JSONValueKind, in range: Range<Int>)
    {
        let low = range.lowerBound
        let tally = tallies[id - low]
        let stopsAnyOf =
            tally.anyOf.passed > 0 && tally.anyOf.passed < tally.anyOf.passed + tally.anyOf.failed + tally.anyOf.pending
            && !needsAnnotations(id, kind: kind)
        let stopsOneOf = tally.oneOf.passed >= 2 && tally.oneOf.pending > 0
        var child = id + 1
        while child < range.upperBound, frames[child].parent >= id {
            let next = subtreeEnd(of: child, before: range.upperBound)
            guard frames[child].parent == id, !frames[child].stopped else {
                child = next
                continue
            }
            let verdict = verdicts[child - low]
            switch frames[child].role {
            case .anyOf where stopsAnyOf && verdict != .passed:
                stop(child, before: next)
            case .oneOf where stopsOneOf && verdict == .pending:
                stop(child, before: next)
                frames[id].extra().oneOfStopped = true
            case .not where verdict == .failed, .ifBranch where verdict == .failed:
                frames[child].valid = false
                stop(child, before: next)
            case .not where verdict == .passed:
                stop(child, before: next)
            case .thenBranch where tally.ifBranch == .failed, .elseBranch where tally.ifBranch == .passed:
                stop(child, before: next)
            default: break
            }
            child = next
        }
    }

    /// The end of the frames applied in place under frame `id` (pre-order: they follow it).
    private func subtreeEnd(of id: Int, before end: Int) -> Int {
        var next = id + 1
        while next < end, frames[next].parent >= id { next += 1 }
        return next
    }

    /// Stops frame `id` and the frames applied in place under it, `frames[id..<end]`.
    private mutating func stop(_ id: Int, before end: Int) {
        for frame in id..<end { frames[frame].stopped = true }
    }

    /// Whether an `unevaluatedProperties` (objects) or `unevaluatedItems` (arrays) reads the
    /// annotations of frame `id`'s branches: one of frame `id` or of a frame its annotations
    /// reach in place (through any applicator but `not`).
    private func needsAnnotations(_ id: Int, kind: JSONValueKind) -> Bool {
        guard schema.tracksAnnotations else { return false }
        var current = id
        while current >= 0 {
            let node = schema.nodes[frames[current].node]
            if kind == .object ? node.unevaluatedProperties != nil : node.unevaluatedItems != nil { return true }
            let role = frames[current].role
            if case .not = role { return false }
            guard role.isInPlace else { return false }
            current = frames[current].parent
        }
        return false
    }
}
