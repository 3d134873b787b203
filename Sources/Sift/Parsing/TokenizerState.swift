/// The per-token state of a tokenizer: the open containers (for depth and paths), where the
/// input stands (for offsets, lines and columns), and the little that must be remembered of
/// earlier chunks so that positions never depend on how the input was split.
///
/// It lives behind one pointer owned by ``TokenizerEngine`` so that the callbacks touch plain
/// memory, with no exclusivity checks and no reference counting per token.
@usableFromInline
struct TokenizerState {
    struct Frame {
        var isArray: Bool
        /// The index of the current element (arrays), -1 before the first.
        var index: Int
        /// The current key (objects): borrowed from the chunk being parsed, or copied into the
        /// key arena at `keyStart` when it did not lie in the chunk (escaped keys, keys split
        /// across chunks) and when the chunk ends.
        var keyPointer: UnsafePointer<UInt8>?
        var keyStart: Int
        var keyCount: Int
        var hasKey: Bool
        var keyInArena: Bool
        /// Objects: the only member names the handler takes, if it said (nil: all of them).
        ///
        /// The tokenizer may pass every other member unseen
        /// (``JSONEventContext/takeOnlyMembers(named:)``).
        var memberNames: UnsafeRawPointer? = nil
        /// Arrays: the handler takes nothing from a scalar element
        /// (``JSONEventContext/takeNoScalarElements()``), so a long one need not be kept.
        var skipsScalarElements = false
    }

    /// How many bytes before the current chunk are kept (for excerpts and token starts).
    static let historyCapacity = 128

    var frames: UnsafeMutablePointer<Frame>
    var frameCapacity: Int
    var depth = 0
    var maximumDepth: Int

    var keyArena: UnsafeMutablePointer<UInt8>
    var keyArenaCapacity: Int
    var keyArenaCount = 0
    /// The lowest level whose key may still point into the current chunk (`Int.max`: none), so
    /// that ``preserveKeys()`` looks only at the levels a chunk changed, not at every open one.
    var unpreservedLevel = Int.max
    /// The arena's size when ``preserveKeys()`` last measured the open keys for compaction.
    var keyArenaCountMeasured = 0

    /// The chunk being parsed, for locating tokens while a callback runs.
    var chunkBase: UnsafePointer<UInt8>?
    /// One past the last byte of the chunk being parsed.
    var chunkEndPointer: UnsafePointer<UInt8>?
    var chunkCount = 0
    /// The absolute offset of the chunk's first byte.
    var chunkStart = 0

    /// 1-based line of the chunk's first byte.
    var lineAtChunkStart = 1
    /// Absolute offset of the first byte of the line holding the chunk's first byte.
    var lineStartAtChunkStart = 0
    /// The previous chunk ended with CR, so a leading LF does not start another line.
    var pendingCR = false
    /// Whether the chunk being parsed holds a carriage return (lines are then counted byte by
    /// byte); true until a chunk's scan says otherwise.
    var chunkHasCarriageReturn = true
    /// The last position located in the current chunk (see `location(of:)`), kept behind a
    /// pointer so that locating stays a read-only question.
    let lineCursor: UnsafeMutablePointer<LineCursor?> = {
        let pointer = UnsafeMutablePointer<LineCursor?>.allocate(capacity: 1)
        pointer.initialize(to: nil)
        return pointer
    }()

    /// The last bytes before the chunk (at most ``historyCapacity``), oldest first.
    var history: UnsafeMutablePointer<UInt8>
    var historyCount = 0

    /// Absolute offset of the last unescaped `"` before the chunk (outside comments), or -1.
    var lastQuote = -1
    /// The number of consecutive backslashes that end the input before the chunk.
    var trailingBackslashes = 0
    /// Absolute offset of the closing quote of the last string or key delivered, or -1.
    var lastStringClose = -1

    /// A key was reported and its value has not begun: the next string is a value, not a key.
    var memberValuePending = false
    /// The handler passed over the value of the key just reported
    /// (``JSONEventContext/skipValue()``).
    var skipsNextValue = false

    /// Top-level values completed so far.
    var valuesCompleted = 0
    /// Absolute offset just past the last top-level value completed, or -1.
    var lastValueEnd = -1
    /// Callbacks received so far, and before the current chunk.
    var eventCount = 0
    var eventCountAtChunkStart = 0

    /// A handler asked to stop after the current event.
    @usableFromInline var stopRequested = false
    /// Events at this depth or deeper are not delivered (the contents of a container the
    /// handler skips); `Int.max` when nothing is skipped.
    var skipFrom = Int.max
    /// Takes the contents of the container being skipped, when the handler asked for that.
    ///
    /// Unretained: the handler that asked keeps the sink until the container's end event, and
    /// the tokenizer lets go of it before delivering that event.
    var sink: Unmanaged<SkippedContentsSink>?
    /// Events at this depth or deeper do not go to the sink either (a container the sink leaves
    /// out); `Int.max` when the sink takes everything.
    var sinkSkipFrom = Int.max

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        frameCapacity = 32
        frames = .allocate(capacity: frameCapacity)
        keyArenaCapacity = 1024
        keyArena = .allocate(capacity: keyArenaCapacity)
        history = .allocate(capacity: Self.historyCapacity)
    }

    func deallocate() {
        frames.deallocate()
        keyArena.deallocate()
        history.deallocate()
        lineCursor.deallocate()
    }

    // MARK: Containers

    /// Called before every value: counts array elements.
    @inline(__always)
    mutating func beginValue() {
        memberValuePending = false
        skipsNextValue = false
        if depth > 0 {
            let frame = frames + (depth - 1)
            if frame.pointee.isArray { frame.pointee.index &+= 1 }
        }
    }

    /// Called after a value has been delivered: counts top-level values and notes where the
    /// last one ended (`end` is asked only then, once per top-level value).
    @inline(__always)
    mutating func endValue(end: () -> Int) {
        if depth == 0 {
            valuesCompleted &+= 1
            lastValueEnd = end()
        }
    }

    /// Opens a container; false when the depth limit is exceeded.
    @inline(__always)
    mutating func push(isArray: Bool) -> Bool {
        if depth == maximumDepth { return false }
        if depth == frameCapacity {
            frames = frames.grown(keeping: depth, capacity: &frameCapacity, minimum: depth + 1)
        }
        frames[depth] = Frame(
            isArray: isArray, index: -1, keyPointer: nil, keyStart: 0, keyCount: 0, hasKey: false, keyInArena: false)
        depth &+= 1
        return true
    }

    @inline(__always)
    mutating func pop() {
        depth &-= 1
        // A container the sink left out closes: its end event goes to the sink.
        if depth < sinkSkipFrom { sinkSkipFrom = .max }
        // The skipped container closes: its end event is delivered, and the sink is done.
        if depth < skipFrom {
            skipFrom = .max
            if sink != nil { sink = nil }
        }
    }

    @inline(__always)
    mutating func setKey(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        let frame = frames + (depth - 1)
        frame.pointee.keyCount = count
        frame.pointee.hasKey = true
        if let bytes, let chunkBase, bytes >= chunkBase, bytes < chunkEndPointer.unsafelyUnwrapped {
            frame.pointee.keyPointer = bytes
            frame.pointee.keyInArena = false
            if depth - 1 < unpreservedLevel { unpreservedLevel = depth - 1 }
        } else {
            copyKey(frame, bytes, count)
        }
    }

    private mutating func copyKey(_ frame: UnsafeMutablePointer<Frame>, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        let start = keyArenaCount
        if start + count > keyArenaCapacity {
            keyArena = keyArena.grown(keeping: keyArenaCount, capacity: &keyArenaCapacity, minimum: start + count)
        }
        // The buffer is non-empty here, so it has a base address.
        // swift-format-ignore: NeverForceUnwrap
        if count > 0 { (keyArena + start).update(from: bytes!, count: count) }
        frame.pointee.keyStart = start
        frame.pointee.keyInArena = true
        keyArenaCount = start + count
    }

    /// Before the chunk goes away: keys of open objects that still point into it are copied into
    /// the key arena.
    ///
    /// Only the levels whose key was set during the chunk are looked at, so a chunk costs what it
    /// changed, not the depth of the document. The arena is compacted (only the open keys kept)
    /// when it has grown large; measuring the open keys for that walks every open level, which is
    /// done only after at least as many bytes as there are levels were copied since the last
    /// measure, so it too costs time linear in the input.
    mutating func preserveKeys() {
        var level = min(unpreservedLevel, depth)
        while level < depth {
            let frame = frames + level
            if frame.pointee.hasKey, !frame.pointee.isArray, !frame.pointee.keyInArena {
                copyKey(frame, frame.pointee.keyPointer, frame.pointee.keyCount)
            }
            level &+= 1
        }
        unpreservedLevel = .max
        guard keyArenaCount > 65_536, keyArenaCount - keyArenaCountMeasured >= max(65_536, depth) else { return }
        keyArenaCountMeasured = keyArenaCount
        var needed = 0
        for level in 0..<depth where frames[level].hasKey && !frames[level].isArray {
            needed += frames[level].keyCount
        }
        guard keyArenaCount > needed * 4 else { return }
        let old = keyArena
        keyArenaCapacity = max(1024, needed * 2)
        keyArena = .allocate(capacity: keyArenaCapacity)
        keyArenaCount = 0
        for level in 0..<depth where frames[level].hasKey && !frames[level].isArray {
            let frame = frames + level
            copyKey(frame, UnsafePointer(old + frame.pointee.keyStart), frame.pointee.keyCount)
        }
        keyArenaCountMeasured = keyArenaCount
        old.deallocate()
    }

    /// Remembers where the string or key being delivered ends.
    ///
    /// `text` is what yajl passed: a pointer into the chunk when the string had no escapes and did not
    /// span chunks.
    @inline(__always)
    mutating func noteStringClose(_ text: UnsafePointer<UInt8>?, _ count: Int, tokenEnd: () -> Int) {
        if let text, let base = chunkBase, text >= base, text + count < base + chunkCount {
            lastStringClose = chunkStart + (text + count - base)
        } else {
            lastStringClose = tokenEnd() - 1
        }
    }

    /// How an error's path treats the innermost container.
    enum PathEnd {
        /// The current key or element.
        case current
        /// The element after the current one (a value was expected after `,` or `[`).
        case nextElement
        /// The container itself (a key was expected after `,` or `{`).
        case container
    }

    /// The path through the first `levels` open containers: each contributes its current key or
    /// element index (a container that has not reached its first child ends the path).
    func path(levels: Int, end: PathEnd = .current) -> JSONNodePath {
        let levels = min(levels, depth)
        var components: [JSONNodePath.Component] = []
        components.reserveCapacity(levels)
        for level in 0..<levels {
            let frame = frames[level]
            let innermost = level == levels - 1
            if frame.isArray {
                let index = innermost && end == .nextElement ? frame.index + 1 : frame.index
                guard index >= 0 else { break }
                components.append(.index(index))
            } else {
                guard frame.hasKey, !(innermost && end == .container) else { break }
                let start = frame.keyInArena ? UnsafePointer(keyArena + frame.keyStart) : frame.keyPointer
                let bytes = UnsafeBufferPointer(start: start, count: frame.keyCount)
                components.append(.key(String(decoding: bytes, as: UTF8.self)))
            }
        }
        return JSONNodePath(components)
    }
}

/// A resumable line count inside one chunk.
struct LineCursor {
    var chunkStart: Int
    var local: Int
    var line: Int
    var lineStart: Int
    var afterCR: Bool
}
