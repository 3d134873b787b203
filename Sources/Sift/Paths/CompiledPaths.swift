/// The frozen, flat form of a ``PathAutomaton`` that the matcher walks per token: plain arrays of
/// plain structs, so that reading a state costs a bounds check and a load, never reference
/// counting.
package final class CompiledPaths: @unchecked Sendable {
    struct State {
        var nameStart: Int32 = 0, nameCount: Int32 = 0
        var memberStart: Int32 = 0, memberCount: Int32 = 0
        var elementStart: Int32 = 0, elementCount: Int32 = 0
        var indexedStart: Int32 = 0, indexedCount: Int32 = 0
        var acceptStart: Int32 = 0, acceptCount: Int32 = 0
        var epsilonStart: Int32 = 0, epsilonCount: Int32 = 0
        var flushStart: Int32 = 0, flushCount: Int32 = 0
        var selfLoop = false
        var ordered = false
        var needsLength = false
        var hasTransitions = false
    }

    struct Name {
        var offset: Int32
        var count: Int32
        var hash: UInt64
        var transition: PathAutomaton.Transition
    }

    let states: ContiguousArray<State>
    let names: ContiguousArray<Name>
    let nameBytes: ContiguousArray<UInt8>
    let transitions: ContiguousArray<PathAutomaton.Transition>
    let indexed: ContiguousArray<PathAutomaton.IndexedTransition>
    let acceptIndices: ContiguousArray<Int32>
    let epsilons: ContiguousArray<Int32>
    let flushGroups: ContiguousArray<Int32>
    package let accepts: [PathAutomaton.Accept]
    let blockTails: [PathAutomaton.BlockTail]
    let orderGroups: [PathAutomaton.OrderGroup]
    let programRoots: [Int32]

    /// Freezes an automaton; it can be matched against any number of documents, concurrently.
    package init(_ automaton: PathAutomaton) {
        var states = ContiguousArray<State>()
        var names = ContiguousArray<Name>()
        var nameBytes = ContiguousArray<UInt8>()
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
                        hash: Self.hash(key), transition: transition))
                nameBytes.append(contentsOf: key)
            }
            state.nameCount = Int32(names.count) - state.nameStart
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
            state.ordered = source.ordered
            state.needsLength = source.indexed.contains { $0.selector.needsLength }
            state.hasTransitions = source.hasTransitions || !source.epsilon.isEmpty
            states.append(state)
        }
        self.states = states
        self.names = names
        self.nameBytes = nameBytes
        self.transitions = transitions
        self.indexed = indexed
        self.acceptIndices = acceptIndices
        self.epsilons = epsilons
        self.flushGroups = flushGroups
        self.accepts = automaton.accepts
        self.blockTails = automaton.blockTails
        self.orderGroups = automaton.orderGroups
        self.programRoots = automaton.programRoots
    }

    /// FNV-1a, used only for states with many member names.
    @inline(__always)
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
        }
        return hash
    }
}
