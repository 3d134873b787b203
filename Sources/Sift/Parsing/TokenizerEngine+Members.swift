internal import CYajl

/// Passing the members of an object that the handler does not take.
///
/// A handler that picks an object's members by name alone says which names it takes
/// (``JSONEventContext/takeOnlyMembers(named:)``) in the object's start event. From then on,
/// in that start event and after each of the object's member values, a scan in C
/// (`sift_member_pass`, CYajl) goes over the members whose names it does not take, checking
/// every byte as yajl would, and moves yajl past them: onto the next member it takes, or onto
/// the object's closing brace. Nothing of a passed member is delivered, not even its key: for
/// a handler that takes only some names, the member never was.
///
/// Only whole members in the bytes at hand are passed; a member the scan does not vouch for (an
/// escaped key, an error, the end of the chunk, the depth limit) is left to yajl, which parses
/// it as before, and the pass starts again after its value. The bookkeeping an error needs
/// later is what yajl would have left: the object's current key is the last passed member's,
/// and the last string closed is the last passed one's. Errors, their paths included, are
/// therefore the same wherever the input was split.
extension TokenizerEngine {
    /// The object just opened at the current depth: only the members named in `names` are
    /// delivered (`names` outlives the object).
    ///
    /// With a `chain` (a `sift_member_chain` whose first level is `names`), the object is read
    /// along it once its start event returns (see `TokenizerEngine+Chains`).
    func takeOnlyMembers(named names: UnsafeRawPointer, chain: UnsafeRawPointer? = nil) {
        let depth = state.pointee.depth
        guard passesMembers, depth > 0, depth < state.pointee.skipFrom, !isReplaying, !isReadingChain else { return }
        let frame = state.pointee.frames + (depth - 1)
        guard !frame.pointee.isArray else { return }
        frame.pointee.memberNames = names
        if let chain {
            pendingChain = chain
            return
        }
        let tokenEnd = currentTokenEnd
        if passMembers(names, afterValue: false) { movedTokenEnd = tokenEnd }
    }

    /// A member's value has ended (its callback ran): passes the members after it that the
    /// handler does not take, when the object is one whose names it said.
    @inline(__always)
    func passMembersAfterValue() {
        let depth = state.pointee.depth
        guard depth > 0, let names = state.pointee.frames[depth - 1].memberNames else { return }
        passMembers(names, afterValue: true)
    }

    /// Returns whether members were passed (yajl's offset moved).
    @discardableResult
    func passMembers(_ names: UnsafeRawPointer, afterValue: Bool) -> Bool {
        guard isParsingChunk, !isReplaying, !isReadingChain, fastSkipStart < 0, !options.allowsComments,
            pendingFailure == nil,
            !state.pointee.stopRequested, !longToken.isActive, let base = state.pointee.chunkBase
        else { return false }
        let scan = skipScan
        if scan.pointee.headMatches == 0 {
            scan.pointee.headMatches = sift_skip_head_matches(link, handle) != 0 ? 1 : -1
        }
        guard scan.pointee.headMatches > 0 else { return false }
        let text = base + yajlStart
        let wanted = names.assumingMemoryBound(to: sift_member_names.self)
        let depth = state.pointee.depth
        // Names at any depth: a member's container known (from a scan that stopped) to hold one
        // is not scanned again, and a scan of one that stops is remembered for the containers
        // inside it (see jumpOverSkipped), so that nested objects scan each byte a bounded number
        // of times, however deep.
        let anyDepth = wanted.pointee.any_depth != 0
        var knownStop = -1
        if anyDepth, scan.pointee.needleStoppedCount > 0 {
            let inside = depth &+ 1 &- scan.pointee.needleStoppedDepth
            if inside > 0, inside < scan.pointee.needleStoppedCount { knownStop = scan.pointee.needleStopped[inside] }
        }
        let result = sift_skip_members(
            handle, text, parsedCount &- yajlStart, afterValue ? 1 : 0, wanted, state.pointee.maximumDepth &- depth,
            scan.pointee.scratch, scan.pointee.level, knownStop)
        if anyDepth, result.open_count > 0 {
            swap(&scan.pointee.scratch, &scan.pointee.needleStopped)
            scan.pointee.needleStoppedCount = result.open_count
            scan.pointee.needleStoppedDepth = depth &+ 1
        }
        guard result.passed > 0 else { return false }
        diagnostics.membersPassed &+= result.passed
        state.pointee.setKey(text + result.last_key, result.last_key_length)
        state.pointee.lastStringClose = state.pointee.chunkStart &+ yajlStart &+ result.last_string_close
        return true
    }
}

/// Whether tokenizers pass the members a handler does not take, and skip the containers that hold
/// none of the names it looks for at any depth
/// (``JSONEventContext/skipContentsUnlessMember(named:)``); off only for the tests and fuzz
/// checks that compare both ways.
package enum MemberPassing {
    /// Tokenizers made in this task pass no member when false.
    @TaskLocal package static var isEnabled = true
}
