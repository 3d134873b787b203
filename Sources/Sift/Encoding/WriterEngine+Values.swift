extension WriterEngine {
    func write(_ event: JSONEvent) throws(JSONWriterError) {
        switch event {
        case .startObject: try beginContainer(.objectKey)
        case .endObject: try endObject()
        case .startArray: try beginContainer(.array)
        case .endArray: try endArray()
        case .key(let bytes): try key(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), validate: true)
        case .string(let bytes):
            try string(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), validate: true)
        case .number(let bytes):
            try number(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count), validate: true)
        case .bool(let value): try bool(value)
        case .null: try null()
        }
    }

    /// Writes a whole value: only its place is checked (a Swift string is valid UTF-8, a
    /// ``JSONNumber`` is JSON's number text, and nesting has no limit).
    func write(_ value: JSONValue) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        emit(value)
        try finishCall()
    }

    /// An array or object of the value being written, and how many of its children are written.
    private struct ValueFrame {
        var elements: [JSONValue]
        var members: [JSONObject.Member]
        var isObject: Bool
        var index = 0
    }

    /// Writes `root` depth first with an explicit stack of the open containers, so that the
    /// call stack stays flat however deep the value nests.
    private func emit(_ root: JSONValue) {
        var stack: [ValueFrame] = []
        emitOrOpen(root, on: &stack)
        while let top = stack.indices.last {
            if output.failure != nil { return }  // the output is lost: stop early
            var index = stack[top].index
            if stack[top].isObject {
                let members = stack[top].members
                if index == members.count {
                    stack.removeLast()
                    closeContainer(UInt8(ascii: "}"))
                    continue
                }
                stack[top].index = index &+ 1
                withUTF8(of: members[index].key) { bytes in writeKey(bytes) }
                emitOrOpen(members[index].value, on: &stack)
                continue
            }
            // Scalars in a row are written here; a container is opened and walked next.
            let elements = stack[top].elements
            var opened = false
            while index < elements.count && !opened {
                opened = emitOrOpen(elements[index], on: &stack)
                index &+= 1
            }
            if opened {
                stack[top].index = index
            } else {
                stack.removeLast()
                closeContainer(UInt8(ascii: "]"))
            }
        }
    }

    /// Writes a scalar, or opens a container and pushes it on `stack`; returns whether it opened one.
    @inline(__always)
    @discardableResult
    private func emitOrOpen(_ value: JSONValue, on stack: inout [ValueFrame]) -> Bool {
        switch value {
        case .null:
            writeLiteral("null")
        case .bool(let bool):
            writeLiteral(bool ? "true" : "false")
        case .number(let number):
            number.withBytes { bytes in writeNumber(UnsafeRawBufferPointer(start: bytes.base, count: bytes.count)) }
        case .string(let string):
            withUTF8(of: string) { bytes in writeString(bytes) }
        case .array(let elements):
            openContainer(.array)
            stack.append(ValueFrame(elements: elements, members: [], isObject: false))
            return true
        case .object(let object):
            openContainer(.objectKey)
            stack.append(ValueFrame(elements: [], members: object.members, isObject: true))
            return true
        }
        return false
    }

    /// Calls `body` with the UTF-8 bytes of `string`, borrowed (copied only for a string that is
    /// not stored as UTF-8, such as a bridged one).
    @inline(__always)
    private func withUTF8(of string: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        if string.utf8.withContiguousStorageIfAvailable({ buffer in body(UnsafeRawBufferPointer(buffer)) }) == nil {
            var copy = string
            copy.withUTF8 { buffer in body(UnsafeRawBufferPointer(buffer)) }
        }
    }
}
