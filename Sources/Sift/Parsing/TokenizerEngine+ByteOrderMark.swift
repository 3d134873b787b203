/// A UTF-8 byte order mark (EF BB BF) at the very start of the input is passed over, as RFC 8259
/// allows: yajl never sees it. Offsets and columns still count its bytes.
///
/// Its bytes may come in separate chunks: they are held back from yajl while they match it. When
/// the input turns out to begin otherwise, yajl would have rejected its first byte (0xEF starts no
/// JSON token): that error is reported, as yajl reports it, whatever the split.
extension TokenizerEngine {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// How many of the chunk's first `count` bytes belong to a byte order mark; `isCut` when the
    /// screen stopped the chunk there (at a byte no byte order mark has).
    func passByteOrderMark(_ base: UnsafePointer<UInt8>, count: Int, isCut: Bool) throws(JSONParseError) -> Int {
        let heldBefore = byteOrderMarkRead
        var index = 0
        while byteOrderMarkRead < 3, index < count, base[index] == Self.byteOrderMark[byteOrderMarkRead] {
            byteOrderMarkRead += 1
            index += 1
        }
        if byteOrderMarkRead == 3 {
            byteOrderMarkRead = -1
            return index
        }
        guard index == count, !isCut else {
            // Not a byte order mark. Bytes held back from earlier chunks: yajl would have stopped
            // at the first one; otherwise yajl parses them as they come.
            byteOrderMarkRead = -1
            if heldBefore > 0 { try failByteOrderMark() }
            return 0
        }
        return index
    }

    /// The error yajl gives for the input's first byte, 0xEF, when it does not begin a byte order
    /// mark.
    func failByteOrderMark() throws(JSONParseError) {
        byteOrderMarkRead = -1
        var failure = makeFailure(
            .invalidSyntax, "invalid char in json text", offset: 0, readPosition: 1, pathAnchor: 0, underlying: nil)
        // The excerpt goes on with the bytes held back before this chunk, then the chunk's.
        let state = state.pointee
        if state.chunkStart > 1 {
            let held = (1..<state.chunkStart).compactMap { state.byte(at: $0) }
            held.withUnsafeBufferPointer { failure.excerpt?.append(contentsOf: $0) }
        }
        if state.chunkBase == nil { failure.excerpt?.close() }
        try fail(recorded: failure)
    }
}
