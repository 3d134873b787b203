internal import CYajl

/// Finds where a JSON value ends in bytes held in memory, checking every byte on the way as
/// yajl would, with the scan that passes skipped containers (`sift_container_scan`, CYajl) and
/// its scalar counterpart: the element boundaries of an array that ``JSONArrayOutputs`` cuts
/// into blocks, never fooled by a bracket or a quote inside a string.
///
/// The scan vouches for what it passes or stops: a value it does not end (an error, a value that
/// may go on past the bytes at hand, nesting deeper than allowed) is left to a tokenizer.
///
/// ```swift
/// let scan = ValueEndScan()
/// Array(#"{"a":"]"} , 2"#.utf8).withUnsafeBufferPointer { scan.end(of: $0, at: 0, room: 10) }  // 9
/// ```
final class ValueEndScan {
    /// The opening brackets of the containers open where a scan stopped (the scan's scratch).
    private let openAt: UnsafeMutablePointer<Int>
    private let level = SkipScanLevel.current

    init() {
        openAt = .allocate(capacity: Int(SIFT_CONTAINER_END_STACK))
    }

    deinit {
        openAt.deallocate()
    }

    /// The index just past the value whose first byte is `bytes[start]`, or nil.
    ///
    /// Nil when the scan does not vouch for the value. At most `room` containers may open inside
    /// a container value.
    func end(of bytes: UnsafeBufferPointer<UInt8>, at start: Int, room: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        let first = bytes[start]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            guard let end = sift_skip_scalar(base + start, base + bytes.count, level) else { return nil }
            return end - base
        }
        let result = sift_container_scan(base, start + 1, bytes.count, room, openAt, level)
        return result.close >= 0 ? result.close + 1 : nil
    }

    /// The index of the first byte at or after `start` that is not JSON whitespace (`bytes.count`
    /// if none).
    func skipSpace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count else { return bytes.count }
        return sift_skip_space(base + start, base + bytes.count) - base
    }
}
