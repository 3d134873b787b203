/// The matching itself (see ``PathMatcher``, the facade): its state and the dispatch of each
/// event here; transitions and key lookup in `+Transitions`; values, accepts and scopes in
/// `+Values`; captures in `+Captures`; delivery, closing and the release of held matches in
/// `+Ordering` (with ``HeldMatches``, the one way to decide later).
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
    /// A value builder, emptied, that the next value capture reuses (see `beginCapture`).
    var spareBuilder: JSONValueBuilder?
    /// The only capture has just opened a container it leaves out: skipping it needs no recorder.
    var captureLeavesOut = false
    /// What the type of each Codable destination reads (by accept), learned as it decodes.
    var profiles: [CaptureProfile?] = []
    /// The raw text of the element being delivered as a tape that left members out.
    var tapeSource: TapeSource?
    var skipDepth = 0
    var ordinal = 0
    /// Matches waiting for what decides them: an array's length, the close of the value a
    /// query's reordering starts from.
    var held = HeldMatches()
    /// The candidates of streamed filters open around the current value.
    var candidates: FilterCandidates
    var nextArrayID: Int32 = 0
    /// In an object with a ``MatcherFrame/directEntry``: the state the current member's value
    /// enters (-1: none), and the scope it belongs to.
    var directTarget: Int32 = -1
    var directScope: Int32 = -1
    var directCandidate: Int32 = -1
    /// A value went to the receiver during this event (which may then ask to stop).
    var delivered = false
    /// What tests count (see ``EngineDiagnostics``); the misses are the profiles', the peak the
    /// held matches'.
    var counted = EngineDiagnostics()

    var diagnostics: EngineDiagnostics {
        var diagnostics = counted
        diagnostics.captureMisses = profiles.reduce(0) { $0 + ($1?.misses ?? 0) }
        diagnostics.peakHeldMatches = held.peak
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
        candidates = FilterCandidates(filters: paths.filters, documentNames: paths.documentSlots)
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
                if skipDepth == 0 && frames.isEmpty {
                    try decideAtDocumentEnd()
                    try withReceiver { try $0.endDocument() }
                }
            default: break
            }
        } else {
            switch event {
            case .key(let bytes):
                enterMember(bytes)
                // No state enters the member, or none that takes a scalar there (a descendant's
                // visitor): a long scalar value of it need not be kept.
                if captures.isEmpty && (!entersMember || entersQuietly) { context.skipValue() }
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
                            entry: MatcherEntry(
                                state: directTarget, scope: directScope, keyStart: 0, keyCount: -1,
                                candidate: directCandidate),
                            context: context)
                    }
                } else if let parent = frames.last, !parent.isArray, isQuiet(from: Int(parent.entryEnd)) {
                    // A scalar member nothing accepts (most members, under a descendant segment).
                    try quietScalarMember(hasEntries: entries.count > Int(parent.entryEnd))
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

    /// ``withReceiver(_:)`` for a call that passes a match's info: the info goes to the body as
    /// an argument, borrowed, where a closure capturing it copied it (through the run time's
    /// witnesses) for every match.
    @inline(__always)
    func withReceiver<Result>(
        passing info: MatchInfo, _ body: (MatchReceiving, MatchInfo) throws -> Result
    ) rethrows -> Result {
        try receiver._withUnsafeGuaranteedRef { try body($0, info) }
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
    /// The innermost streamed filter candidate the entry's path went through (see
    /// ``FilterCandidates``), or -1.
    var candidate: Int32 = -1
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
