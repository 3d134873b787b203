extension WriterEngine {
    // The writes below are checked by their callers: each puts the separator and whitespace its
    // position needs, its text, and moves the structure on.

    /// Opens an array or an object at the current position.
    @inline(__always)
    func openContainer(_ frame: WriterFrame) {
        beginItem()
        output.append(frame == .array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
        state.pointee.push(frame)
    }

    /// Closes the innermost container with `bracket`: an empty one stays on its line.
    @inline(__always)
    func closeContainer(_ bracket: UInt8) {
        let depth = state.pointee.depth &- 1
        if state.pointee.isEmpty {
            // The container around it has a child now: this one.
            state.pointee.isEmpty = false
        } else if isPretty {
            newline(indenting: depth)
        }
        output.append(bracket)
        state.pointee.depth = depth
        valueWritten()
    }

    @inline(__always)
    func writeKey(_ bytes: UnsafeRawBufferPointer) {
        beginItem()
        output.appendString(bytes, escapesSlashes: escapesSlashes)
        state.pointee.frames[state.pointee.depth &- 1] = .objectValue
    }

    @inline(__always)
    func writeString(_ bytes: UnsafeRawBufferPointer) {
        beginItem()
        output.appendString(bytes, escapesSlashes: escapesSlashes)
        valueWritten()
    }

    /// Writes number text as is.
    @inline(__always)
    func writeNumber(_ bytes: UnsafeRawBufferPointer) {
        beginItem()
        if let base = bytes.baseAddress { output.append(base, bytes.count) }
        valueWritten()
    }

    /// Writes `true`, `false` or `null`.
    @inline(__always)
    func writeLiteral(_ text: StaticString) {
        beginItem()
        output.append(text)
        valueWritten()
    }

    /// Puts what comes before a key or a value: nothing at the top level, `:` (pretty `": "`)
    /// after a key, a comma between members and elements, and in pretty output a new line
    /// indented to the depth.
    @inline(__always)
    func beginItem() {
        let depth = state.pointee.depth
        guard depth > 0 else { return }
        if state.pointee.frames[depth &- 1] == .objectValue {
            output.append(UInt8(ascii: ":"))
            if isPretty { output.append(UInt8(ascii: " ")) }
            return
        }
        if state.pointee.isEmpty {
            state.pointee.isEmpty = false
        } else {
            output.append(UInt8(ascii: ","))
        }
        if isPretty { newline(indenting: depth) }
    }

    /// How many bytes ``beginItem()`` writes in compact output: a colon after a key, a comma
    /// after an item, nothing else.
    var compactSeparatorLength: Int {
        let depth = state.pointee.depth
        guard depth > 0 else { return 0 }
        return state.pointee.frames[depth &- 1] == .objectValue || !state.pointee.isEmpty ? 1 : 0
    }

    /// Records that a whole value was written at the current position: a member's value ends
    /// the member; a top-level value completes the output (pretty output ends its line).
    @inline(__always)
    func valueWritten() {
        let last = state.pointee.depth &- 1
        if last < 0 {
            state.pointee.hasValue = true
            if isPretty { output.append(UInt8(ascii: "\n")) }
        } else if state.pointee.frames[last] == .objectValue {
            state.pointee.frames[last] = .objectKey
        }
    }

    /// Starts a new line indented `depth` times.
    func newline(indenting depth: Int) {
        output.append(UInt8(ascii: "\n"))
        guard indentLength > 0 else { return }
        indentBlock.withUnsafeBytes { block in
            // The block is non-empty when the indent is.
            // swift-format-ignore: NeverForceUnwrap
            let base = block.baseAddress!
            var remaining = depth
            while remaining > 0 {
                let levels = min(remaining, Self.indentRepeats)
                output.append(base, levels &* indentLength)
                remaining &-= levels
            }
        }
    }
}
