#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Transitions: the entries of a member from its key (looked up by its bytes, without a
/// `String`), of an element from its position, and the order keys of reordering queries.
extension PathMatcherEngine {
    /// Whether some state enters the member whose key was just read.
    @inline(__always)
    var entersMember: Bool {
        let frame = frames[frames.count - 1]
        return frame.directEntry >= 0 ? directTarget >= 0 : entries.count > Int(frame.entryEnd)
    }

    /// Whether the states that enter the member whose key was just read (in an object whose
    /// members are not picked directly) take nothing from a scalar value (see
    /// ``isQuiet(from:)``).
    @inline(__always)
    var entersQuietly: Bool {
        let frame = frames[frames.count - 1]
        return frame.directEntry < 0 && isQuiet(from: Int(frame.entryEnd))
    }

    /// Computes the entries of the member named `bytes` of the innermost object.
    mutating func enterMember(_ bytes: JSONBytes) {
        let frameIndex = frames.count - 1
        if frames[frameIndex].directEntry >= 0 {
            // One state picks the members, by name: the value's state, if any, without an entry.
            let frame = frames[frameIndex]
            truncate(to: frame)
            let entry = entries[Int(frame.directEntry)]
            let state = states[Int(entry.state)]
            if state.mayName(count: bytes.count) {
                let prefix = JSONBytes.prefixWord(bytes.base, count: bytes.count)
                var cursor = -1
                directTarget = nextName(state, bytes, prefix, cursor: &cursor)?.target ?? -1
            } else {
                directTarget = -1
            }
            directScope = entry.scope
            directCandidate = entry.candidate
            return
        }
        frames[frameIndex].children &+= 1
        let frame = frames[frameIndex]
        truncate(to: frame)
        var index = Int(frame.entryStart)
        while index < Int(frame.entryEnd) {
            let entry = entries[index]
            let state = states[Int(entry.state)]
            if state.mayName(count: bytes.count) { matchNames(state, bytes, entry, frame) }
            var member = Int(state.memberStart)
            let memberEnd = member + Int(state.memberCount)
            while member < memberEnd {
                pushChild(of: entry, via: transitions[member], frame: frame, arrayID: -1)
                member += 1
            }
            if state.selfLoop {
                // A descendant's visitor goes on into the child as it is.
                entries.append(entry)
                if state.epsilonCount > 0 { pushVisitors(of: entry, state) }
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
        if frame.arrayID >= 0 && !held.isEmpty {
            held.prune(arrayID: frame.arrayID, position: position, orders: paths.orderGroups)
        }
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
                // A descendant's visitor goes on into the child as it is.
                entries.append(entry)
                if state.epsilonCount > 0 { pushVisitors(of: entry, state) }
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
        var child = MatcherEntry(
            state: transition.target, scope: parent.scope, keyStart: 0, keyCount: -1, candidate: parent.candidate)
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
        if state.epsilonCount > 0 { pushVisitors(of: entry, state) }
    }

    /// Pushes the descendant visitors entered with `entry`, whose state is `state`.
    @inline(__always)
    mutating func pushVisitors(of entry: MatcherEntry, _ state: CompiledPaths.State) {
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
