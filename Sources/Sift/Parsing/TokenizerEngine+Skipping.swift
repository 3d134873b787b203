internal import CYajl

/// Skipping a container nobody takes, at yajl's own speed or faster.
///
/// When the handler skips a container (``JSONEventContext/skipContents()``) or its sink leaves
/// one out, nothing inside it is delivered, yet every token still went through a callback for
/// its bookkeeping: the open containers, keys and indices an error's path names, and where the
/// last string ended. In an input held whole (one chunk), the table yajl calls holds CYajl's
/// skipping callbacks instead until the container ends: yajl calls nothing for keys and scalars
/// and does not even decode their escapes, and only counts the containers opened inside. Better
/// still, unless comments are allowed, a scan in C (`sift_container_end`, CYajl) looks for the
/// container's closing bracket first, checking every byte on the way as yajl would, several
/// times faster than yajl lexes; when it finds it, yajl is moved straight onto it. What the scan
/// does not vouch for (an error, the end of the chunk, the depth limit) is left to yajl as above.
/// In a stream, only the scan is used: a container it finds whole in the current chunk is passed
/// the same way; any other is followed token by token, and each container that opens inside it
/// is offered to the scan in turn (see `deliver`).
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

    /// Skips the container the current start event opened with the skipping callbacks: in an
    /// input held whole, always; in a stream, when the scan finds its end in the current chunk
    /// (the bytes are then at hand for as long as the container lasts, and the parse cannot stop
    /// inside it).
    func beginFastSkip() {
        guard !isReplaying, fastSkipStart < 0, let base = state.pointee.chunkBase else { return }
        let canScan = !options.allowsComments && (holdsWholeInput || scanBudget > 0)
        guard holdsWholeInput || canScan else { return }
        fastSkipStart = currentTokenStart(tokenLength: 1)
        fastSkipDepth = state.pointee.depth
        sift_skip_begin(link, state.pointee.maximumDepth - fastSkipDepth)
        // Where the container ends, found by a scan that also checks its bytes: yajl goes
        // straight there, and lexes only the closing bracket.
        let from = yajlOffset
        if canScan && sift_skip_jump(link, handle, base + yajlStart, parsedCount - yajlStart) != 0 {
            diagnostics.containersPassedByScan &+= 1
            scanBudget &-= yajlOffset - from
        } else if !holdsWholeInput {
            sift_skip_cancel(link)
            fastSkipStart = -1
            // The scan may have read to the end of the chunk.
            scanBudget &-= parsedCount - from
        }
    }

    /// The skipped container ends (its end callback runs, the ordinary ones are back): its last
    /// string's end becomes the last one the tokenizer knows.
    func finishFastSkip() {
        let start = fastSkipStart
        fastSkipStart = -1
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
