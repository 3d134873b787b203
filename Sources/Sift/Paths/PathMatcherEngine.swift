#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The matching itself: transitions, captures, scopes and reordering (see ``PathMatcher``).
@usableFromInline
struct PathMatcherEngine {
    /// Called borrowed (see ``withReceiver(_:)``).
    let receiver: Unmanaged<MatchReceiving>
    /// Keeps ``receiver`` alive.
    let receiverOwner: AnyObject

    let paths: CompiledPaths
    let states: ContiguousArray<CompiledPaths.State>
    let names: ContiguousArray<CompiledPaths.Name>
    let nameBytes: ContiguousArray<UInt8>
    let nameTable: ContiguousArray<Int32>
    let transitions: ContiguousArray<PathAutomaton.Transition>
    let acceptIndices: ContiguousArray<Int32>
    let epsilons: ContiguousArray<Int32>
    let wantsPaths: Bool
    let wantsLocations: Bool
    let wantsPlacesOnDemand: Bool
    let wantsTapes: Bool
    let canRequestStop: Bool
    /// Whether matches carry any info at all.
    let wantsInfo: Bool

    var entries = ContiguousArray<MatcherEntry>()
    var keys = ContiguousArray<Int>()
    var frames = ContiguousArray<MatcherFrame>()
    var closers = ContiguousArray<MatcherCloser>()
    var captures: [MatcherCapture] = []
    /// A tape recorder whose storage the next tape capture reuses.
    var spareRecorder: TapeRecorder?
    /// The only capture has just opened a container it leaves out: skipping it needs no recorder.
    var captureLeavesOut = false
    /// What the type of each Codable destination reads (by accept), learned as it decodes.
    var profiles: [CaptureProfile?] = []
    /// The raw text of the element being delivered as a tape that left members out.
    var tapeSource: TapeSource?
    var skipDepth = 0
    var ordinal = 0
    var buffers: [Int32: [MatcherBuffered]] = [:]
    var arrayLengths: [Int32: Int] = [:]
    var nextArrayID: Int32 = 0
    /// In an object with a ``MatcherFrame/directEntry``: the state the current member's value
    /// enters (-1: none), and the scope it belongs to.
    var directTarget: Int32 = -1
    var directScope: Int32 = -1
    var sequence = 0
    /// A value went to the receiver during this event (which may then ask to stop).
    var delivered = false
    /// What tests count (see ``EngineDiagnostics``); the misses are the profiles'.
    var counted = EngineDiagnostics()

    var diagnostics: EngineDiagnostics {
        var diagnostics = counted
        diagnostics.captureMisses = profiles.reduce(0) { $0 + ($1?.misses ?? 0) }
        return diagnostics
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
    func withReceiver<Result>(_ body: (MatchReceiving) throws -> Result) rethrows -> Result {
        try receiver._withUnsafeGuaranteedRef(body)
    }

    // MARK: Transitions

    /// Computes the entries of the member named `bytes` of the innermost object.
    @inline(__always)
    /// Whether some state enters the member whose key was just read.
    private var entersMember: Bool {
        let frame = frames[frames.count - 1]
        return frame.directEntry >= 0 ? directTarget >= 0 : entries.count > Int(frame.entryEnd)
    }

    mutating func enterMember(_ bytes: JSONBytes) {
        let frameIndex = frames.count - 1
        if frames[frameIndex].directEntry >= 0 {
            // One state picks the members, by name: the value's state, if any, without an entry.
            let frame = frames[frameIndex]
            truncate(to: frame)
            let entry = entries[Int(frame.directEntry)]
            let prefix = JSONBytes.prefixWord(bytes.base, count: bytes.count)
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

    @inline(__always)
    mutating func matchNames(
        _ state: CompiledPaths.State, _ bytes: JSONBytes, _ entry: MatcherEntry, _ frame: MatcherFrame
    ) {
        let prefix = JSONBytes.prefixWord(bytes.base, count: bytes.count)
        var cursor = -1
        while let transition = nextName(state, bytes, prefix, cursor: &cursor) {
            pushChild(of: entry, via: transition, frame: frame, arrayID: -1)
        }
    }

    /// The transition of the next of `state`'s names equal to the key `bytes` (whose first eight
    /// bytes are `prefix`), searching on from `cursor` (-1 to start); nil when there is none.
    @inline(__always)
    func nextName(
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
    func nameMatches(_ name: CompiledPaths.Name, _ bytes: JSONBytes, _ prefix: UInt64) -> Bool {
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
    mutating func enterElement() {
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

    mutating func matchIndices(
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
    mutating func truncate(to frame: MatcherFrame) {
        // One at a time: usually one or two, and `removeLast(_:)` takes the generic
        // replaceSubrange path.
        while entries.count > Int(frame.entryEnd) { entries.removeLast() }
        while keys.count > Int(frame.keyEnd) { keys.removeLast() }
    }

    @inline(__always)
    mutating func pushChild(
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
    mutating func pushEntry(_ entry: MatcherEntry) {
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
