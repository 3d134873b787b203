extension WriterEngine {
    /// Writes the value a tape captured, without the tree.
    ///
    /// The bytes are those ``write(_:)-(JSONValue)`` writes for `tape.jsonValue()`. Only the
    /// value's place is checked: the tokenizer that filled the tape checked its strings and
    /// numbers. Text the tokenizer did not check for UTF-8 goes through the tree, whose strings
    /// mend it as a value's do.
    ///
    /// A tape that holds a container's text (``JSONTape/isText``) is copied, rewritten where the
    /// writer would write it otherwise (``writeCompactText(_:)``); pretty output, and text too
    /// long for a block, go through the events of its text, read again as they are written.
    func write(_ tape: JSONTape) throws(JSONWriterError) {
        guard tape.textIsValidUTF8 else { return try write(tape.jsonValue()) }
        try checkFailure()
        try prepareValue()
        if tape.isText {
            if isPretty || !writeCompactText(tape) { tape.forEachEventOfText { layOut($0) } }
        } else if isPretty {
            tape.forEachEvent { layOut($0) }
        } else {
            beginItem()
            writeCompact(tape)
            valueWritten()
        }
        try finishCall()
    }

    /// Writes a container's text compact straight into the output's block; false, with nothing
    /// written, when the block cannot hold its worst case or the text has what only its events
    /// write right (see ``WriterOutput/writeCompactText(_:_:to:escapesSlashes:)``).
    private func writeCompactText(_ tape: JSONTape) -> Bool {
        let count = tape.storage.byteCount
        let capacity = WriterOutput.capacity
        // The text, and a comma or colon before it.
        let need = WriterOutput.worstCaseCompactTextLength(count, escapesSlashes: escapesSlashes) &+ 1
        guard need <= capacity else { return false }
        if need > capacity &- output.staged { output.drain() }
        let separator = compactSeparatorLength
        guard
            let end = WriterOutput.writeCompactText(
                tape.storage.bytes, count, to: output.staging + output.staged + separator,
                escapesSlashes: escapesSlashes)
        else { return false }
        beginItem()
        output.staged = end - output.staging
        valueWritten()
        return true
    }

    /// Writes one event of a captured value through the layout (the value is well formed).
    private func layOut(_ event: JSONEvent) {
        switch event {
        case .startObject: openContainer(.objectKey)
        case .startArray: openContainer(.array)
        case .endObject: closeContainer(UInt8(ascii: "}"))
        case .endArray: closeContainer(UInt8(ascii: "]"))
        case .key(let bytes): writeKey(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count))
        case .string(let bytes): writeString(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count))
        case .number(let bytes): writeNumber(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count))
        case .bool(let value): writeLiteral(value ? "true" : "false")
        case .null: writeLiteral("null")
        }
    }

    /// Writes the tape's value as compact text, straight from its entries into the output's block.
    ///
    /// Compact output has no layout beyond a comma between items and a colon after a key, and a
    /// tape is well formed, so the walk keeps only its open containers and whether the next item
    /// follows another, and checks the room left once per entry, for the entry's worst case. A
    /// string or number longer than a block goes through the output's appends.
    private func writeCompact(_ tape: JSONTape) {
        let entries = tape.storage.entries
        let text = UnsafeRawPointer(tape.storage.bytes)
        let output = output
        let escapesSlashes = escapesSlashes
        let capacity = WriterOutput.capacity
        let staging = output.staging
        // The entries of the open containers, innermost last (kept from one call to the next).
        var open = tapeContainers
        tapeContainers = []
        defer {
            open.removeAll(keepingCapacity: true)
            tapeContainers = open
        }
        var out = staging + output.staged
        /// Hands the block to the sink; returns where writing starts again.
        func drained(_ out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
            output.staged = out - staging
            output.drain()
            return staging
        }
        let end = Int(entries[0].next)
        var position = 0
        var followsItem = false
        while true {
            while let last = open.last, Int(entries[Int(last)].next) == position {
                open.removeLast()
                if out - staging == capacity { out = drained(out) }
                out.storeBytes(
                    of: entries[Int(last)].kind == .array ? UInt8(ascii: "]") : UInt8(ascii: "}"), as: UInt8.self)
                out += 1
                followsItem = true
            }
            guard position < end else { break }
            let entry = entries[position]
            let kind = entry.kind
            let length = Int(entry.length)
            let isText = kind == .key || kind == .string
            // The comma, the text and the colon after a key.
            let need = isText ? WriterOutput.worstCaseStringLength(length) &+ 2 : kind == .number ? length &+ 1 : 6
            if need > capacity &- (out - staging) {
                out = drained(out)
                if need > capacity {
                    if followsItem { output.append(UInt8(ascii: ",")) }
                    let bytes = UnsafeRawBufferPointer(start: text + Int(entry.offset), count: length)
                    if isText {
                        output.appendString(bytes, escapesSlashes: escapesSlashes)
                        if kind == .key { output.append(UInt8(ascii: ":")) }
                    } else {
                        output.append(text + Int(entry.offset), length)
                    }
                    out = staging + output.staged
                    followsItem = kind != .key
                    position &+= 1
                    continue
                }
            }
            if followsItem {
                out.storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
                out += 1
            }
            followsItem = true
            switch kind {
            case .object, .array:
                out.storeBytes(of: kind == .array ? UInt8(ascii: "[") : UInt8(ascii: "{"), as: UInt8.self)
                out += 1
                open.append(UInt32(position))
                followsItem = false
            case .key, .string:
                out = WriterOutput.writeString(
                    text + Int(entry.offset), length, to: out, escapesSlashes: escapesSlashes)
                if kind == .key {
                    out.storeBytes(of: UInt8(ascii: ":"), as: UInt8.self)
                    out += 1
                    followsItem = false
                }
            case .number:
                out.copyMemory(from: text + Int(entry.offset), byteCount: length)
                out += length
            case .true: out = Self.put("true", at: out)
            case .false: out = Self.put("false", at: out)
            case .null: out = Self.put("null", at: out)
            }
            position &+= 1
        }
        output.staged = out - staging
    }

    /// Writes a literal at `out`; returns the byte after it.
    @inline(__always)
    private static func put(_ literal: StaticString, at out: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
        out.copyMemory(from: literal.utf8Start, byteCount: literal.utf8CodeUnitCount)
        return out + literal.utf8CodeUnitCount
    }
}
