/// The frozen, flat form of a ``PathAutomaton`` that the matcher walks per token: plain arrays of
/// plain structs, so that reading a state costs a bounds check and a load, never reference
/// counting.
package final class CompiledPaths: @unchecked Sendable {
    struct State {
        var nameStart: Int32 = 0, nameCount: Int32 = 0
        /// States with more than ``nameSearchLimit`` names: their slots in ``nameTable``
        /// (a power of two of them; zero for the others).
        var nameTableStart: Int32 = 0, nameTableSize: Int32 = 0
        /// The lengths of the names, one bit each (bit 63 for 63 bytes and longer; see
        /// ``mayName(count:)``).
        var nameLengths: UInt64 = 0
        var memberStart: Int32 = 0, memberCount: Int32 = 0
        var elementStart: Int32 = 0, elementCount: Int32 = 0
        var indexedStart: Int32 = 0, indexedCount: Int32 = 0
        var acceptStart: Int32 = 0, acceptCount: Int32 = 0
        var epsilonStart: Int32 = 0, epsilonCount: Int32 = 0
        var flushStart: Int32 = 0, flushCount: Int32 = 0
        var selfLoop = false
        var ordered = false
        var needsLength = false
        /// A filter's candidate state: its filter in ``filters``, else -1.
        var filter: Int32 = -1
        var hasTransitions = false
        /// The state's only transitions are by distinct names, to states that keep no order keys
        /// and enter no visitors: a member's value enters at most one state, which the matcher
        /// then tracks without pushing an entry (see ``PathMatcherEngine``).
        var directNames = false
        /// What the state looks for inside a container it is at (see ``Inside``).
        var inside = Inside.anything

        /// Whether some name of the state is `count` bytes long (or, for 63 and more, may be):
        /// most keys are ruled out by their length alone, before their bytes are read.
        @inline(__always)
        func mayName(count: Int) -> Bool {
            nameLengths & CompiledPaths.lengthBit(count) != 0
        }
    }

    /// What a state can find inside a container it is at, for skipping containers that cannot
    /// hold anything it wants.
    enum Inside {
        /// Nothing: the state has no transitions of its own (visitors it enters are entries of
        /// their own).
        case nothing
        /// Members named by its names, at any depth, and nothing else: a descendant's visitor that
        /// selects by name (`$..name`) and accepts nothing itself.
        case namesAtAnyDepth
        /// Anything else.
        case anything
    }

    /// The bit of ``State/nameLengths`` for names of `count` bytes.
    @inline(__always)
    static func lengthBit(_ count: Int) -> UInt64 {
        1 &<< UInt64(truncatingIfNeeded: min(count, 63))
    }

    struct Name {
        var offset: Int32
        var count: Int32
        /// The first eight bytes (see ``JSONBytes/prefixWord(_:count:)``): names of up to eight bytes are
        /// equal to a key exactly when their lengths and words are.
        var prefix: UInt64
        var transition: PathAutomaton.Transition
    }

    let states: ContiguousArray<State>
    let names: ContiguousArray<Name>
    let nameBytes: ContiguousArray<UInt8>
    /// Open-addressing tables of name indices (-1: empty), probed linearly from
    /// ``nameSlot(prefix:count:size:)``; at most half full, so every probe ends.
    let nameTable: ContiguousArray<Int32>
    let transitions: ContiguousArray<PathAutomaton.Transition>
    let indexed: ContiguousArray<PathAutomaton.IndexedTransition>
    let acceptIndices: ContiguousArray<Int32>
    let epsilons: ContiguousArray<Int32>
    let flushGroups: ContiguousArray<Int32>
    package let accepts: [PathAutomaton.Accept]
    let tails: [PathAutomaton.Tail]
    let filters: [StreamedFilter]
    let documentSlots: [[String]]
    let orderGroups: [PathAutomaton.OrderGroup]
    let programRoots: [Int32]
    /// For each state whose members are picked by name alone (``State/directNames``): its names,
    /// for the tokenizer to pass every other member of an object unseen
    /// (``JSONEventContext/takeOnlyMembers(named:)``); nil for the others.
    let memberNameSets: ContiguousArray<MemberNameSet?>
    /// For each state with a ``memberNameSets`` entry: its names, and for each name entering a
    /// state that only picks members by name again (no accepts, filter or order), that state's,
    /// and so on (``JSONEventContext/takeOnlyMembers(alongChain:)``); nil for the others.
    let memberChains: ContiguousArray<MemberChain?>
    /// For each state whose ``State/inside`` is ``Inside/namesAtAnyDepth``: its names, for the
    /// tokenizer to skip a container that holds none of them
    /// (``JSONEventContext/skipContentsUnlessMember(named:)``); nil for the others.
    let needleSets: ContiguousArray<MemberNameSet?>
    /// Whether some state's ``State/inside`` is ``Inside/namesAtAnyDepth``.
    let hasNeedleStates: Bool

    /// Freezes an automaton; it can be matched against any number of documents, concurrently.
    package init(_ automaton: PathAutomaton) {
        var states = ContiguousArray<State>()
        var names = ContiguousArray<Name>()
        var nameBytes = ContiguousArray<UInt8>()
        var nameTable = ContiguousArray<Int32>()
        var transitions = ContiguousArray<PathAutomaton.Transition>()
        var indexed = ContiguousArray<PathAutomaton.IndexedTransition>()
        var acceptIndices = ContiguousArray<Int32>()
        var epsilons = ContiguousArray<Int32>()
        var flushGroups = ContiguousArray<Int32>()
        for source in automaton.states {
            var state = State()
            state.nameStart = Int32(names.count)
            source.names.forEachEntry { key, transition in
                names.append(
                    Name(
                        offset: Int32(nameBytes.count), count: Int32(key.count),
                        prefix: key.withUnsafeBytes { JSONBytes.prefixWord($0.baseAddress, count: $0.count) },
                        transition: transition))
                nameBytes.append(contentsOf: key)
                state.nameLengths |= Self.lengthBit(key.count)
            }
            state.nameCount = Int32(names.count) - state.nameStart
            if state.nameCount > Self.nameSearchLimit {
                // Names go in in order, so equal names are met in order along their probe.
                var size = 1
                while size < Int(state.nameCount) * 2 { size <<= 1 }
                state.nameTableStart = Int32(nameTable.count)
                state.nameTableSize = Int32(size)
                nameTable.append(contentsOf: repeatElement(-1, count: size))
                for index in Int(state.nameStart)..<names.count {
                    var slot = Self.nameSlot(prefix: names[index].prefix, count: Int(names[index].count), size: size)
                    while nameTable[Int(state.nameTableStart) + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                    nameTable[Int(state.nameTableStart) + slot] = Int32(index)
                }
            }
            state.memberStart = Int32(transitions.count)
            transitions.append(contentsOf: source.members)
            state.memberCount = Int32(source.members.count)
            state.elementStart = Int32(transitions.count)
            transitions.append(contentsOf: source.elements)
            state.elementCount = Int32(source.elements.count)
            state.indexedStart = Int32(indexed.count)
            indexed.append(contentsOf: source.indexed)
            state.indexedCount = Int32(source.indexed.count)
            state.acceptStart = Int32(acceptIndices.count)
            acceptIndices.append(contentsOf: source.accepts)
            state.acceptCount = Int32(source.accepts.count)
            state.epsilonStart = Int32(epsilons.count)
            epsilons.append(contentsOf: source.epsilon)
            state.epsilonCount = Int32(source.epsilon.count)
            state.flushStart = Int32(flushGroups.count)
            flushGroups.append(contentsOf: source.flushGroups)
            state.flushCount = Int32(source.flushGroups.count)
            state.selfLoop = source.selfLoop
            state.filter = source.filter
            state.ordered = source.ordered
            state.needsLength = source.indexed.contains { $0.selector.needsLength }
            state.hasTransitions = source.hasTransitions || !source.epsilon.isEmpty
            states.append(state)
        }
        for index in states.indices {
            states[index].directNames = Self.picksDirectly(
                states[index], states: states, names: names, nameBytes: nameBytes)
        }
        for index in states.indices {
            states[index].inside = Self.inside(states[index])
        }
        func nameSet(_ state: State) -> MemberNameSet {
            MemberNameSet(
                names[Int(state.nameStart)..<Int(state.nameStart + state.nameCount)].map {
                    Array(nameBytes[Int($0.offset)..<Int($0.offset + $0.count)])
                }, atAnyDepth: state.inside == .namesAtAnyDepth)
        }
        memberNameSets = ContiguousArray(states.map { $0.directNames ? nameSet($0) : nil })
        needleSets = ContiguousArray(states.map { $0.inside == .namesAtAnyDepth ? nameSet($0) : nil })
        let settlesOnly = states.map { state in
            (Int(state.acceptStart)..<Int(state.acceptStart + state.acceptCount)).allSatisfy {
                automaton.accepts[Int(acceptIndices[$0])].onlySettlesOperand
            }
        }
        memberChains = Self.memberChains(states: states, names: names, sets: memberNameSets, settlesOnly: settlesOnly)
        hasNeedleStates = states.contains { $0.inside == .namesAtAnyDepth }
        self.states = states
        self.names = names
        self.nameBytes = nameBytes
        self.nameTable = nameTable
        self.transitions = transitions
        self.indexed = indexed
        self.acceptIndices = acceptIndices
        self.epsilons = epsilons
        self.flushGroups = flushGroups
        self.accepts = automaton.accepts
        self.tails = automaton.tails
        self.filters = automaton.filters
        self.documentSlots = automaton.documentSlots
        self.orderGroups = automaton.orderGroups
        self.programRoots = automaton.programRoots
    }

    /// Whether a state's members are matched by distinct names alone, each into one state that
    /// needs no order keys and no visitors.
    private static func picksDirectly(
        _ state: State, states: ContiguousArray<State>, names: ContiguousArray<Name>, nameBytes: ContiguousArray<UInt8>
    ) -> Bool {
        guard state.nameCount > 0, state.memberCount == 0, state.elementCount == 0, state.indexedCount == 0,
            !state.selfLoop, !state.ordered, state.epsilonCount == 0
        else { return false }
        let range = Int(state.nameStart)..<Int(state.nameStart + state.nameCount)
        var seen = Set<ArraySlice<UInt8>>()
        for name in names[range] {
            let target = states[Int(name.transition.target)]
            guard !target.ordered, target.epsilonCount == 0, target.filter < 0 else { return false }
            let bytes = nameBytes[Int(name.offset)..<Int(name.offset + name.count)]
            guard seen.insert(bytes).inserted else { return false }
        }
        return true
    }

    /// The chains of ``memberChains``: a name's level goes on into the state it enters when that
    /// state picks members by name alone and does nothing else with a value, so that the
    /// matcher, in an object at it, asks for that state's names and nothing more.
    ///
    /// A state whose accepts only settle a filter's operand when its value closes
    /// (`settlesOnly`: `metadata` of `@.metadata.ok`) does nothing else with the value either:
    /// the chain's events close it exactly as yajl's would.
    private static func memberChains(
        states: ContiguousArray<State>, names: ContiguousArray<Name>, sets: ContiguousArray<MemberNameSet?>,
        settlesOnly: [Bool]
    ) -> ContiguousArray<MemberChain?> {
        ContiguousArray(
            states.indices.map { index -> MemberChain? in
                guard let first = sets[index] else { return nil }
                var levels = [first]
                var next: [[Int]] = [[]]
                // Breadth first, each level's names in order, at most `MemberChain.maximumDepth` deep.
                var queue = [(state: index, level: 0, depth: 0)]
                var cursor = 0
                while cursor < queue.count {
                    let (stateIndex, level, depth) = queue[cursor]
                    cursor += 1
                    let state = states[stateIndex]
                    for name in names[Int(state.nameStart)..<Int(state.nameStart + state.nameCount)] {
                        let target = Int(name.transition.target)
                        let entered = states[target]
                        guard depth < MemberChain.maximumDepth, let set = sets[target], settlesOnly[target],
                            entered.filter < 0, entered.flushCount == 0, entered.inside != .namesAtAnyDepth,
                            !entered.needsLength
                        else {
                            next[level].append(-1)
                            continue
                        }
                        next[level].append(levels.count)
                        queue.append((target, levels.count, depth + 1))
                        levels.append(set)
                        next.append([])
                    }
                }
                // A single level too: the member pass would do the same in each object, but a
                // chain's read goes on from an array element into the next ones.
                return MemberChain(levels: levels, next: next)
            })
    }

    /// What `state` can find inside a container it is at.
    private static func inside(_ state: State) -> Inside {
        guard state.memberCount == 0, state.elementCount == 0, state.indexedCount == 0, state.filter < 0 else {
            return .anything
        }
        if !state.selfLoop { return state.nameCount == 0 ? .nothing : .anything }
        return state.nameCount > 0 && state.acceptCount == 0 ? .namesAtAnyDepth : .anything
    }

    /// States with up to this many names are searched in order; others through a hash table.
    static var nameSearchLimit: Int32 { 4 }

    /// The first probe for a key in a name table of `size` slots.
    @inline(__always)
    static func nameSlot(prefix: UInt64, count: Int, size: Int) -> Int {
        Int(truncatingIfNeeded: ((prefix ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
            & (size &- 1)
    }
}
