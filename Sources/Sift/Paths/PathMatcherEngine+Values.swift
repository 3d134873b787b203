extension PathMatcherEngine {
    /// A value begins (a scalar, or a container's start event): its entries, its accepts, and for
    /// a container that some state goes into, its frame; a container no state wants is skipped.
    mutating func beginValue(_ event: JSONEvent, isContainer: Bool, isArray: Bool, context: JSONEventContext)
        throws
    {
        let valueStart = enterValue()
        ordinal &+= 1
        var valueEnd = entries.count
        if valueStart == valueEnd {
            if isContainer {
                skip(context)
            } else if frames.isEmpty {
                try withReceiver { try $0.endDocument() }
            }
            return
        }
        // A container that a destination captures gets its capture appended to `captures` (which
        // were fed this event already); an index, not an optional capture, so that scalars do not
        // create and destroy one each.
        var capture = -1
        let closerStart = closers.count
        var needsFrame = false
        try runAccepts(
            event, from: valueStart, to: &valueEnd, isContainer: isContainer, isArray: isArray, context: context,
            capture: &capture, needsFrame: &needsFrame)
        if capture >= 0 {
            beginCapture(capture, event: event, context: context, entersContainer: !isContainer || needsFrame)
        }
        guard isContainer else {
            // A scalar candidate of a filter is decided now.
            if !candidates.open.isEmpty, candidates.hasOpen(atLeast: frames.count) {
                try closeCandidates(atLeast: frames.count)
            }
            if frames.isEmpty {
                try decideAtDocumentEnd()
                try withReceiver { try $0.endDocument() }
            }
            return
        }
        guard needsFrame else {
            skip(context)
            return
        }
        // A container in which only names at any depth are looked for, with nothing captured
        // around it: skipped when it holds none of them; otherwise, for an object, the members
        // that hold none of them need not be delivered.
        let needles = paths.hasNeedleStates && captures.isEmpty ? needles(from: valueStart, to: valueEnd) : nil
        if let needles, closers.count == closerStart, context.skipContentsUnlessMember(named: needles) {
            skipDepth = 1
            return
        }
        openFrame(entries: valueStart..<valueEnd, closerStart: closerStart, isArray: isArray)
        if isArray {
            // Its elements enter only states that take no scalar: a long one need not be kept.
            if needles != nil { context.takeNoScalarElements() }
            return
        }
        guard captures.isEmpty else { return }
        // An object whose members one state picks by name, with nothing captured around or at
        // it: the members it does not name need not even be delivered.
        if let direct = frames.last?.directEntry, direct >= 0,
            let names = paths.memberNameSets[Int(entries[Int(direct)].state)]
        {
            // Along a chain, the objects the chain goes into take only their names too, and the
            // tokenizer may read the whole object at once.
            if let chain = paths.memberChains[Int(entries[Int(direct)].state)] {
                context.takeOnlyMembers(alongChain: chain)
            } else {
                context.takeOnlyMembers(named: names)
            }
        } else if let needles {
            context.takeOnlyMembers(named: needles)
        }
    }

    /// The names a container at the entries `start..<end` can hold anything wanted under, at any
    /// depth, when that is all its entries look for (one state's names; a visitor, and states
    /// with nothing to find); nil otherwise.
    private func needles(from start: Int, to end: Int) -> MemberNameSet? {
        var needleState: Int32 = -1
        for index in start..<end {
            let state = entries[index].state
            switch states[Int(state)].inside {
            case .nothing: continue
            case .anything: return nil
            case .namesAtAnyDepth:
                if needleState >= 0 && needleState != state { return nil }
                needleState = state
            }
        }
        return needleState >= 0 ? paths.needleSets[Int(needleState)] : nil
    }

    /// Whether the entries from `start` on (a member's, computed from its key) neither accept a
    /// value nor open a filter's candidate: a scalar member at them only counts (see
    /// ``quietScalarMember(hasEntries:)``).
    @inline(__always)
    func isQuiet(from start: Int) -> Bool {
        var index = start
        while index < entries.count {
            let state = states[Int(entries[index].state)]
            if state.acceptCount > 0 || state.filter >= 0 { return false }
            index += 1
        }
        return true
    }

    /// A scalar member of an object not picked directly, whose entries are quiet (see
    /// ``isQuiet(from:)``): what ``beginValue(_:isContainer:isArray:context:)`` does for it,
    /// without its accepts and frames.
    @inline(__always)
    mutating func quietScalarMember(hasEntries: Bool) throws {
        ordinal &+= 1
        // A scalar with entries ends filter candidates opened at its depth (none open there,
        // mostly), as in beginValue.
        if hasEntries && !candidates.open.isEmpty, candidates.hasOpen(atLeast: frames.count) {
            try closeCandidates(atLeast: frames.count)
        }
    }

    /// Pushes the entries of the value that begins (a top-level value starts the root program
    /// afresh); returns where they start.
    @inline(__always)
    private mutating func enterValue() -> Int {
        if frames.isEmpty {
            // A top-level value: the root program starts afresh.
            entries.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            ordinal = 0
            pushEntry(MatcherEntry(state: paths.programRoots[0], scope: -1, keyStart: 0, keyCount: -1))
            return 0
        }
        let parent = frames[frames.count - 1]
        if parent.directEntry >= 0 {
            // A container member (scalars are handled in `handle(_:context:)`): its state, if
            // any, becomes its single entry; with none, it is skipped.
            if directTarget >= 0 {
                entries.append(
                    MatcherEntry(
                        state: directTarget, scope: directScope, keyStart: 0, keyCount: -1, candidate: directCandidate))
            }
        } else if parent.isArray {
            enterElement()
        }
        return Int(parent.entryEnd)
    }

    /// Runs the accepts of the value's entries (`valueStart..<valueEnd`; scopes push entries of
    /// their own, which extend it): destinations, captures and scopes; and notes the flushes of
    /// reordering queries a container starts.
    @inline(__always)
    private mutating func runAccepts(
        _ event: JSONEvent, from valueStart: Int, to valueEnd: inout Int, isContainer: Bool, isArray: Bool,
        context: JSONEventContext, capture: inout Int, needsFrame: inout Bool
    ) throws {
        // The info is made once, when some state accepts the value (entries pushed below come
        // from accepts), and given to the loop where it is made: an info chosen between two
        // (made, or empty) was copied and destroyed through the run time's witnesses for every
        // value, most of which have no accepts at all.
        var hasAccepts = false
        var probe = valueStart
        while probe < valueEnd && !hasAccepts {
            hasAccepts = states[Int(entries[probe].state)].acceptCount > 0
            probe += 1
        }
        if hasAccepts {
            if wantsInfo {
                try runEntries(
                    event, from: valueStart, to: &valueEnd, isContainer: isContainer, isArray: isArray,
                    info: makeInfo(context, isContainer: isContainer), capture: &capture, needsFrame: &needsFrame)
            } else {
                try runEntries(
                    event, from: valueStart, to: &valueEnd, isContainer: isContainer, isArray: isArray,
                    info: MatchInfo(), capture: &capture, needsFrame: &needsFrame)
            }
            return
        }
        // No accepts: only frames, candidates and flushes, and no info at all.
        for index in valueStart..<valueEnd {
            let state = states[Int(entries[index].state)]
            if state.hasTransitions { needsFrame = true }
            if state.filter >= 0 {
                openCandidate(at: index, filter: state.filter)
                if isContainer { needsFrame = true }
            }
            if state.flushCount > 0 && isContainer { queueFlushes(of: state, needsFrame: &needsFrame) }
        }
    }

    /// The loop of ``runAccepts(_:from:to:isContainer:isArray:context:capture:needsFrame:)``,
    /// with the value's info.
    @inline(__always)
    private mutating func runEntries(
        _ event: JSONEvent, from valueStart: Int, to valueEnd: inout Int, isContainer: Bool, isArray: Bool,
        info: MatchInfo, capture: inout Int, needsFrame: inout Bool
    ) throws {
        var index = valueStart
        while index < valueEnd {
            var entry = entries[index]
            let state = states[Int(entry.state)]
            if state.hasTransitions { needsFrame = true }
            if state.filter >= 0 {
                // A filter's candidate: decided when it closes at the latest, so it gets a frame.
                openCandidate(at: index, filter: state.filter)
                entry = entries[index]
                if isContainer { needsFrame = true }
            }
            if state.acceptCount > 0 {
                let start = Int(state.acceptStart)
                for acceptIndex in start..<(start + Int(state.acceptCount)) {
                    let accept = acceptIndices[acceptIndex]
                    try handleAccept(
                        accept, entry: entry, event: event, isContainer: isContainer, isArray: isArray,
                        info: info, capture: &capture, valueEnd: &valueEnd, needsFrame: &needsFrame)
                }
            }
            if state.flushCount > 0 && isContainer { queueFlushes(of: state, needsFrame: &needsFrame) }
            index += 1
        }
    }

    /// Queues the flushes of the order groups `state` begins, for when its container closes.
    @inline(__always)
    private mutating func queueFlushes(of state: CompiledPaths.State, needsFrame: inout Bool) {
        let start = Int(state.flushStart)
        for group in start..<(start + Int(state.flushCount)) {
            closers.append(.flush(group: paths.flushGroups[group]))
        }
        needsFrame = true
    }

    /// Opens the frame of a container whose `entries` go into it.
    @inline(__always)
    private mutating func openFrame(entries range: Range<Int>, closerStart: Int, isArray: Bool) {
        var directEntry: Int32 = -1
        if !isArray {
            // Direct when a single entry has transitions, and it picks members by name only.
            for probe in range {
                let state = states[Int(entries[probe].state)]
                if state.hasTransitions {
                    if directEntry >= 0 || !state.directNames {
                        directEntry = -1
                        break
                    }
                    directEntry = Int32(probe)
                }
            }
        }
        var arrayID: Int32 = -1
        if isArray, range.contains(where: { states[Int(entries[$0].state)].needsLength }) {
            arrayID = nextArrayID
            nextArrayID &+= 1
        }
        frames.append(
            MatcherFrame(
                entryStart: Int32(range.lowerBound), entryEnd: Int32(range.upperBound), keyEnd: Int32(keys.count),
                closerStart: Int32(closerStart), isArray: isArray, children: 0, ordinal: ordinal,
                arrayID: arrayID, directEntry: directEntry))
    }

    /// The accepts of a scalar member of an object whose members are picked directly: what
    /// ``beginValue(_:isContainer:isArray:context:)`` does for a scalar with a single entry.
    mutating func acceptScalar(_ event: JSONEvent, entry: MatcherEntry, context: JSONEventContext) throws {
        let state = states[Int(entry.state)]
        guard state.acceptCount > 0 else { return }
        if !wantsInfo && state.acceptCount == 1 && entry.candidate < 0 {
            // The common case of mapped models, delivered as `handleAccept` would, without an
            // (empty) info to build, copy and destroy.
            let accept = paths.accepts[Int(acceptIndices[Int(state.acceptStart)])]
            if accept.takesScalarEvents {
                delivered = true
                try withReceiver { try $0.receiveScalar(event, accept: accept, scope: Int(entry.scope)) }
                return
            }
        }
        let info = wantsInfo ? makeInfo(context, isContainer: false) : MatchInfo()
        var capture = -1
        var valueEnd = entries.count
        var needsFrame = false
        let start = Int(state.acceptStart)
        for acceptIndex in start..<(start + Int(state.acceptCount)) {
            try handleAccept(
                acceptIndices[acceptIndex], entry: entry, event: event, isContainer: false, isArray: false, info: info,
                capture: &capture, valueEnd: &valueEnd, needsFrame: &needsFrame)
        }
    }

    /// Skips the contents of the container being opened.
    ///
    /// The tokenizer does not deliver them unless a capture needs them; when the only capture is
    /// a tape, the tokenizer hands them to its recorder directly (unless it takes the container
    /// as its text, which the tokenizer keeps).
    @inline(__always)
    mutating func skip(_ context: JSONEventContext) {
        skipDepth = 1
        if captures.isEmpty || captureLeavesOut || (captures.count == 1 && captures[0].isText) {
            context.skipContents()
        } else if captures.count == 1, let recorder = captures[0].tape {
            context.skipContents(into: recorder)
        }
    }

    mutating func handleAccept(
        _ acceptIndex: Int32, entry: MatcherEntry, event: JSONEvent, isContainer: Bool, isArray: Bool, info: MatchInfo,
        capture: inout Int, valueEnd: inout Int, needsFrame: inout Bool
    ) throws {
        let accept = paths.accepts[Int(acceptIndex)]
        // Made only where a value waits (a capture or a reordering buffer): a target copies the
        // info, and the key is an array.
        func target() -> MatcherCaptureTarget {
            var key: [Int]?
            if entry.keyCount >= 0 { key = Array(keys[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)]) }
            return MatcherCaptureTarget(
                accept: acceptIndex, scope: entry.scope, key: key, info: info, candidate: entry.candidate)
        }
        switch accept.kind {
        case .scope(let program):
            guard isContainer else {
                withReceiver { $0.dropped(accept: accept, found: event, scope: Int(entry.scope), info: info) }
                return
            }
            let scope = try withReceiver {
                try $0.beginScope(
                    accept: accept, parent: Int(entry.scope), isArray: isArray, info: info)
            }
            closers.append(.endScope(scope: Int32(scope), accept: acceptIndex))
            pushEntry(MatcherEntry(state: paths.programRoots[program], scope: Int32(scope), keyStart: 0, keyCount: -1))
            valueEnd = entries.count
            needsFrame = true
        case .match(let taking):
            if accept.operandPrefix >= 0 {
                try operandPrefixBegins(accept, candidate: entry.candidate, isContainer: isContainer)
                return
            }
            // Inside a candidate already decided: an operand is not needed any more, a match
            // of a candidate not selected is not made at all.
            if entry.candidate >= 0 && candidates.rules(out: accept.operand >= 0, entry.candidate) { return }
            if isContainer && accept.operandKindSuffices {
                // Only its kind matters to the filter: an empty one stands in, nothing is captured.
                let standIn: JSONValue = isArray ? .array([]) : .object(JSONObject())
                try fillSlot(Int(accept.operand), of: entry.candidate, with: .value(standIn))
                return
            }
            if isContainer ? accept.capturesContainers : accept.capturesScalars {
                if isContainer {
                    if capture < 0 {
                        captures.append(MatcherCapture(targets: [target()]))
                        capture = captures.count - 1
                    } else {
                        captures[capture].targets.append(target())
                    }
                } else if accept.operand >= 0 {
                    // A filter's scalar operand: straight into its slot (it has no tail).
                    try fillSlot(
                        Int(accept.operand), of: entry.candidate, with: .value(JSONValue(scalar: event) ?? .null))
                } else {
                    try deliver(.value(JSONValue(scalar: event) ?? .null), to: target())
                }
            } else if !isContainer && taking.contains(.scalars) {
                // Inside a candidate already selected, a match goes out as if there were none
                // (unless matches before it still wait).
                if accept.orderGroup >= 0
                    || (entry.candidate >= 0 && (held.hasUndecided || !candidates.status(entry.candidate).isSelected))
                {
                    try deliver(.value(JSONValue(scalar: event) ?? .null), to: target())
                } else if wantsInfo {
                    delivered = true
                    try withReceiver(passing: info) {
                        try $0.receive(.scalar(event), accept: accept, scope: Int(entry.scope), info: $1)
                    }
                } else {
                    // No info to pass (it is empty) and no value wrapper to build.
                    delivered = true
                    try withReceiver { try $0.receiveScalar(event, accept: accept, scope: Int(entry.scope)) }
                }
            } else if entry.candidate < 0 || candidates.status(entry.candidate).isSelected {
                withReceiver { $0.dropped(accept: accept, found: event, scope: Int(entry.scope), info: info) }
            }
        }
    }

    /// Where a value is, as the receiver asked: a container's info outlives its event (it is
    /// delivered when the container closes), so places on demand carry scalars' events, and a
    /// container's start only when the whole input is one chunk (it is located, on demand,
    /// during the event that delivers it; see ``MatchInfo/start``).
    func makeInfo(_ context: JSONEventContext, isContainer: Bool) -> MatchInfo {
        guard wantsInfo else { return MatchInfo() }
        if isContainer && wantsPlacesOnDemand && !wantsPaths && !wantsLocations && context.holdsWholeInput {
            var info = MatchInfo()
            info.start = context.offset
            info.pending = PendingPlace(context: context)
            return info
        }
        let eager = isContainer && wantsPlacesOnDemand
        var info = MatchInfo(
            path: wantsPaths || eager ? context.path : nil,
            location: wantsLocations || eager ? context.location : nil)
        if wantsPlacesOnDemand && !isContainer { info.pending = PendingPlace(context: context) }
        return info
    }

    /// The capture profile of the Codable destination of `accept`.
    mutating func profile(for accept: Int32) -> CaptureProfile {
        if profiles.isEmpty { profiles = Array(repeating: nil, count: paths.accepts.count) }
        if let profile = profiles[Int(accept)] { return profile }
        let profile = CaptureProfile()
        profiles[Int(accept)] = profile
        return profile
    }
}
