extension PathMatcherEngine {
    /// Starts capturing the container just opened for the targets of `captures[capture]` (the
    /// last capture, made for it by its accepts).
    ///
    /// Containers nested in one that is being built as a ``JSONValue`` are not built again: they
    /// are taken from that builder when they close (``MatcherCapture/nested``), so a chain of
    /// nested matches (`$..*`) costs one builder, fed once per event.
    ///
    /// `entersContainer`: whether a state goes into the container (then it is not skipped).
    mutating func beginCapture(_ capture: Int, event: JSONEvent, context: JSONEventContext, entersContainer: Bool) {
        // A tape is filled while the tokenizer skips the value, past the matcher's depth check:
        // only where the tokenizer refuses what no value may hold does it take one.
        if wantsTapes && context.engine.options.maximumDepth <= JSONValue.maximumDepth
            && captures[capture].targets.allSatisfy(isTapeTarget)
        {
            let recorder = spareRecorder.take() ?? TapeRecorder()
            recorder.builder.textIsValidUTF8 = context.engine.options.validatesUTF8
            if capture == 0 && !entersContainer && context.engine.options.validatesUTF8
                && !context.engine.options.allowsComments && captures[0].targets.allSatisfy(isTextTarget)
            {
                // The only capture, taken as its text: the tokenizer passes the container as a
                // skipped one (`skip`) and keeps its bytes.
                context.beginRetainingInput()
                captures[0].isText = true
                captures[0].textDepth = 1
                captures[0].tape = recorder
                return
            }
            if captures.count == 1 && captures[0].targets.count == 1 {
                // The only capture, for one destination: only what its type reads.
                let profile = profile(for: captures[0].targets[0].accept)
                if !profile.isDisabled {
                    recorder.builder.begin(with: profile)
                    if profile.isSelective {
                        context.beginRetainingInput()
                        captures[0].retainsInput = true
                    }
                }
            }
            _ = recorder.record(event)
            captures[capture].tape = recorder
        } else if let host = captures[..<capture].lastIndex(where: { $0.builder != nil }) {
            // The host's builder has this event already: its depth is this container's.
            let targets = captures.removeLast().targets
            // The host was found by its builder.
            // swift-format-ignore: NeverForceUnwrap
            let depth = captures[host].builder!.depth
            captures[host].nested.append(MatcherNestedCapture(depth: depth, targets: targets))
        } else {
            var builder = spareBuilder.take() ?? JSONValueBuilder()
            builder.textIsValidUTF8 = context.engine.options.validatesUTF8
            _ = builder.consume(event)
            captures[capture].builder = builder
        }
    }

    /// Feeds an event to every open capture, and delivers the value it completes, if any.
    ///
    /// Throws ``JSONValueDepthError`` when a capture would nest deeper than
    /// ``JSONValue/maximumDepth``.
    mutating func feedCaptures(_ event: JSONEvent, context: JSONEventContext) throws {
        let last = captures.count - 1
        for index in 0..<last {
            _ = captures[index].consume(event)
            if !captures[index].nested.isEmpty { try completeNested(index, event: event, context: context) }
        }
        captureLeavesOut = false
        let progress = captures[last].consume(event)
        switch event {
        case .startObject, .startArray: try checkDepth()
        default: break
        }
        switch progress {
        case .more:
            if !captures[last].nested.isEmpty { try completeNested(last, event: event, context: context) }
            return
        case .leavingOut:
            // A member the decoded type does not read: if no path enters it either, the tokenizer
            // need not deliver what is inside.
            captureLeavesOut = last == 0
            return
        case .complete:
            break
        }
        var capture = captures.removeLast()
        for index in capture.targets.indices where capture.targets[index].info.start >= 0 {
            // Located on demand while this, the container's end, is the current event.
            capture.targets[index].info.pending = PendingPlace(context: context)
        }
        if let recorder = capture.tape {
            // Decoding a deeper value with a recursive `Decodable` could overflow the stack.
            guard recorder.builder.deepest <= JSONValue.maximumDepth else { throw JSONValueDepthError() }
            do {
                if capture.isText {
                    recorder.builder.recordText(context.retainedInput())
                    context.endRetainingInput()
                }
                var tape = recorder.builder.tape
                if capture.retainsInput {
                    if recorder.builder.hasLeftOut, let selection = tape.selection {
                        let source = tapeSource ?? TapeSource(options: context.engine.options)
                        tapeSource = source
                        source.bytes = context.retainedInput()
                        counted.leftOutCaptures += 1
                        tape.selection = TapeSelection(
                            profile: selection.profile, generation: selection.generation, source: source)
                    }
                    context.endRetainingInput()
                }
                defer { tapeSource?.bytes = nil }
                for target in capture.targets {
                    delivered = true
                    try withReceiver {
                        try $0.receiveTape(
                            tape, accept: paths.accepts[Int(target.accept)], scope: Int(target.scope), info: target.info
                        )
                    }
                }
            }
            recorder.builder.reset()
            spareRecorder = recorder
        } else if let value = capture.value {
            // The builder is empty again: the next capture reuses its stacks and recent keys.
            if capture.builder?.isReusable == true { spareBuilder = capture.builder.take() }
            for target in capture.targets { try deliver(.value(value), to: target) }
        }
    }

    /// Delivers the nested capture of `captures[host]` that `event` completed, if it did.
    private mutating func completeNested(_ host: Int, event: JSONEvent, context: JSONEventContext) throws {
        switch event {
        case .endObject, .endArray: break
        default: return
        }
        // Only captures with a builder have nested captures.
        // swift-format-ignore: NeverForceUnwrap
        guard let nested = captures[host].nested.last, captures[host].builder!.depth == nested.depth - 1 else {
            return
        }
        captures[host].nested.removeLast()
        // swift-format-ignore: NeverForceUnwrap
        let value = captures[host].builder!.latestChild
        for var target in nested.targets {
            // Located on demand while this, the container's end, is the current event.
            if target.info.start >= 0 { target.info.pending = PendingPlace(context: context) }
            try deliver(.value(value), to: target)
        }
    }

    /// Refuses a container that makes a ``JSONValue`` capture nest deeper than
    /// ``JSONValue/maximumDepth``, before it is built.
    private func checkDepth() throws {
        for capture in captures {
            if let builder = capture.builder, builder.depth > JSONValue.maximumDepth { throw JSONValueDepthError() }
        }
    }

    /// Whether a container captured for `target` may be its text (see ``MatchCapture/text``).
    func isTextTarget(_ target: MatcherCaptureTarget) -> Bool {
        guard case .match(let capture) = paths.accepts[Int(target.accept)].kind else { return false }
        return capture.contains(.text)
    }

    /// Whether a captured container goes to `target` as a ``JSONTape``: a Codable destination
    /// delivered at once, with no block to run on a ``JSONValue``.
    func isTapeTarget(_ target: MatcherCaptureTarget) -> Bool {
        let accept = paths.accepts[Int(target.accept)]
        guard case .match(let capture) = accept.kind, capture.contains(.tapes) else { return false }
        return !accept.hasTail && accept.orderGroup < 0 && target.candidate < 0
    }
}

struct MatcherCaptureTarget {
    var accept: Int32
    var scope: Int32
    var key: [Int]?
    var info: MatchInfo
    /// The streamed filter candidate the match is inside (see ``FilterCandidates``), or -1.
    var candidate: Int32 = -1
}

/// A container being captured for its targets: as a ``JSONValue`` or, for Codable destinations
/// that take one, as a ``JSONTape``.
struct MatcherCapture {
    var targets: [MatcherCaptureTarget]
    var builder: JSONValueBuilder?
    var tape: TapeRecorder?
    /// The tokenizer keeps this value's raw text (a tape that may leave members out).
    var retainsInput = false
    /// Whether the container is captured as its text (``MatchCapture/text``), in ``tape``.
    var isText = false
    /// For a text capture, the containers open in it, its own included (the tokenizer skips its
    /// contents, so the next event is its end).
    var textDepth = 0
    /// The finished value of ``builder``.
    var value: JSONValue?
    /// Containers inside this one captured for targets of their own, taken from ``builder`` when
    /// they close; innermost last.
    var nested: [MatcherNestedCapture] = []

    init(targets: [MatcherCaptureTarget]) {
        self.targets = targets
    }

    /// Adds one event; says whether the captured value is complete.
    @inline(__always)
    mutating func consume(_ event: JSONEvent) -> JSONTapeBuilder.Progress {
        if isText {
            switch event {
            case .startObject, .startArray: textDepth &+= 1
            case .endObject, .endArray: textDepth &-= 1
            default: break
            }
            return textDepth == 0 ? .complete : .more
        }
        if let tape { return tape.record(event) }
        // One of the two builders is always set once the capture starts.
        // swift-format-ignore: NeverForceUnwrap
        value = builder!.consume(event)
        return value == nil ? .more : .complete
    }
}

/// A container captured inside another one's ``JSONValueBuilder``: its targets, and the
/// builder's depth while it is open.
struct MatcherNestedCapture {
    var depth: Int
    var targets: [MatcherCaptureTarget]
}
