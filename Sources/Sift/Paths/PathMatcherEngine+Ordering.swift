extension PathMatcherEngine {
    /// Routes a value to its receiver: through the in-memory tail of its path (a block, a
    /// filter that cannot stream), then straight on or into the buffer of its reordering query.
    mutating func deliver(_ value: MatchedValue, to target: MatcherCaptureTarget) throws {
        let accept = paths.accepts[Int(target.accept)]
        guard accept.hasTail else {
            try route(value, accept: accept, target: target)
            return
        }
        let tail = paths.tails[Int(accept.tail)]
        var start = value.jsonValue
        switch tail.head {
        case .block(let block):
            guard let result = block.body(start) else { return }
            start = result
        case .rest:
            break
        }
        guard wantsInfo else {
            for node in PathSelection.values(tail.rest[...], from: start, root: start) {
                try route(.value(node), accept: accept, target: target)
            }
            return
        }
        // The nodes' places: their paths from the captured value's, its location.
        let info = target.info.resolved()
        for node in PathSelection.select(tail.rest[...], from: start, base: info.resolvedPath) {
            var nodeTarget = target
            nodeTarget.info = MatchInfo(path: node.path, location: info.location)
            try route(.value(node.value), accept: accept, target: nodeTarget)
        }
    }

    mutating func route(_ value: MatchedValue, accept: PathAutomaton.Accept, target: MatcherCaptureTarget)
        throws
    {
        if accept.operand >= 0 {
            try fillSlot(Int(accept.operand), of: target.candidate, with: .value(value.jsonValue))
            return
        }
        if accept.documentOperand >= 0 {
            try fillDocumentSlot(Int(accept.documentOperand), with: .value(value.jsonValue))
            return
        }
        if target.candidate >= 0 {
            switch candidates.status(target.candidate) {
            case .dropped: return
            case .waiting(let candidate):
                held.hold(
                    value.jsonValue, accept: target.accept, scope: target.scope, key: target.key ?? [],
                    info: target.info.resolved(), group: accept.orderGroup, waitsOn: candidate)
                return
            case .selected:
                // Selected, but behind matches that still wait: it keeps its place after them.
                if accept.orderGroup < 0 && held.hasUndecided {
                    held.hold(
                        value.jsonValue, accept: target.accept, scope: target.scope, key: target.key ?? [],
                        info: target.info.resolved(), group: -1)
                    return
                }
            }
        }
        if accept.orderGroup >= 0 {
            held.hold(
                value.jsonValue, accept: target.accept, scope: target.scope, key: target.key ?? [],
                info: target.info.resolved(), group: accept.orderGroup)
        } else {
            delivered = true
            try withReceiver { try $0.receive(value, accept: accept, scope: Int(target.scope), info: target.info) }
        }
    }

    // MARK: Closing

    mutating func closeContainer() throws {
        let frame = frames.removeLast()
        // Tested first without a call: most queries have no filter candidate open.
        if candidates.hasOpenPrefix(atLeast: frames.count) { try closePrefixes(atLeast: frames.count) }
        if !candidates.open.isEmpty, candidates.hasOpen(atLeast: frames.count) {
            try closeCandidates(atLeast: frames.count)
        }
        if frame.arrayID >= 0 {
            held.arrayClosed(frame.arrayID, length: Int(frame.children))
            if !held.isEmpty { try releaseStreamingMatches() }
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
            try decideAtDocumentEnd()
            keys.removeAll(keepingCapacity: true)
            held.documentEnded()
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

    /// Releases the held matches of a reordering query when the value its reordering starts
    /// from closes: in RFC 9535 order, or for a streaming query
    /// (``PathAutomaton/OrderGroup/streams``) those whose arrays have closed, in the order they
    /// completed.
    mutating func flush(_ group: Int32) throws {
        let order = paths.orderGroups[Int(group)]
        try release(order.streams ? held.takeDecided(group, order: order) : held.takeOrdered(group, order: order))
    }

    /// After an array with length-dependent selectors closed: releases the matches of streaming
    /// queries that were waiting for it (and for no other array still open).
    mutating func releaseStreamingMatches() throws {
        for group in held.streamingGroups(paths.orderGroups) {
            try release(held.takeDecided(group, order: paths.orderGroups[Int(group)]))
        }
    }

    mutating func release(_ items: [HeldMatch]) throws {
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
