#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a ``CompiledPaths`` automaton over the tokenizer's events.
///
/// Per open container it keeps the set of active states (entries on one stack); a key or an
/// array element computes the child's set from the parent's; a value whose set is empty is
/// skipped with a depth counter, with no per-token work inside it. In an object whose members
/// a single state picks by distinct names (the objects of mapped models, most queries' steps),
/// a key only looks up the one state its value enters, and a scalar goes straight to that
/// state's accepts. Only values that reach a destination asking for a container are captured
/// as ``JSONValue``s, and only that subtree.
///
/// The work is done by a non-generic engine that reaches the receiver through a box: a matcher
/// instantiated for a receiver in another module runs code compiled and optimised here, with no
/// generic metadata lookups per token. Copies of a matcher share its receiver.
package struct PathMatcher<Receiver: PathMatchReceiver>: JSONEventHandler {
    @usableFromInline var engine: PathMatcherEngine
    private let box: MatchReceiverBox<Receiver>

    /// The receiver, with whatever it accumulated.
    package var receiver: Receiver {
        get { box.value }
        nonmutating _modify { yield &box.value }
    }

    /// The most matches held back at once for reordering queries (bounded-buffering tests).
    package var peakHeldMatches: Int { engine.peakHeldMatches }

    /// How many Codable elements were captured leaving members out, and how many of those had to
    /// be decoded again from their raw text (selective-capture tests).
    package var selectiveCaptures: (leftOut: Int, misses: Int) { engine.selectiveCaptures }

    /// Creates a matcher for `paths` that reports to `receiver`.
    package init(paths: CompiledPaths, receiver: Receiver) {
        box = MatchReceiverBox(receiver)
        engine = PathMatcherEngine(paths: paths, receiver: box)
    }

    /// Handles one token.
    ///
    /// The matcher asks the tokenizer to skip the contents of containers no path enters
    /// (``JSONEventContext/skipContents()``): a handler that wraps a matcher sees only the events the
    /// matcher asked for.
    @inlinable
    package mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try engine.handle(event, context: context)
    }
}

/// The receiver calls the engine makes, without the receiver's type: overridden by
/// ``MatchReceiverBox``.
///
/// A class rather than a protocol so that the engine can hold it as an `Unmanaged` reference
/// and call it borrowed: an unowned existential was retained and released around every call.
class MatchReceiving {
    func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        preconditionFailure("overridden")
    }

    func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        preconditionFailure("overridden")
    }

    func receiveTape(_ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        preconditionFailure("overridden")
    }

    func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int {
        preconditionFailure("overridden")
    }

    func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        preconditionFailure("overridden")
    }

    func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        preconditionFailure("overridden")
    }

    func endDocument() throws {
        preconditionFailure("overridden")
    }

    var stopRequested: Bool { preconditionFailure("overridden") }
}

/// Holds a ``PathMatcher``'s receiver for its engine.
final class MatchReceiverBox<Receiver: PathMatchReceiver>: MatchReceiving {
    /// Reached only through the matcher, one call at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) var value: Receiver

    init(_ value: Receiver) {
        self.value = value
    }

    override func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        try self.value.receive(value, accept: accept, scope: scope, info: info)
    }

    override func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        try value.receiveScalar(event, accept: accept, scope: scope)
    }

    override func receiveTape(_ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        try value.receiveTape(tape, accept: accept, scope: scope, info: info)
    }

    override func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int {
        try value.beginScope(accept: accept, parent: parent, isArray: isArray, info: info)
    }

    override func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try value.endScope(scope, accept: accept)
    }

    override func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        value.dropped(accept: accept, found: found, scope: scope, info: info)
    }

    override func endDocument() throws {
        try value.endDocument()
    }

    override var stopRequested: Bool { value.stopRequested }
}

/// The matching itself: transitions, captures, scopes and reordering (see ``PathMatcher``).
@usableFromInline
struct PathMatcherEngine {
    /// Called borrowed (see ``withReceiver(_:)``).
    private let receiver: Unmanaged<MatchReceiving>
    /// Keeps ``receiver`` alive.
    private let receiverOwner: AnyObject

    let paths: CompiledPaths
    private let states: ContiguousArray<CompiledPaths.State>
    private let names: ContiguousArray<CompiledPaths.Name>
    private let nameBytes: ContiguousArray<UInt8>
    private let nameTable: ContiguousArray<Int32>
    private let transitions: ContiguousArray<PathAutomaton.Transition>
    private let acceptIndices: ContiguousArray<Int32>
    private let epsilons: ContiguousArray<Int32>
    private let wantsPaths: Bool
    private let wantsLocations: Bool
    private let wantsPlacesOnDemand: Bool
    private let wantsTapes: Bool
    private let canRequestStop: Bool
    /// Whether matches carry any info at all.
    private let wantsInfo: Bool

    private var entries = ContiguousArray<MatcherEntry>()
    private var keys = ContiguousArray<Int>()
    private var frames = ContiguousArray<MatcherFrame>()
    private var closers = ContiguousArray<MatcherCloser>()
    private var captures: [MatcherCapture] = []
    /// A tape recorder whose storage the next tape capture reuses.
    private var spareRecorder: TapeRecorder?
    /// The only capture has just opened a container it leaves out: skipping it needs no recorder.
    private var captureLeavesOut = false
    /// What the type of each Codable destination reads (by accept), learned as it decodes.
    private var profiles: [CaptureProfile?] = []
    /// The raw text of the element being delivered as a tape that left members out.
    private var tapeSource: TapeSource?
    private var skipDepth = 0
    private var ordinal = 0
    private var buffers: [Int32: [MatcherBuffered]] = [:]
    private var arrayLengths: [Int32: Int] = [:]
    private var nextArrayID: Int32 = 0
    /// In an object with a ``MatcherFrame/directEntry``: the state the current member's value
    /// enters (-1: none), and the scope it belongs to.
    private var directTarget: Int32 = -1
    private var directScope: Int32 = -1
    private var sequence = 0
    /// A value went to the receiver during this event (which may then ask to stop).
    private var delivered = false
    /// The most matches held back at once for reordering queries.
    private(set) var peakHeldMatches = 0
    /// Tapes delivered that left members out.
    private var leftOutCaptures = 0

    var selectiveCaptures: (leftOut: Int, misses: Int) {
        (leftOutCaptures, profiles.reduce(0) { $0 + ($1?.misses ?? 0) })
    }

    init<Receiver: PathMatchReceiver>(paths: CompiledPaths, receiver: MatchReceiverBox<Receiver>) {
        self.paths = paths
        self.receiver = Unmanaged.passUnretained(receiver)
        receiverOwner = receiver
        states = paths.states
        names = paths.names
        nameBytes = paths.nameBytes
        nameTable = paths.nameTable
        transitions = paths.transitions
        acceptIndices = paths.acceptIndices
        epsilons = paths.epsilons
        wantsPaths = receiver.value.wantsPaths
        wantsLocations = receiver.value.wantsLocations
        wantsPlacesOnDemand = receiver.value.wantsPlacesOnDemand
        wantsTapes = receiver.value.wantsTapes
        canRequestStop = receiver.value.canRequestStop
        wantsInfo = wantsPaths || wantsLocations || wantsPlacesOnDemand
        entries.reserveCapacity(64)
        frames.reserveCapacity(32)
    }

    /// Handles one token.
    @usableFromInline
    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        if !captures.isEmpty {
            try feedCaptures(event, context: context)
        }
        if skipDepth > 0 {
            switch event {
            case .startObject, .startArray: skipDepth &+= 1
            case .endObject, .endArray:
                skipDepth &-= 1
                // A skipped top-level container has ended: so has its document.
                if skipDepth == 0 && frames.isEmpty { try withReceiver { try $0.endDocument() } }
            default: break
            }
        } else {
            switch event {
            case .key(let bytes):
                enterMember(bytes)
                // No state enters the member: a long value of it need not be kept.
                if captures.isEmpty && !entersMember { context.skipValue() }
            case .endObject, .endArray:
                try closeContainer()
            case .startObject:
                try beginValue(event, isContainer: true, isArray: false, context: context)
            case .startArray:
                try beginValue(event, isContainer: true, isArray: true, context: context)
            default:
                // A scalar member of an object whose members are picked directly (the most common
                // value of all) is handled here, without entering the general value path.
                if let parent = frames.last, parent.directEntry >= 0 {
                    ordinal &+= 1
                    if directTarget >= 0 {
                        try acceptScalar(
                            event,
                            entry: MatcherEntry(state: directTarget, scope: directScope, keyStart: 0, keyCount: -1),
                            context: context)
                    }
                } else {
                    try beginValue(event, isContainer: false, isArray: false, context: context)
                }
            }
        }
        if delivered {
            delivered = false
            if canRequestStop && withReceiver(\.stopRequested) { context.stopParsing() }
        }
    }

    /// Calls the receiver borrowed: the engine's owner keeps it alive, so a call needs no
    /// retain and release.
    @inline(__always)
    private func withReceiver<Result>(_ body: (MatchReceiving) throws -> Result) rethrows -> Result {
        try receiver._withUnsafeGuaranteedRef(body)
    }

    // MARK: Transitions

    /// Computes the entries of the member named `bytes` of the innermost object.
    @inline(__always)
    private mutating func enterMember(_ bytes: JSONBytes) {
        let frameIndex = frames.count - 1
        if frames[frameIndex].directEntry >= 0 {
            // One state picks the members, by name: the value's state, if any, without an entry.
            let frame = frames[frameIndex]
            truncate(to: frame)
            let entry = entries[Int(frame.directEntry)]
            let prefix = CompiledPaths.prefixWord(bytes.base, count: bytes.count)
            var cursor = -1
            directTarget = nextName(states[Int(entry.state)], bytes, prefix, cursor: &cursor)?.target ?? -1
            directScope = entry.scope
            return
        }
        frames[frameIndex].children &+= 1
        let frame = frames[frameIndex]
        truncate(to: frame)
        var index = Int(frame.entryStart)
        while index < Int(frame.entryEnd) {
            let entry = entries[index]
            let state = states[Int(entry.state)]
            if state.nameCount > 0 { matchNames(state, bytes, entry, frame) }
            var member = Int(state.memberStart)
            let memberEnd = member + Int(state.memberCount)
            while member < memberEnd {
                pushChild(of: entry, via: transitions[member], frame: frame, arrayID: -1)
                member += 1
            }
            if state.selfLoop {
                pushEntry(
                    MatcherEntry(
                        state: entry.state, scope: entry.scope, keyStart: entry.keyStart, keyCount: entry.keyCount))
            }
            index += 1
        }
    }

    /// Whether some state enters the member whose key was just read.
    private var entersMember: Bool {
        let frame = frames[frames.count - 1]
        return frame.directEntry >= 0 ? directTarget >= 0 : entries.count > Int(frame.entryEnd)
    }

    @inline(__always)
    private mutating func matchNames(
        _ state: CompiledPaths.State, _ bytes: JSONBytes, _ entry: MatcherEntry, _ frame: MatcherFrame
    ) {
        let prefix = CompiledPaths.prefixWord(bytes.base, count: bytes.count)
        var cursor = -1
        while let transition = nextName(state, bytes, prefix, cursor: &cursor) {
            pushChild(of: entry, via: transition, frame: frame, arrayID: -1)
        }
    }

    /// The transition of the next of `state`'s names equal to the key `bytes` (whose first eight
    /// bytes are `prefix`), searching on from `cursor` (-1 to start); nil when there is none.
    @inline(__always)
    private func nextName(
        _ state: CompiledPaths.State, _ bytes: JSONBytes, _ prefix: UInt64, cursor: inout Int
    ) -> PathAutomaton.Transition? {
        if state.nameTableSize > 0 {
            let size = Int(state.nameTableSize)
            let table = Int(state.nameTableStart)
            var slot =
                cursor < 0
                ? CompiledPaths.nameSlot(prefix: prefix, count: bytes.count, size: size)
                : (cursor &+ 1) & (size &- 1)
            while true {
                let index = Int(nameTable[table &+ slot])
                if index < 0 { return nil }
                if nameMatches(names[index], bytes, prefix) {
                    cursor = slot
                    return names[index].transition
                }
                slot = (slot &+ 1) & (size &- 1)
            }
        }
        var index = cursor < 0 ? Int(state.nameStart) : cursor &+ 1
        let end = Int(state.nameStart) + Int(state.nameCount)
        while index < end {
            if nameMatches(names[index], bytes, prefix) {
                cursor = index
                return names[index].transition
            }
            index += 1
        }
        return nil
    }

    /// Whether `name` is the key `bytes`, whose first eight bytes are `prefix`: lengths and
    /// words first, the bytes only for names longer than a word.
    @inline(__always)
    private func nameMatches(_ name: CompiledPaths.Name, _ bytes: JSONBytes, _ prefix: UInt64) -> Bool {
        guard Int(name.count) == bytes.count, name.prefix == prefix else { return false }
        if bytes.count <= 8 { return true }
        return nameBytes.withUnsafeBufferPointer { table in
            bytes.withUnsafeBytes { key in
                // Both hold more than eight bytes here, so they have base addresses.
                // swift-format-ignore: NeverForceUnwrap
                memcmp(table.baseAddress! + Int(name.offset), key.baseAddress!, Int(name.count)) == 0
            }
        }
    }

    /// Computes the entries of the next element of the innermost array.
    @inline(__always)
    private mutating func enterElement() {
        let frameIndex = frames.count - 1
        let position = Int(frames[frameIndex].children)
        frames[frameIndex].children &+= 1
        let frame = frames[frameIndex]
        if frame.arrayID >= 0 && !buffers.isEmpty { prune(arrayID: frame.arrayID, position: position) }
        truncate(to: frame)
        var index = Int(frame.entryStart)
        while index < Int(frame.entryEnd) {
            let entry = entries[index]
            let state = states[Int(entry.state)]
            var element = Int(state.elementStart)
            let elementEnd = element + Int(state.elementCount)
            while element < elementEnd {
                pushChild(of: entry, via: transitions[element], frame: frame, arrayID: -1)
                element += 1
            }
            if state.indexedCount > 0 { matchIndices(state, position, entry, frame) }
            if state.selfLoop {
                pushEntry(
                    MatcherEntry(
                        state: entry.state, scope: entry.scope, keyStart: entry.keyStart, keyCount: entry.keyCount))
            }
            index += 1
        }
    }

    private mutating func matchIndices(
        _ state: CompiledPaths.State, _ position: Int, _ entry: MatcherEntry, _ frame: MatcherFrame
    ) {
        let start = Int(state.indexedStart)
        for index in start..<(start + Int(state.indexedCount)) {
            let indexed = paths.indexed[index]
            if indexed.selector.needsLength {
                // Tentative: resolved when the array's length is known.
                pushChild(of: entry, via: indexed.transition, frame: frame, arrayID: frame.arrayID)
            } else if indexed.selector.selectsWithoutLength(position) {
                pushChild(of: entry, via: indexed.transition, frame: frame, arrayID: -1)
            }
        }
    }

    @inline(__always)
    private mutating func truncate(to frame: MatcherFrame) {
        // One at a time: usually one or two, and `removeLast(_:)` takes the generic
        // replaceSubrange path.
        while entries.count > Int(frame.entryEnd) { entries.removeLast() }
        while keys.count > Int(frame.keyEnd) { keys.removeLast() }
    }

    @inline(__always)
    private mutating func pushChild(
        of parent: MatcherEntry, via transition: PathAutomaton.Transition, frame: MatcherFrame, arrayID: Int32
    ) {
        var child = MatcherEntry(state: transition.target, scope: parent.scope, keyStart: 0, keyCount: -1)
        if states[Int(transition.target)].ordered {
            child.keyStart = Int32(keys.count)
            if parent.keyCount > 0 {
                for index in Int(parent.keyStart)..<Int(parent.keyStart + parent.keyCount) { keys.append(keys[index]) }
            }
            keys.append(frame.ordinal)
            keys.append(Int(transition.selector))
            keys.append(Int(frame.children) - 1)
            keys.append(Int(arrayID))
            child.keyCount = Int32(keys.count) - child.keyStart
        }
        pushEntry(child)
    }

    /// Pushes an entry and the descendant visitors entered with it.
    @inline(__always)
    private mutating func pushEntry(_ entry: MatcherEntry) {
        entries.append(entry)
        let state = states[Int(entry.state)]
        if state.epsilonCount > 0 {
            for index in Int(state.epsilonStart)..<Int(state.epsilonStart + state.epsilonCount) {
                var visitor = entry
                visitor.state = epsilons[index]
                if visitor.keyCount < 0 && states[Int(visitor.state)].ordered {
                    visitor.keyStart = Int32(keys.count)
                    visitor.keyCount = 0
                }
                entries.append(visitor)
            }
        }
    }

    // MARK: Values

    private mutating func beginValue(_ event: JSONEvent, isContainer: Bool, isArray: Bool, context: JSONEventContext)
        throws
    {
        let valueStart: Int
        if frames.isEmpty {
            // A top-level value: the root program starts afresh.
            entries.removeAll(keepingCapacity: true)
            keys.removeAll(keepingCapacity: true)
            ordinal = 0
            pushEntry(MatcherEntry(state: paths.programRoots[0], scope: -1, keyStart: 0, keyCount: -1))
            valueStart = 0
        } else {
            let parent = frames[frames.count - 1]
            if parent.directEntry >= 0 {
                // A container member (scalars are handled in `handle(_:context:)`): its state, if
                // any, becomes its single entry; with none, it is skipped below.
                if directTarget >= 0 {
                    entries.append(MatcherEntry(state: directTarget, scope: directScope, keyStart: 0, keyCount: -1))
                }
            } else if parent.isArray {
                enterElement()
            }
            valueStart = Int(parent.entryEnd)
        }
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

        // Accepts: destinations, captures and scopes. A container that a destination captures
        // gets its capture appended to `captures` (which were fed this event already); an index,
        // not an optional capture, so that scalars do not create and destroy one each.
        var capture = -1
        let closerStart = closers.count
        var needsFrame = false
        // Made once, when some state accepts the value (entries pushed below come from accepts).
        // A constant, not an optional made lazily: an optional `MatchInfo` is destroyed through
        // the run time's generic witnesses, and a variable is copied for every call it goes to.
        var hasAccepts = false
        if wantsInfo {
            var probe = valueStart
            while probe < valueEnd && !hasAccepts {
                hasAccepts = states[Int(entries[probe].state)].acceptCount > 0
                probe += 1
            }
        }
        let info = hasAccepts ? makeInfo(context, isContainer: isContainer) : MatchInfo()
        var index = valueStart
        while index < valueEnd {
            let entry = entries[index]
            let state = states[Int(entry.state)]
            if state.hasTransitions { needsFrame = true }
            if state.acceptCount > 0 {
                let start = Int(state.acceptStart)
                for acceptIndex in start..<(start + Int(state.acceptCount)) {
                    let accept = acceptIndices[acceptIndex]
                    try handleAccept(
                        accept, entry: entry, event: event, isContainer: isContainer, isArray: isArray, info: info,
                        capture: &capture, valueEnd: &valueEnd, needsFrame: &needsFrame)
                }
            }
            if state.flushCount > 0 && isContainer {
                let start = Int(state.flushStart)
                for group in start..<(start + Int(state.flushCount)) {
                    closers.append(.flush(group: paths.flushGroups[group]))
                }
                needsFrame = true
            }
            index += 1
        }
        if capture >= 0 {
            if wantsTapes && captures[capture].targets.allSatisfy(isTapeTarget) {
                let recorder = spareRecorder.take() ?? TapeRecorder()
                if captures.count == 1 && captures[0].targets.count == 1 {
                    // The only capture, for one destination: only what its type reads.
                    let profile = profile(for: captures[0].targets[0].accept)
                    if !profile.isDisabled {
                        recorder.builder.begin(with: profile)
                        if profile.isSelective {
                            context.beginRetainingInput()
                            captures[0].retainsInput = true
                        }
                    }
                }
                _ = recorder.record(event)
                captures[capture].tape = recorder
            } else {
                var builder = JSONValueBuilder()
                _ = builder.consume(event)
                captures[capture].builder = builder
            }
        }
        guard isContainer else {
            if frames.isEmpty { try withReceiver { try $0.endDocument() } }
            return
        }
        guard needsFrame else {
            skip(context)
            return
        }
        var directEntry: Int32 = -1
        if !isArray {
            // Direct when a single entry has transitions, and it picks members by name only.
            var probe = valueStart
            while probe < valueEnd {
                let state = states[Int(entries[probe].state)]
                if state.hasTransitions {
                    if directEntry >= 0 || !state.directNames {
                        directEntry = -1
                        break
                    }
                    directEntry = Int32(probe)
                }
                probe += 1
            }
        }
        var arrayID: Int32 = -1
        if isArray {
            var probe = valueStart
            while probe < valueEnd {
                if states[Int(entries[probe].state)].needsLength {
                    arrayID = nextArrayID
                    nextArrayID &+= 1
                    break
                }
                probe += 1
            }
        }
        frames.append(
            MatcherFrame(
                entryStart: Int32(valueStart), entryEnd: Int32(valueEnd), keyEnd: Int32(keys.count),
                closerStart: Int32(closerStart), isArray: isArray, children: 0, ordinal: ordinal,
                arrayID: arrayID, directEntry: directEntry))
    }

    /// The accepts of a scalar member of an object whose members are picked directly: what
    /// ``beginValue(_:isContainer:isArray:context:)`` does for a scalar with a single entry.
    private mutating func acceptScalar(_ event: JSONEvent, entry: MatcherEntry, context: JSONEventContext) throws {
        let state = states[Int(entry.state)]
        guard state.acceptCount > 0 else { return }
        if !wantsInfo && state.acceptCount == 1 {
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
    /// a tape, the tokenizer hands them to its recorder directly.
    @inline(__always)
    private mutating func skip(_ context: JSONEventContext) {
        skipDepth = 1
        if captures.isEmpty || captureLeavesOut {
            context.skipContents()
        } else if captures.count == 1, let recorder = captures[0].tape {
            context.skipContents(recordingInto: recorder)
        }
    }

    private mutating func handleAccept(
        _ acceptIndex: Int32, entry: MatcherEntry, event: JSONEvent, isContainer: Bool, isArray: Bool, info: MatchInfo,
        capture: inout Int, valueEnd: inout Int, needsFrame: inout Bool
    ) throws {
        let accept = paths.accepts[Int(acceptIndex)]
        // Made only where a value waits (a capture or a reordering buffer): a target copies the
        // info, and the key is an array.
        func target() -> MatcherCaptureTarget {
            var key: [Int]?
            if entry.keyCount >= 0 { key = Array(keys[Int(entry.keyStart)..<Int(entry.keyStart + entry.keyCount)]) }
            return MatcherCaptureTarget(accept: acceptIndex, scope: entry.scope, key: key, info: info)
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
        case .match(let kind):
            if isContainer ? accept.capturesContainers : accept.capturesScalars {
                if isContainer {
                    if capture < 0 {
                        captures.append(MatcherCapture(targets: [target()]))
                        capture = captures.count - 1
                    } else {
                        captures[capture].targets.append(target())
                    }
                } else {
                    try deliver(.value(JSONValue(scalar: event) ?? .null), to: target())
                }
            } else if !isContainer && kind.acceptsScalars {
                if accept.orderGroup >= 0 {
                    try deliver(.value(JSONValue(scalar: event) ?? .null), to: target())
                } else if wantsInfo {
                    delivered = true
                    try withReceiver {
                        try $0.receive(.scalar(event), accept: accept, scope: Int(entry.scope), info: info)
                    }
                } else {
                    // No info to pass (it is empty) and no value wrapper to build.
                    delivered = true
                    try withReceiver { try $0.receiveScalar(event, accept: accept, scope: Int(entry.scope)) }
                }
            } else {
                withReceiver { $0.dropped(accept: accept, found: event, scope: Int(entry.scope), info: info) }
            }
        }
    }

    /// Where a value is, as the receiver asked: a container's info outlives its event (it is
    /// delivered when the container closes), so places on demand carry scalars' events, and a
    /// container's start only when the whole input is one chunk (it is located, on demand,
    /// during the event that delivers it; see ``MatchInfo/start``).
    private func makeInfo(_ context: JSONEventContext, isContainer: Bool) -> MatchInfo {
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
    private mutating func profile(for accept: Int32) -> CaptureProfile {
        if profiles.isEmpty { profiles = Array(repeating: nil, count: paths.accepts.count) }
        if let profile = profiles[Int(accept)] { return profile }
        let profile = CaptureProfile()
        profiles[Int(accept)] = profile
        return profile
    }

    private mutating func feedCaptures(_ event: JSONEvent, context: JSONEventContext) throws {
        let last = captures.count - 1
        for index in 0..<last { _ = captures[index].consume(event) }
        captureLeavesOut = false
        switch captures[last].consume(event) {
        case .more:
            return
        case .leavingOut:
            // A member the decoded type does not read: if no path enters it either, the tokenizer
            // need not deliver what is inside.
            captureLeavesOut = last == 0
            return
        case .complete:
            break
        }
        var capture = captures.removeLast()
        for index in capture.targets.indices where capture.targets[index].info.start >= 0 {
            // Located on demand while this, the container's end, is the current event.
            capture.targets[index].info.pending = PendingPlace(context: context)
        }
        if let recorder = capture.tape {
            do {
                var tape = recorder.builder.tape
                if capture.retainsInput {
                    if recorder.builder.hasLeftOut, let selection = tape.selection {
                        let source = tapeSource ?? TapeSource(options: context.engine.options)
                        tapeSource = source
                        source.bytes = context.retainedInput()
                        leftOutCaptures += 1
                        tape.selection = TapeSelection(
                            profile: selection.profile, generation: selection.generation, source: source)
                    }
                    context.endRetainingInput()
                }
                defer { tapeSource?.bytes = nil }
                for target in capture.targets {
                    delivered = true
                    try withReceiver {
                        try $0.receiveTape(
                            tape, accept: paths.accepts[Int(target.accept)], scope: Int(target.scope), info: target.info
                        )
                    }
                }
            }
            recorder.builder.reset()
            spareRecorder = recorder
        } else if let value = capture.value {
            for target in capture.targets { try deliver(.value(value), to: target) }
        }
    }

    /// Whether a captured container goes to `target` as a ``JSONTape``: a Codable destination
    /// delivered at once, with no block to run on a ``JSONValue``.
    private func isTapeTarget(_ target: MatcherCaptureTarget) -> Bool {
        let accept = paths.accepts[Int(target.accept)]
        guard case .match(.decoded) = accept.kind else { return false }
        return !accept.hasBlock && accept.orderGroup < 0
    }

    /// Routes a value to its receiver: through the block and the rest of the path, then straight
    /// on or into the buffer of its reordering query.
    private mutating func deliver(_ value: MatchedValue, to target: MatcherCaptureTarget) throws {
        let accept = paths.accepts[Int(target.accept)]
        if accept.hasBlock {
            let tail = paths.blockTails[Int(accept.blockTail)]
            guard let result = tail.block.body(value.jsonValue) else { return }
            for node in PathSelection.select(tail.rest[...], from: result) {
                try route(.value(node.value), accept: accept, target: target)
            }
        } else {
            try route(value, accept: accept, target: target)
        }
    }

    private mutating func route(_ value: MatchedValue, accept: PathAutomaton.Accept, target: MatcherCaptureTarget)
        throws
    {
        if accept.orderGroup >= 0 {
            sequence += 1
            let buffered = MatcherBuffered(
                accept: target.accept, scope: target.scope, key: target.key ?? [], value: value.jsonValue,
                info: target.info.resolved(), sequence: sequence)
            buffers[accept.orderGroup, default: []].append(buffered)
            peakHeldMatches = max(peakHeldMatches, buffers[accept.orderGroup, default: []].count)
        } else {
            delivered = true
            try withReceiver { try $0.receive(value, accept: accept, scope: Int(target.scope), info: target.info) }
        }
    }

    // MARK: Closing

    private mutating func closeContainer() throws {
        let frame = frames.removeLast()
        if frame.arrayID >= 0 { arrayLengths[frame.arrayID] = Int(frame.children) }
        while closers.count > Int(frame.closerStart) {
            switch closers.removeLast() {
            case .flush(let group): try flush(group)
            case .endScope(let scope, let accept):
                try withReceiver { try $0.endScope(Int(scope), accept: paths.accepts[Int(accept)]) }
            }
        }
        while entries.count > Int(frame.entryStart) { entries.removeLast() }
        if frames.isEmpty {
            keys.removeAll(keepingCapacity: true)
            arrayLengths.removeAll(keepingCapacity: true)
            try withReceiver { try $0.endDocument() }
        } else {
            let parent = frames[frames.count - 1]
            if keys.count > Int(parent.keyEnd) {
                // Keep the keys of the parent's pending child entries: they are gone with the
                // entries, and the next member or element recomputes them.
                while keys.count > Int(parent.keyEnd) { keys.removeLast() }
            }
        }
    }

    /// Drops held matches that a negative index or a slice from the end can no longer select:
    /// once element `position` starts, `[-k]` and `[-k:]` cannot select elements before
    /// `position - k + 1`.
    ///
    /// So at most `k` elements' matches are held.
    private mutating func prune(arrayID: Int32, position: Int) {
        for (group, held) in buffers {
            let order = paths.orderGroups[Int(group)]
            let kept = held.filter { item in
                var component = 0
                while component * 4 + 3 < item.key.count {
                    if Int32(item.key[component * 4 + 3]) == arrayID,
                        let selectors = order.segments[order.firstReordering + component].selectors,
                        let window = selectors[item.key[component * 4 + 1]].window,
                        item.key[component * 4 + 2] <= position - window
                    {
                        return false
                    }
                    component += 1
                }
                return true
            }
            if kept.count != held.count { buffers[group] = kept }
        }
    }

    /// Releases the held matches of a reordering query in RFC 9535 order.
    private mutating func flush(_ group: Int32) throws {
        guard var held = buffers.removeValue(forKey: group), !held.isEmpty else { return }
        let order = paths.orderGroups[Int(group)]
        held = held.compactMap { item in
            var item = item
            var component = 0
            while component * 4 + 3 < item.key.count {
                let arrayID = Int32(item.key[component * 4 + 3])
                if arrayID >= 0 {
                    guard let length = arrayLengths[arrayID],
                        let selectors = order.segments[order.firstReordering + component].selectors
                    else { return nil }
                    let selector = selectors[item.key[component * 4 + 1]]
                    guard let position = selector.indices(count: length).firstIndex(of: item.key[component * 4 + 2])
                    else { return nil }
                    item.key[component * 4 + 2] = position
                }
                component += 1
            }
            return item
        }
        held.sort { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.sequence < rhs.sequence)
        }
        delivered = true
        for item in held {
            try withReceiver {
                try $0.receive(
                    .value(item.value), accept: paths.accepts[Int(item.accept)], scope: Int(item.scope), info: item.info
                )
            }
        }
    }
}

// The matcher's bookkeeping types live outside the generic matcher so that using them costs
// no generic metadata lookup when the matcher is instantiated for a receiver in another module.

struct MatcherEntry {
    var state: Int32
    var scope: Int32
    /// The entry's order key in ``keys``; `keyCount == -1` for entries outside any
    /// reordering query.
    var keyStart: Int32
    var keyCount: Int32
}

struct MatcherFrame {
    var entryStart: Int32
    var entryEnd: Int32
    var keyEnd: Int32
    var closerStart: Int32
    var isArray: Bool
    /// Elements or members seen so far.
    var children: Int32
    /// Pre-order position of the container among all values of the document.
    var ordinal: Int
    /// Identifier for resolving length-dependent selectors, or -1.
    var arrayID: Int32
    /// For an object whose members only one entry's state picks, by distinct names alone (see
    /// ``CompiledPaths/State/directNames``): that entry's index; else -1.
    var directEntry: Int32
}

enum MatcherCloser {
    case flush(group: Int32)
    case endScope(scope: Int32, accept: Int32)
}

struct MatcherCaptureTarget {
    var accept: Int32
    var scope: Int32
    var key: [Int]?
    var info: MatchInfo
}

/// A container being captured for its targets: as a ``JSONValue`` or, for Codable destinations
/// that take one, as a ``JSONTape``.
struct MatcherCapture {
    var targets: [MatcherCaptureTarget]
    var builder: JSONValueBuilder?
    var tape: TapeRecorder?
    /// The tokenizer keeps this value's raw text (a tape that may leave members out).
    var retainsInput = false
    /// The finished value of ``builder``.
    var value: JSONValue?

    init(targets: [MatcherCaptureTarget]) {
        self.targets = targets
    }

    /// Adds one event; says whether the captured value is complete.
    @inline(__always)
    mutating func consume(_ event: JSONEvent) -> JSONTapeBuilder.Progress {
        if let tape { return tape.record(event) }
        // One of the two builders is always set once the capture starts.
        // swift-format-ignore: NeverForceUnwrap
        value = builder!.consume(event)
        return value == nil ? .more : .complete
    }
}

struct MatcherBuffered {
    var accept: Int32
    var scope: Int32
    var key: [Int]
    var value: JSONValue
    var info: MatchInfo
    var sequence: Int
}
