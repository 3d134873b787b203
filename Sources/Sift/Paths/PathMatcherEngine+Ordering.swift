extension PathMatcherEngine {
    /// Routes a value to its receiver: through the block and the rest of the path, then straight
    /// on or into the buffer of its reordering query.
    mutating func deliver(_ value: MatchedValue, to target: MatcherCaptureTarget) throws {
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

    mutating func route(_ value: MatchedValue, accept: PathAutomaton.Accept, target: MatcherCaptureTarget)
        throws
    {
        if accept.orderGroup >= 0 {
            sequence += 1
            let buffered = MatcherBuffered(
                accept: target.accept, scope: target.scope, key: target.key ?? [], value: value.jsonValue,
                info: target.info.resolved(), sequence: sequence)
            buffers[accept.orderGroup, default: []].append(buffered)
            counted.peakHeldMatches = max(counted.peakHeldMatches, buffers[accept.orderGroup, default: []].count)
        } else {
            delivered = true
            try withReceiver { try $0.receive(value, accept: accept, scope: Int(target.scope), info: target.info) }
        }
    }

    // MARK: Closing

    mutating func closeContainer() throws {
        let frame = frames.removeLast()
        if frame.arrayID >= 0 {
            arrayLengths[frame.arrayID] = Int(frame.children)
            if !buffers.isEmpty { try releaseStreamingMatches() }
        }
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
    mutating func prune(arrayID: Int32, position: Int) {
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

    /// Releases the held matches of a reordering query: in RFC 9535 order, or for a streaming
    /// query (``PathAutomaton/OrderGroup/streams``) those whose arrays have closed, in the order
    /// they completed.
    mutating func flush(_ group: Int32) throws {
        let order = paths.orderGroups[Int(group)]
        if order.streams {
            try releaseResolved(group)
            return
        }
        guard let held = buffers.removeValue(forKey: group), !held.isEmpty else { return }
        var selected: [MatcherBuffered] = []
        for item in held {
            // Every array has closed when the value the query's reordering starts from closes.
            if case .selected(let resolved) = resolve(item, order) { selected.append(resolved) }
        }
        selected.sort { lhs, rhs in
            lhs.key.lexicographicallyPrecedes(rhs.key) || (lhs.key == rhs.key && lhs.sequence < rhs.sequence)
        }
        try release(selected)
    }

    /// After an array with length-dependent selectors closed: releases the matches of streaming
    /// queries that were waiting for it (and for no other array still open).
    mutating func releaseStreamingMatches() throws {
        for group in buffers.keys.sorted() where paths.orderGroups[Int(group)].streams {
            try releaseResolved(group)
        }
    }

    /// Releases the held matches of a streaming query whose arrays have all closed, in the order
    /// they completed (the order they were held in); keeps the others.
    private mutating func releaseResolved(_ group: Int32) throws {
        guard let held = buffers[group], !held.isEmpty else { return }
        let order = paths.orderGroups[Int(group)]
        var waiting: [MatcherBuffered] = []
        var selected: [MatcherBuffered] = []
        for item in held {
            switch resolve(item, order) {
            case .selected(let resolved): selected.append(resolved)
            case .waiting: waiting.append(item)
            case .dropped: break
            }
        }
        buffers[group] = waiting.isEmpty ? nil : waiting
        try release(selected)
    }

    /// Whether a held match is selected once the lengths of its arrays are known (with its
    /// positions in its key replaced by selection order), not selected, or still waiting for
    /// an array to close.
    private func resolve(_ item: MatcherBuffered, _ order: PathAutomaton.OrderGroup) -> MatcherResolution {
        var item = item
        var component = 0
        while component * 4 + 3 < item.key.count {
            let arrayID = Int32(item.key[component * 4 + 3])
            if arrayID >= 0 {
                guard let length = arrayLengths[arrayID] else { return .waiting }
                guard let selectors = order.segments[order.firstReordering + component].selectors else {
                    return .dropped
                }
                let selector = selectors[item.key[component * 4 + 1]]
                guard let position = selector.indices(count: length).firstIndex(of: item.key[component * 4 + 2])
                else { return .dropped }
                item.key[component * 4 + 2] = position
            }
            component += 1
        }
        return .selected(item)
    }

    private mutating func release(_ items: [MatcherBuffered]) throws {
        guard !items.isEmpty else { return }
        delivered = true
        for item in items {
            try withReceiver {
                try $0.receive(
                    .value(item.value), accept: paths.accepts[Int(item.accept)], scope: Int(item.scope), info: item.info
                )
            }
        }
    }
}

/// What a held match's arrays decide (see ``PathMatcherEngine/resolve(_:_:)``).
enum MatcherResolution {
    case selected(MatcherBuffered)
    case dropped
    case waiting
}

struct MatcherBuffered {
    var accept: Int32
    var scope: Int32
    var key: [Int]
    var value: JSONValue
    var info: MatchInfo
    var sequence: Int
}
