internal import CYajl

/// Skipping a container nobody takes, at yajl's own speed or faster.
///
/// When the handler skips a container (``JSONEventContext/skipContents()``) or its sink leaves
/// one out, nothing inside it is delivered, yet every token would still go through a callback
/// for its bookkeeping: the open containers, keys and indices an error's path names, and where
/// the last string ended. Unless comments are allowed, a scan in C (`sift_container_scan`,
/// CYajl) looks for the container's closing bracket first, checking every byte on the way as
/// yajl would, several times faster than yajl lexes; when it finds it, yajl is moved straight
/// onto it, and the scan also tells where the container's last string closed. Nothing else is
/// set up: the cost of a small container is its scan. Long strings are classified 64 bytes at a
/// time, by AVX2, SSE2 or portable code (``SkipScanLevel``).
///
/// What the scan does not vouch for (an error, the end of the chunk, the depth limit) is left
/// to yajl. In an input held whole, the table yajl calls then holds CYajl's skipping callbacks
/// until the container ends: yajl calls nothing for keys and scalars and does not even decode
/// their escapes, and only counts the containers opened inside. In a stream (a file, a pipe, a
/// download), the container is followed token by token, and each container that opens inside
/// it is offered to the scan in turn (see `deliver`), but for those the scan that stopped had
/// found open where it stopped: each byte is scanned at most twice, whatever the shape.
///
/// The bookkeeping is needed again in two cases only, and is rebuilt then from the bytes, which
/// are at hand: when the container ends, the end of its last string (found by looking back from
/// its end); when the parse stops inside it (an error, a byte the screen refuses, the depth
/// limit, the end of the input), everything, by parsing the container's bytes again with the
/// ordinary callbacks, delivering nothing, up to the same point. Errors are therefore the same,
/// to the path, as without the skipping callbacks.
extension TokenizerEngine {
    /// Hands an event inside the skipped container to the handler's sink, unless it lies in a
    /// container the sink leaves out.
    @inline(__always)
    func deliver(_ event: JSONEvent, to sink: SkippedContentsSink) {
        let depth = state.pointee.depth
        guard depth < state.pointee.sinkSkipFrom else { return }
        switch event {
        case .startObject: if sink.takeStart(isArray: false) { leaveOut(depth) }
        case .startArray: if sink.takeStart(isArray: true) { leaveOut(depth) }
        case .endObject: sink.takeEnd(isArray: false)
        case .endArray: sink.takeEnd(isArray: true)
        case .key(let bytes): sink.takeKey(bytes)
        case .string(let bytes): sink.takeString(bytes)
        case .number(let bytes): sink.takeNumber(bytes)
        case .bool(let value): sink.takeBool(value)
        case .null: sink.takeNull()
        }
    }

    /// The sink leaves out the container just opened at `depth`: nothing inside it goes to the
    /// sink, and the scan may pass it.
    private func leaveOut(_ depth: Int) {
        state.pointee.sinkSkipFrom = depth
        beginFastSkip()
    }

    /// Skips the container the current start event opened: moves yajl onto its closing bracket
    /// when the scan vouches for its bytes; otherwise, in an input held whole, puts the skipping
    /// callbacks in; otherwise (a stream) leaves it to the ordinary callbacks, which offer each
    /// container opened inside it to the scan in turn.
    func beginFastSkip() {
        guard !isReplaying, !isReadingChain, fastSkipStart < 0, let base = state.pointee.chunkBase else { return }
        if !options.allowsComments, jumpOverSkipped(base) { return }
        guard holdsWholeInput else { return }
        fastSkipStart = currentTokenStart(tokenLength: 1)
        fastSkipDepth = state.pointee.depth
        skipScan.pointee.lastStringClose = SkipScanState.unknown
        sift_skip_begin(link, state.pointee.maximumDepth - fastSkipDepth)
    }

    /// Scans the container the current start event opened and, when the scan finds its end in
    /// the bytes at hand (checking every byte on the way), moves yajl onto its closing bracket.
    ///
    /// In a stream, a scan that stops (the chunk ends inside the container, or the scan leaves
    /// an error to yajl) leaves behind the containers open where it stopped: yajl follows the
    /// container's tokens, and each of those containers, offered in turn, would stop at the same
    /// byte; they are not scanned again. Every byte of a chunk is therefore scanned at most twice
    /// (once by passed containers, once by the scan that stopped), with no budget.
    ///
    /// With `needles` (a `sift_member_names`), only a container none of whose keys, at any depth,
    /// is one of those names is passed. A scan for needles that stops (at a needle, mostly)
    /// leaves the containers open where it stopped in the same way, in any input: each of them
    /// holds that needle, and is not scanned again.
    private func jumpOverSkipped(_ base: UnsafePointer<UInt8>, needles: UnsafeRawPointer? = nil) -> Bool {
        let scan = skipScan
        if scan.pointee.headMatches == 0 {
            scan.pointee.headMatches = sift_skip_head_matches(link, handle) != 0 ? 1 : -1
        }
        guard scan.pointee.headMatches > 0 else { return false }
        let depth = state.pointee.depth
        // The chunk index of the opening bracket, yajl's offset counted from `yajlStart`.
        let open = sift_skip_offset(handle) &- 1
        // A scan for needles stops where a plain one does, or sooner.
        if scan.pointee.stoppedCount > 0 {
            let inside = depth &- scan.pointee.stoppedDepth
            if inside > 0, inside < scan.pointee.stoppedCount, scan.pointee.stopped[inside] == open { return false }
        }
        // A member pass that stopped inside this container (its first entry, at this depth) or
        // a scan for needles that stopped in a container around it already found a needle in it.
        if needles != nil, scan.pointee.needleStoppedCount > 0 {
            let inside = depth &- scan.pointee.needleStoppedDepth
            if inside >= 0, inside < scan.pointee.needleStoppedCount, scan.pointee.needleStopped[inside] == open {
                return false
            }
        }
        let text = base + yajlStart
        let result = sift_skip_jump(
            handle, text, parsedCount &- yajlStart, state.pointee.maximumDepth &- depth, scan.pointee.scratch,
            scan.pointee.level, needles?.assumingMemoryBound(to: sift_member_names.self))
        if result.close >= 0 {
            let start = state.pointee.chunkStart &+ yajlStart
            fastSkipStart = start &+ open
            fastSkipDepth = depth
            scan.pointee.lastStringClose = result.last_string_close >= 0 ? start &+ result.last_string_close : -1
            diagnostics.containersPassedByScan &+= 1
            return true
        }
        if needles != nil {
            if result.open_count > 0 {
                swap(&scan.pointee.scratch, &scan.pointee.needleStopped)
                scan.pointee.needleStoppedCount = result.open_count
                scan.pointee.needleStoppedDepth = depth
            }
        } else if !holdsWholeInput, result.open_count > 0 {
            swap(&scan.pointee.scratch, &scan.pointee.stopped)
            scan.pointee.stoppedCount = result.open_count
            scan.pointee.stoppedDepth = depth
        }
        return false
    }

    /// Skips the container the current start event opened when it holds none of `needles`.
    ///
    /// Skips as ``beginFastSkip()`` does when a scan finds the container's end in the bytes at
    /// hand and no key inside it, at any depth, is one of `needles` (a `sift_member_names`);
    /// returns whether it did. Otherwise nothing changes, and the container is delivered as usual.
    func skipUnlessHasMember(_ needles: UnsafeRawPointer) -> Bool {
        guard passesMembers, !isReplaying, !isReadingChain, fastSkipStart < 0, !options.allowsComments,
            let base = state.pointee.chunkBase,
            jumpOverSkipped(base, needles: needles)
        else { return false }
        state.pointee.skipFrom = state.pointee.depth
        return true
    }

    /// The skipped container ends (its end callback runs, the ordinary ones are back): its last
    /// string's end becomes the last one the tokenizer knows.
    func finishFastSkip() {
        let start = fastSkipStart
        fastSkipStart = -1
        let known = skipScan.pointee.lastStringClose
        if known != SkipScanState.unknown {
            // Found by the scan.
            if known >= 0 { state.pointee.lastStringClose = known }
            return
        }
        guard let base = state.pointee.chunkBase else { return }
        let chunkStart = state.pointee.chunkStart
        // Outside strings, the last unescaped quote before the closing bracket closes the last
        // string in the container, if it has one.
        let end = currentTokenEnd - 1 - chunkStart
        if let quote = state.pointee.lastUnescapedQuote(in: base, from: start + 1 - chunkStart, before: end) {
            state.pointee.lastStringClose = chunkStart + quote
        }
    }

    /// The parse stopped inside the skipped container: rebuilds its bookkeeping by parsing its
    /// bytes again with the ordinary callbacks, delivering nothing, up to the chunk's byte at
    /// `end` (where the parse stopped, or the end of the bytes it was given).
    func replayFastSkip(through end: Int) {
        guard fastSkipStart >= 0, let base = state.pointee.chunkBase else { return }
        let start = fastSkipStart - state.pointee.chunkStart
        fastSkipStart = -1
        sift_skip_cancel(link)
        // The replay opens the container again: forget it, and its count in its parent.
        state.pointee.depth = fastSkipDepth - 1
        if state.pointee.depth > 0 {
            let parent = state.pointee.frames + (state.pointee.depth - 1)
            if parent.pointee.isArray { parent.pointee.index -= 1 }
        }
        let replay = makeHandle()
        replayHandle = replay
        replayBase = start
        isReplaying = true
        _ = yajl_parse(replay, base + start, max(end - start, 0))
        isReplaying = false
        replayHandle = nil
        replayBase = 0
        yajl_free(replay)
    }

    /// A container inside the skipped one goes past the depth limit: the replay meets the limit
    /// at the same token and stores the error, with its path.
    func depthExceededWhileSkipping() -> Int32 {
        replayFastSkip(through: state.pointee.chunkBase == nil ? 0 : yajlOffset)
        // The replay ends at the same token; should it not, the error is still reported.
        if pendingFailure == nil { _ = depthExceeded() }
        return 0
    }
}

/// What the scan of skipped containers keeps between them, behind a pointer (read on every
/// skip: a class's stored `var` would cost a dynamic exclusivity check on each access).
struct SkipScanState {
    /// ``lastStringClose`` when only a look back over the container's bytes can tell.
    static let unknown = -2

    /// Which code classifies the blocks of long strings (`SIFT_SKIP_PORTABLE`, `SIFT_SKIP_SSE2`,
    /// `SIFT_SKIP_AVX2`).
    var level: Int32
    /// Whether yajl's handle is laid out as CYajl expects (`sift_skip_head_matches`): 0 not yet
    /// known, 1 yes, -1 no (yajl then parses every skipped container itself).
    var headMatches: Int8 = 0
    /// The opening brackets of the containers open where a scan stopped, outermost first, as
    /// chunk indices from `yajlStart`: the scan writes into `scratch`; a scan that stops in a
    /// stream keeps them in `stopped`, `stoppedCount` of them, the first at depth `stoppedDepth`.
    var scratch: UnsafeMutablePointer<Int>
    var stopped: UnsafeMutablePointer<Int>
    var stoppedCount = 0
    var stoppedDepth = 0
    /// As `stopped`, for the last scan for needles that stopped (a container's, or a member
    /// pass's, whose first entry is then the member container it stopped in), in any input.
    var needleStopped: UnsafeMutablePointer<Int>
    var needleStoppedCount = 0
    var needleStoppedDepth = 0
    /// The absolute offset of the closing quote of the skipped container's last string, -1 if it
    /// has none, ``unknown`` if the scan did not pass it.
    var lastStringClose = -1
    /// The tokens a member chain's scan hands over (see `TokenizerEngine+Chains`), at most
    /// ``chainCapacity``.
    var chainTokens: UnsafeMutablePointer<sift_chain_token>
    static let chainCapacity = 256

    init(level: Int32) {
        self.level = level
        scratch = .allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
        stopped = .allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
        needleStopped = .allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
        chainTokens = .allocate(capacity: Self.chainCapacity)
    }

    func deallocate() {
        scratch.deallocate()
        stopped.deallocate()
        needleStopped.deallocate()
        chainTokens.deallocate()
    }
}

/// Which code the scan of skipped containers classifies long strings with, for the tests and
/// fuzz checks that run every one.
package enum SkipScanLevel {
    /// Every level this processor runs, portable first.
    package static var available: [Int32] {
        [Int32(SIFT_SKIP_PORTABLE), Int32(SIFT_SKIP_SSE2), Int32(SIFT_SKIP_AVX2)].filter {
            $0 <= sift_skip_best_level()
        }
    }

    /// The level of the tokenizers made in this task, if forced; otherwise the best the
    /// processor runs, or the one the environment variable `SIFT_SKIP_LEVEL` names (`portable`,
    /// `sse2`, `avx2`).
    @TaskLocal package static var forced: Int32?

    static var current: Int32 { forced ?? sift_skip_default_level() }
}
