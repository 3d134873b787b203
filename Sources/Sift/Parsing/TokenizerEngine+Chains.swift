internal import CYajl

/// Reading an object along a chain of member names, without yajl.
///
/// A handler that takes an object's members by name, and in the object value of such a member
/// again members by name, and so on (`$.body[*].text.title` in each element), says the whole
/// chain in the object's start event (``JSONEventContext/takeOnlyMembers(alongChain:)``). Once
/// that event returns, a scan in C (`sift_member_chain_read`, CYajl) reads the object's members:
/// it passes those the chain does not take, as the member pass does, and lists the tokens of
/// those it takes. The tokenizer then delivers those tokens as the events yajl's callbacks would
/// have (the same state kept: depth, keys, indices, where the last string closed, the token's
/// place for ``JSONEventContext/offset``), and moves yajl past everything read. The handler sees
/// exactly the events the member passes would have let through, in the same order.
///
/// The scan reads only whole members of the object and leaves the rest to yajl: from the first
/// member it cannot hand over exactly (an escaped key where a name is taken, an array,
/// an object where the chain ends, an error, the end of the chunk), yajl and the member pass go
/// on as without the chain. Errors and their locations are therefore the same, wherever the
/// input was split.
extension TokenizerEngine {
    /// The start event that asked for a chain has returned (`delivered`: whether the parse goes
    /// on): reads the object along it; returns whether the parse goes on.
    ///
    /// An element of an array is read on into the elements after it, a top-level value of an input
    /// of several into the values after it, as long as each one's start event asks for the same
    /// chain again; one that asks for another chain is read along that one in turn.
    func readPendingChain(_ delivered: Bool) -> Bool {
        guard delivered else {
            pendingChain = nil
            return false
        }
        while let chain = pendingChain {
            pendingChain = nil
            switch readChain(chain) {
            case .stopped: return false
            case .finished: return true
            case .nextElement: continue
            }
        }
        return true
    }

    /// How a chain's read ended.
    private enum ChainReadEnd {
        /// The parse stops.
        case stopped
        /// yajl resumes where the read ended.
        case finished
        /// An element's start event was delivered as yajl's callback would have, and asked for
        /// something else than the same chain: what it asked for is pending.
        case nextElement
    }

    /// Reads the object just opened (its start event returned) along `chain`.
    private func readChain(_ chain: UnsafeRawPointer) -> ChainReadEnd {
        let depth = state.pointee.depth
        // The handler may have skipped the object after all.
        guard depth < state.pointee.skipFrom, fastSkipStart < 0 else { return .finished }
        let chainPointer = chain.assumingMemoryBound(to: sift_member_chain.self)
        // swift-format-ignore: NeverForceUnwrap
        // A chain has at least one level.
        let names = UnsafeRawPointer(chainPointer.pointee.levels[0]!)
        guard isParsingChunk, !options.allowsComments, pendingFailure == nil, !state.pointee.stopRequested,
            !longToken.isActive, let base = state.pointee.chunkBase
        else { return .finished }
        let scan = skipScan
        if scan.pointee.headMatches == 0 {
            scan.pointee.headMatches = sift_skip_head_matches(link, handle) != 0 ? 1 : -1
        }
        guard scan.pointee.headMatches > 0 else { return .finished }
        let text = base + yajlStart
        // What the read may go on into: the array's next elements, the input's next values.
        let following =
            depth >= 2
            ? (state.pointee.frames[depth &- 2].isArray ? SIFT_CHAIN_ARRAY_ELEMENTS : SIFT_CHAIN_OBJECT_ONLY)
            : (options.allowsMultipleValues ? SIFT_CHAIN_TOP_LEVEL_VALUES : SIFT_CHAIN_OBJECT_ONLY)
        let result = sift_member_chain_read(
            text, sift_skip_offset(handle), parsedCount &- yajlStart, chainPointer, state.pointee.maximumDepth &- depth,
            scan.pointee.scratch, scan.pointee.level, scan.pointee.chainTokens, SkipScanState.chainCapacity,
            Int32(following))
        guard result.resume >= 0, result.token_count > 0 || result.passed > 0 else {
            // Nothing read: the first member goes to yajl, and the members after it to the pass.
            passMembers(names, afterValue: false)
            return .finished
        }
        let end = deliverChainTokens(text, count: result.token_count, chain: chain)
        guard end == .finished else { return end }
        diagnostics.membersPassed &+= result.passed
        if result.last_key >= 0 { state.pointee.setKey(text + result.last_key, result.last_key_length) }
        if result.last_string_close >= 0 {
            state.pointee.lastStringClose = state.pointee.chunkStart &+ yajlStart &+ result.last_string_close
        }
        sift_skip_move(handle, result.resume)
        return .finished
    }

    /// Delivers the first `count` tokens of the chain's list as yajl's callbacks would.
    ///
    /// The tokens are indices into `text`, yajl's bytes. When the parse stops, yajl's offset is
    /// moved past the token it stopped at, where yajl itself would have stopped; when an
    /// element's start event asks for something else than `chain`, past that element's brace,
    /// where yajl's start callback would have returned.
    private func deliverChainTokens(
        _ text: UnsafePointer<UInt8>, count: Int, chain: UnsafeRawPointer
    ) -> ChainReadEnd {
        let tokens = skipScan.pointee.chainTokens
        let start = state.pointee.chunkStart &+ yajlStart
        isReadingChain = true
        defer { isReadingChain = false }
        for index in 0..<count {
            let token = tokens[index]
            let isQuoted =
                token.kind == SIFT_CHAIN_KEY || token.kind == SIFT_CHAIN_STRING
                || token.kind == SIFT_CHAIN_ESCAPED_STRING
            movedTokenEnd = start &+ token.end &+ (isQuoted ? 1 : 0)
            state.pointee.eventCount &+= 1
            let goesOn: Bool
            switch token.kind {
            case SIFT_CHAIN_KEY:
                let bytes = text + token.start
                state.pointee.setKey(bytes, token.end &- token.start)
                state.pointee.memberValuePending = true
                state.pointee.lastStringClose = start &+ token.end
                goesOn = deliver(.key(JSONBytes(base: bytes, count: token.end &- token.start)), tokenLength: -1)
            case SIFT_CHAIN_STRING:
                state.pointee.beginValue()
                state.pointee.lastStringClose = start &+ token.end
                goesOn = deliver(
                    .string(JSONBytes(base: text + token.start, count: token.end &- token.start)), tokenLength: -1)
            case SIFT_CHAIN_ESCAPED_STRING:
                state.pointee.beginValue()
                state.pointee.lastStringClose = start &+ token.end
                // Decoded as yajl's string callback reports it (see `reportedValue`).
                let decoded = longToken.scratchCopy(of: text + token.start, count: token.end &- token.start)
                let count = sift_decode_string(decoded, token.end &- token.start)
                goesOn = deliver(.string(JSONBytes(base: decoded, count: count)), tokenLength: -1)
            case SIFT_CHAIN_NUMBER:
                state.pointee.beginValue()
                let length = token.end &- token.start
                goesOn = deliver(.number(JSONBytes(base: text + token.start, count: length)), tokenLength: length)
            case SIFT_CHAIN_TRUE:
                state.pointee.beginValue()
                goesOn = deliver(.bool(true), tokenLength: 4)
            case SIFT_CHAIN_FALSE:
                state.pointee.beginValue()
                goesOn = deliver(.bool(false), tokenLength: 5)
            case SIFT_CHAIN_NULL:
                state.pointee.beginValue()
                goesOn = deliver(.null, tokenLength: 4)
            case SIFT_CHAIN_START_OBJECT:
                state.pointee.beginValue()
                // The scan kept within the depth limit.
                _ = state.pointee.push(isArray: false)
                goesOn = deliver(.startObject, tokenLength: 1)
            case SIFT_CHAIN_END_ELEMENT:
                state.pointee.pop()
                goesOn = endMemberValue(deliver(.endObject, tokenLength: 1))
            case SIFT_CHAIN_START_ELEMENT:
                if token.start >= 0 { state.pointee.lastStringClose = start &+ token.start }
                switch startElement(at: token.end, chain: chain) {
                case .finished:
                    diagnostics.chainElements &+= 1
                    continue
                case let end:
                    diagnostics.chainEvents &+= index &+ 1
                    return end
                }
            default:
                state.pointee.pop()
                goesOn = deliver(.endObject, tokenLength: 1)
            }
            if !goesOn {
                diagnostics.chainEvents &+= index &+ 1
                sift_skip_move(handle, movedTokenEnd &- start)
                return .stopped
            }
        }
        diagnostics.chainEvents &+= count
        return .finished
    }

    /// Delivers the start of the next element as yajl's start callback would.
    ///
    /// Its brace ends just before `end` (an index into yajl's bytes). yajl is moved past the
    /// brace first, so that whatever the handler asks for in it (a skip, a member pass, a chain)
    /// works as in that callback. `.finished` when it asked for `chain` again and nothing else,
    /// and the read goes on.
    private func startElement(at end: Int, chain: UnsafeRawPointer) -> ChainReadEnd {
        sift_skip_move(handle, end)
        movedTokenEnd = -1
        isReadingChain = false
        defer {
            movedTokenEnd = -1
            isReadingChain = true
        }
        state.pointee.beginValue()
        // The element before it was at the same depth.
        _ = state.pointee.push(isArray: false)
        guard deliver(.startObject, tokenLength: 1) else {
            pendingChain = nil
            return .stopped
        }
        guard pendingChain == chain, sift_skip_offset(handle) == end, fastSkipStart < 0,
            state.pointee.depth < state.pointee.skipFrom
        else { return .nextElement }
        pendingChain = nil
        return .finished
    }
}

/// A chain of member names for ``JSONEventContext/takeOnlyMembers(alongChain:)``: the names a
/// handler takes in an object, then in the object value of each member it takes, and so on.
///
/// Level 0 is the object's; `next[l][i]` is the level of the object value of a member taken as
/// the `i`-th name of level `l`, or -1 where the chain ends: a taken member whose value is an
/// object or an array is then delivered as usual (by yajl), as are the members after it.
///
/// ```swift
/// // `$.text.title` in each element: in the element `text`, in its value `title`.
/// let chain = MemberChain(
///     levels: [MemberNameSet([Array("text".utf8)]), MemberNameSet([Array("title".utf8)])], next: [[1], [-1]])
/// ```
package final class MemberChain: @unchecked Sendable {
    /// The levels, kept alive for the C chain that points at them.
    let levels: [MemberNameSet]
    /// A `sift_member_chain`.
    let pointer: UnsafeRawPointer
    private let storage: UnsafeMutablePointer<sift_member_chain>
    private let levelPointers: UnsafeMutablePointer<UnsafePointer<sift_member_names>?>
    private let nextPointers: UnsafeMutablePointer<UnsafePointer<Int>?>
    private let nextLevels: UnsafeMutablePointer<Int>

    /// A chain of `levels` (at least one), `next[l]` holding one entry per name of `levels[l]`.
    package init(levels: [MemberNameSet], next: [[Int]]) {
        precondition(!levels.isEmpty && next.count == levels.count, "a member chain has a next list per level")
        self.levels = levels
        levelPointers = .allocate(capacity: levels.count)
        nextPointers = .allocate(capacity: levels.count)
        nextLevels = .allocate(capacity: max(next.reduce(0) { $0 + $1.count }, 1))
        var slot = nextLevels
        for (index, level) in levels.enumerated() {
            let names = level.pointer.assumingMemoryBound(to: sift_member_names.self)
            levelPointers[index] = names
            precondition(next[index].count == names.pointee.count, "a chain has a next level per name")
            nextPointers[index] = UnsafePointer(slot)
            for target in next[index] {
                precondition(target < levels.count, "a chain's next level is one of its levels")
                slot.initialize(to: target)
                slot += 1
            }
        }
        storage = .allocate(capacity: 1)
        storage.initialize(
            to: sift_member_chain(
                levels: UnsafePointer(levelPointers), next: UnsafePointer(nextPointers), count: levels.count))
        pointer = UnsafeRawPointer(storage)
    }

    /// The names taken in the object itself.
    var first: MemberNameSet { levels[0] }

    /// How deep a chain may go into the objects it takes (`SIFT_CHAIN_DEPTH`).
    static let maximumDepth = Int(SIFT_CHAIN_DEPTH)

    deinit {
        storage.deallocate()
        levelPointers.deallocate()
        nextPointers.deallocate()
        nextLevels.deallocate()
    }
}
