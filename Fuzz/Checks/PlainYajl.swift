import CYajl

/// yajl itself, with no callbacks and its default configuration: whether it accepts a document.
enum PlainYajl {
    static func accepts(_ bytes: some Collection<UInt8>) -> Bool {
        guard let handle = yajl_alloc(nil, nil, nil) else { return false }
        defer { yajl_free(handle) }
        let bytes = Array(bytes)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { yajl_parse(handle, $0, buffer.count) } ?? yajl_status_ok
        }
        return status == yajl_status_ok && yajl_complete_parse(handle) == yajl_status_ok
    }
}
