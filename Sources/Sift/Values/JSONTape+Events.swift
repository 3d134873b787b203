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
        if isText { return try materialized().forEachEvent(from: index, body) }
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
    /// Built straight from the entries: a container's entry counts its children, so each array
    /// is made once at its final size, and no events, builder or key stack are made on the way.
    /// The result is the one a ``JSONValueBuilder`` fed the tape's events builds
    /// (``jsonValueFromEvents(at:)``, which the tests compare it with).
    func jsonValue(at index: Int = 0) -> JSONValue {
        if isText { return index == 0 ? textValue : materialized().jsonValue(at: index) }
        let entry = entries[index]
        guard entry.kind.isContainer else { return scalar(at: index) }
        return containerValue(at: index, depth: 0)
    }

    /// The most containers ``containerValue(at:depth:)`` opens by recursion; a deeper subtree is
    /// built with a stack of its own (``deepContainerValue(at:)``), whatever its depth.
    private static var recursionLimit: Int { 32 }

    /// The container at `index`, `depth` containers below the one ``jsonValue(at:)`` started at.
    private func containerValue(at index: Int, depth: Int) -> JSONValue {
        guard depth < Self.recursionLimit else { return deepContainerValue(at: index) }
        let entries = entries
        let entry = entries[index]
        precondition(!entry.hasLeftOut, "a tape that left members out read as a JSON value")
        let end = Int(entry.next)
        var position = index + 1
        if entry.kind == .array {
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.offset))
            while position < end {
                let child = entries[position]
                elements.append(
                    child.kind.isContainer ? containerValue(at: position, depth: depth + 1) : scalar(at: position))
                position = Int(child.next)
            }
            return .array(elements)
        }
        var members: [JSONObject.Member] = []
        members.reserveCapacity(Int(entry.offset))
        while position < end {
            // A key, then its value.
            let key = string(at: position)
            position += 1
            let child = entries[position]
            let value = child.kind.isContainer ? containerValue(at: position, depth: depth + 1) : scalar(at: position)
            members.append(JSONObject.Member(key: key, value: value))
            position = Int(child.next)
        }
        return .object(JSONObject(members))
    }

    /// The container at `index` built without recursion, with a stack of its open containers.
    private func deepContainerValue(at index: Int) -> JSONValue {
        let entries = entries
        var open = ContiguousArray<TapeValueFrame>()
        open.append(TapeValueFrame(entries[index]))
        var position = index + 1
        while true {
            while position == open[open.count - 1].end {
                let value = open.removeLast().take()
                if open.isEmpty { return value }
                open[open.count - 1].add(value)
            }
            let entry = entries[position]
            switch entry.kind {
            case .object, .array: open.append(TapeValueFrame(entry))
            case .key: open[open.count - 1].key = string(at: position)
            default: open[open.count - 1].add(scalar(at: position))
            }
            position += 1
        }
    }

    /// The value at `index` as a ``JSONValueBuilder`` builds it from the tape's events: what
    /// ``jsonValue(at:)`` must equal.
    func jsonValueFromEvents(at index: Int = 0) -> JSONValue {
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

/// A container of a tape being made a ``JSONValue`` (``JSONTape/jsonValue(at:)``): its children
/// so far, in an array made at the container's final size, and the key of the member whose value
/// comes next.
private struct TapeValueFrame {
    /// The entry just past the container's subtree.
    let end: Int
    let isArray: Bool
    var elements: [JSONValue] = []
    var members: [JSONObject.Member] = []
    var key = ""

    init(_ entry: JSONTape.Entry) {
        precondition(!entry.hasLeftOut, "a tape that left members out read as a JSON value")
        end = Int(entry.next)
        isArray = entry.kind == .array
        // A container's entry counts its children (all of them: nothing was left out).
        if isArray {
            elements.reserveCapacity(Int(entry.offset))
        } else {
            members.reserveCapacity(Int(entry.offset))
        }
    }

    /// Adds a finished child: an element, or the value of the member named by ``key``.
    @inline(__always)
    mutating func add(_ value: consuming JSONValue) {
        if isArray {
            elements.append(value)
        } else {
            members.append(JSONObject.Member(key: key, value: value))
        }
    }

    /// The finished container.
    consuming func take() -> JSONValue {
        isArray ? .array(elements) : .object(JSONObject(members))
    }
}
