internal import CYajl

/// Finds the element boundaries of an array 64 bytes at a time.
///
/// As simdjson's first stage finds structure, each block is classified (`sift_array_structure_of`,
/// CYajl: AVX2, SSE2 or portable) into quotes, backslashes, brackets and commas; the escaped bytes
/// and then the bytes inside strings follow from the masks alone, and only the brackets and
/// commas outside strings are looked at. A bracket, brace, comma or quote inside a string is
/// never taken for structure.
///
/// The scan checks nothing else: the tokenizers that parse the blocks see every byte (see
/// ``ArrayElementCutter``).
///
/// ```swift
/// var scanner = ArrayStructureScanner()
/// let bytes = Array(#"{"a":"],"},2]"#.utf8)
/// bytes.withUnsafeBufferPointer { scanner.next(in: $0, isLast: true) }  // .comma(at: 11)
/// ```
struct ArrayStructureScanner {
    /// What comes next at the array's own level.
    enum Event: Equatable {
        /// A comma between two elements.
        case comma(at: Int)
        /// The bracket that closes the array.
        case end(at: Int)
        /// Nothing in the bytes given: more are needed.
        case needsMore
    }

    private let level = SkipScanLevel.current
    /// What the blocks carry, the walk in the block being read, and where it is
    /// (`sift_array_scan`).
    private var scanner = sift_array_scanner()

    /// The index of the first byte not classified yet.
    var scanned: Int { scanner.scanned }

    /// The next comma between elements, or the array's end, in `bytes`, scanned from where the
    /// last call stopped; `isLast`: `bytes` end where the input ends (the last bytes, fewer than
    /// 64, are classified only then).
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) -> Event {
        var passed = 0
        return next(in: bytes, isLast: isLast, commasFrom: 0, passed: &passed)
    }

    /// As ``next(in:isLast:)``, but a comma between elements before the index `limit` is only
    /// counted.
    ///
    /// Such commas are added to `passed`: the next one returned is at `limit` or after it (or
    /// the array's end). A cutter looking for a block's end then gets one answer per block, not
    /// one per element.
    mutating func next(
        in bytes: UnsafeBufferPointer<UInt8>, isLast: Bool, commasFrom limit: Int, passed: inout Int
    ) -> Event {
        guard let base = bytes.baseAddress else { return .needsMore }
        var isEnd: Int32 = 0
        var counted = 0
        let index = sift_array_scan(&scanner, base, bytes.count, isLast ? 1 : 0, limit, &counted, &isEnd, level)
        passed &+= counted
        if index < 0 { return .needsMore }
        return isEnd != 0 ? .end(at: index) : .comma(at: index)
    }

    /// The bytes before `count` were dropped: the indices to come are `count` less.
    mutating func dropFirst(_ count: Int) {
        scanner.scanned -= count
        scanner.base -= count
    }
}
