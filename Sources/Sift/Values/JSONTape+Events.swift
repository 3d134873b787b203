extension JSONTape {
    /// Calls `body` with the events of the value at `index` (the whole captured value by
    /// default), in document order, as a tokenizer would deliver them.
    ///
    /// A loop over the flat entries with a stack of container ends: no recursion, whatever the
    /// value's depth. The events borrow the tape's bytes, valid during the call.
    ///
    /// ```swift
    /// try tape.forEachEvent { event in try writer.write(event) }
    /// ```
    func forEachEvent(from index: Int = 0, _ body: (JSONEvent) throws -> Void) rethrows {
        let entries = entries
        // The index past each open container, with whether it is an array; innermost last.
        var open = ContiguousArray<(end: Int, isArray: Bool)>()
        let end = Int(entries[index].next)
        var position = index
        while true {
            while let last = open.last, last.end == position {
                open.removeLast()
                try body(last.isArray ? .endArray : .endObject)
            }
            guard position < end else { return }
            let entry = entries[position]
            switch entry.kind {
            case .object:
                try body(.startObject)
                open.append((Int(entry.next), false))
            case .array:
                try body(.startArray)
                open.append((Int(entry.next), true))
            case .key: try body(.key(bytes(at: position)))
            case .string: try body(.string(bytes(at: position)))
            case .number: try body(.number(bytes(at: position)))
            case .true: try body(.bool(true))
            case .false: try body(.bool(false))
            case .null: try body(.null)
            }
            position += 1
        }
    }

    /// The value at `index` as a ``JSONValue`` tree; only for a tape that left nothing out.
    ///
    /// Built by a ``JSONValueBuilder`` from the tape's events, without recursion: the tape must
    /// not nest deeper than ``JSONValue/maximumDepth`` (the matcher refuses deeper captures).
    func jsonValue(at index: Int = 0) -> JSONValue {
        let subtree = entries[index..<Int(entries[index].next)]
        precondition(
            !subtree.contains { $0.kind == .object && $0.hasLeftOut },
            "a tape that left members out read as a JSON value")
        var builder = JSONValueBuilder()
        builder.textIsValidUTF8 = textIsValidUTF8
        var result = JSONValue.null
        forEachEvent(from: index) { event in
            if let value = builder.consume(event) { result = value }
        }
        return result
    }

    /// The bytes of the key, string or number at `index` as an event's payload.
    @inline(__always)
    private func bytes(at index: Int) -> JSONBytes {
        let entry = storage.entries[index]
        return JSONBytes(base: storage.bytes + Int(entry.offset), count: Int(entry.length))
    }
}
