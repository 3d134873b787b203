internal import CYajl

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A string, key or number that runs past the chunk it starts in, followed by the tokenizer
/// instead of yajl (see `CYajl/long_token.h` and `TokenizerEngine+LongTokens.swift`): how far
/// yajl has it, where the bytes read since leave it, and those bytes when someone wants the value.
struct LongToken {
    /// Whether a token is being followed.
    var isActive = false
    /// A string or key; otherwise a number.
    var isString = false
    /// yajl's lexer state at the end of the part of the token it holds (the first chunk's).
    var heldState: Int32 = 0
    /// The lexer state where the bytes read so far leave the token.
    var state: Int32 = 0
    /// Whether the bytes are kept: someone wants the value.
    var keepsBytes = false
    /// How many bytes of the token have been read.
    var length = 0
    /// yajl is lexing the end of the token: the next string, key or number it reports is this
    /// token, whose value is ``takeValue()``.
    var isCompleting = false
    /// The absolute offset of the token's first byte.
    var start = 0
    /// ``start`` while yajl parses the chunk where the token ends, -1 otherwise.
    var resumedStart = -1
    /// The chunk index just past the token, in the chunk where it ends, -1 otherwise.
    var resumedEnd = -1

    /// The token's bytes from its first one (kept only with ``keepsBytes``).
    private var bytes: UnsafeMutablePointer<UInt8>?
    private var count = 0
    private var capacity = 0

    /// Storage kept for the next long token; more is given back once the token is delivered.
    private static let retainedCapacity = 1 << 20

    /// Starts following a token whose first `count` bytes are at `base`.
    mutating func begin(
        at start: Int, isString: Bool, state: Int32, keepsBytes: Bool, base: UnsafePointer<UInt8>, count: Int
    ) {
        isActive = true
        self.start = start
        self.isString = isString
        heldState = state
        self.state = state
        self.keepsBytes = keepsBytes
        length = 0
        self.count = 0
        isCompleting = false
        read(base, count: count)
    }

    /// Reads `count` more bytes of the token.
    mutating func read(_ base: UnsafePointer<UInt8>, count: Int) {
        length += count
        guard keepsBytes, count > 0 else { return }
        (reserve(self.count + count) + self.count).update(from: base, count: count)
        self.count += count
    }

    /// The storage, grown to hold at least `needed` bytes.
    private mutating func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        if let bytes, needed <= capacity { return bytes }
        var grown = max(capacity * 2, 4096)
        while grown < needed { grown *= 2 }
        // realloc moves a large block by remapping its pages, without copying them.
        guard let moved = realloc(bytes, grown) else { fatalError("out of memory for a long token") }
        let storage = moved.assumingMemoryBound(to: UInt8.self)
        bytes = storage
        capacity = grown
        return storage
    }

    /// A copy of `count` bytes at `source` in the storage, while no token is followed (for a
    /// string decoded again): valid until the next token begins.
    mutating func scratchCopy(of source: UnsafePointer<UInt8>, count: Int) -> UnsafeMutablePointer<UInt8> {
        let storage = reserve(count)
        storage.update(from: source, count: count)
        return storage
    }

    /// The token's value, once yajl has reported it: a string's body decoded (nil when the bytes
    /// were not kept), or a number's text; and the token's length in the input.
    ///
    /// Valid until the next token begins.
    mutating func takeValue() -> (text: UnsafePointer<UInt8>?, count: Int, tokenLength: Int) {
        isCompleting = false
        guard keepsBytes, let bytes else { return (nil, 0, length) }
        guard isString else { return (UnsafePointer(bytes), count, length) }
        // The quotes are read too: the body is between them.
        let body = max(count - 2, 0)
        return (UnsafePointer(bytes + 1), sift_decode_string(bytes + 1, body), length)
    }

    /// Ends the token (delivered, or ended by an error): large storage is given back.
    mutating func end() {
        isActive = false
        isCompleting = false
        count = 0
        if capacity > Self.retainedCapacity {
            free(bytes)
            bytes = nil
            capacity = 0
        }
    }

    func deallocate() {
        free(bytes)
    }
}
