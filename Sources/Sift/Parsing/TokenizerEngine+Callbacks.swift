internal import CYajl

/// yajl's callbacks: each finds the engine from yajl's context pointer, keeps the tokenizer's
/// state (depth, keys, where the last string closed) and delivers the event to the handler.
extension TokenizerEngine {
    /// After a value's event (`delivered` says whether the parse goes on): notes a top-level
    /// value's end, or passes the members after it that the handler does not take.
    @inline(__always)
    func endMemberValue(_ delivered: Bool) -> Bool {
        state.pointee.endValue { currentTokenEnd }
        if delivered, state.pointee.depth > 0 { passMembersAfterValue() }
        return delivered
    }

    static func makeCallbacks() -> yajl_callbacks {
        var table = yajl_callbacks()
        table.yajl_null = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                return engine.endMemberValue(engine.deliver(.null, tokenLength: 4))
            }
        }
        table.yajl_boolean = { context, value in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                return engine.endMemberValue(engine.deliver(.bool(value != 0), tokenLength: value != 0 ? 4 : 5))
            }
        }
        table.yajl_number = { context, text, length in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                let tokenLength = engine.reportedNumberLength(length)
                let (text, length) = engine.reportedValue(
                    UnsafeRawPointer(text).map { $0.assumingMemoryBound(to: UInt8.self) }, length, isString: false)
                return engine.endMemberValue(
                    engine.deliver(.number(JSONBytes(base: text, count: length)), tokenLength: tokenLength))
            }
        }
        table.yajl_string = { context, text, length in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                let (text, length) = engine.reportedValue(text, length, isString: true)
                engine.state.pointee.noteStringClose(text, length) { engine.currentTokenEnd }
                return engine.endMemberValue(
                    engine.deliver(.string(JSONBytes(base: text, count: length)), tokenLength: -1))
            }
        }
        table.yajl_start_map = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                guard engine.state.pointee.push(isArray: false) else { return engine.depthExceeded() }
                defer { engine.movedTokenEnd = -1 }
                let delivered = engine.deliver(.startObject, tokenLength: 1)
                guard engine.pendingChain != nil else { return delivered }
                return engine.readPendingChain(delivered)
            }
        }
        table.yajl_map_key = { context, text, length in
            engine(context) { engine in
                let (text, length) = engine.reportedValue(text, length, isString: true)
                engine.state.pointee.setKey(text, length)
                engine.state.pointee.memberValuePending = true
                engine.state.pointee.noteStringClose(text, length) { engine.currentTokenEnd }
                return engine.deliver(.key(JSONBytes(base: text, count: length)), tokenLength: -1)
            }
        }
        table.yajl_end_map = { context in
            engine(context) { engine in
                if engine.fastSkipStart >= 0 { engine.finishFastSkip() }
                engine.state.pointee.pop()
                return engine.endMemberValue(engine.deliver(.endObject, tokenLength: 1))
            }
        }
        table.yajl_start_array = { context in
            engine(context) { engine in
                engine.state.pointee.beginValue()
                guard engine.state.pointee.push(isArray: true) else { return engine.depthExceeded() }
                return engine.deliver(.startArray, tokenLength: 1)
            }
        }
        table.yajl_end_array = { context in
            engine(context) { engine in
                if engine.fastSkipStart >= 0 { engine.finishFastSkip() }
                engine.state.pointee.pop()
                return engine.endMemberValue(engine.deliver(.endArray, tokenLength: 1))
            }
        }
        return table
    }
}

/// Recovers the engine from yajl's context pointer (its link) without retaining it.
@inline(__always)
private func engine(_ context: UnsafeMutableRawPointer?, _ body: (TokenizerEngine) -> Bool) -> Int32 {
    let link = context.unsafelyUnwrapped.assumingMemoryBound(to: sift_skip.self)
    return Unmanaged<TokenizerEngine>.fromOpaque(link.pointee.engine.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
        engine in
        engine.state.pointee.eventCount &+= 1
        return body(engine)
    } ? 1 : 0
}
