internal import CYajl

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

    func write(_ value: JSONValue) throws(JSONWriterError) {
        try checkFailure()
        try prepareValue()
        let room = JSONWriterOptions.maximumDepth - depth
        if Self.nesting(of: value, exceeds: room) {
            throw JSONWriterError(
                kind: .depthLimitExceeded,
                message: "the value nests more than \(room) arrays and objects below depth \(depth)")
        }
        openPendingContainer()
        emit(value)
        valueWritten()
        try finishCall()
    }

    /// Writes `value` straight to yajl: its place and depth were checked.
    private func emit(_ value: JSONValue) {
        switch value {
        case .null:
            yajl_gen_null(generator)
        case .bool(let bool):
            yajl_gen_bool(generator, bool ? 1 : 0)
        case .number(let number):
            number.withBytes { bytes in
                _ = yajl_gen_number(
                    generator, UnsafeRawPointer(bytes.base)?.assumingMemoryBound(to: CChar.self), bytes.count)
            }
        case .string(let string):
            emit(string: string)
        case .array(let elements):
            if elements.isEmpty {
                emitEmpty(isArray: true)
                return
            }
            yajl_gen_array_open(generator)
            for element in elements {
                if output.failure != nil { return }
                emit(element)
            }
            yajl_gen_array_close(generator)
        case .object(let object):
            if object.isEmpty {
                emitEmpty(isArray: false)
                return
            }
            yajl_gen_map_open(generator)
            for member in object.members {
                if output.failure != nil { return }
                emit(string: member.key)
                emit(member.value)
            }
            yajl_gen_map_close(generator)
        }
    }

    @inline(__always)
    private func emit(string: String) {
        var string = string
        string.withUTF8 { buffer in
            _ = yajl_gen_string(generator, buffer.baseAddress, buffer.count)
        }
    }

    /// Whether `value` holds more than `limit` levels of nested containers.
    private static func nesting(of value: JSONValue, exceeds limit: Int) -> Bool {
        switch value {
        case .array(let elements):
            if limit == 0 { return true }
            for element in elements where nesting(of: element, exceeds: limit - 1) { return true }
            return false
        case .object(let object):
            if limit == 0 { return true }
            for member in object.members where nesting(of: member.value, exceeds: limit - 1) { return true }
            return false
        default:
            return false
        }
    }
}
