internal import CYajl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-token state of a tokenizer: the open containers (for depth and paths) and what is
/// needed to turn an offset into a line and column.
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
    }

    var frames: UnsafeMutablePointer<Frame>
    var frameCapacity: Int
    var depth = 0
    var maximumDepth: Int

    var keyArena: UnsafeMutablePointer<UInt8>
    var keyArenaCapacity: Int
    var keyArenaCount = 0
    /// One past the last byte of the chunk being parsed.
    var chunkEnd: UnsafePointer<UInt8>?

    /// The chunk being parsed, for locating tokens while a callback runs.
    var chunkBase: UnsafePointer<UInt8>?
    var chunkCount = 0
    /// The absolute offset of the chunk's first byte.
    var chunkStart = 0

    /// 1-based line of the chunk's first byte.
    var lineAtChunkStart = 1
    /// Absolute offset of the first byte of the line holding the chunk's first byte.
    var lineStartAtChunkStart = 0
    /// The previous chunk ended with CR, so a leading LF does not start another line.
    var pendingCR = false
    /// The bytes of the current line seen before the chunk (its last 120 at most).
    var lineTail: [UInt8] = []

    /// Top-level values completed so far.
    var valuesCompleted = 0

    /// A handler asked to stop after the current event.
    @usableFromInline var stopRequested = false

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        frameCapacity = 32
        frames = .allocate(capacity: frameCapacity)
        keyArenaCapacity = 1024
        keyArena = .allocate(capacity: keyArenaCapacity)
    }

    func deallocate() {
        frames.deallocate()
        keyArena.deallocate()
    }

    /// Called before every value: counts array elements.
    @inline(__always)
    mutating func beginValue() {
        if depth > 0 {
            let frame = frames + (depth - 1)
            if frame.pointee.isArray { frame.pointee.index &+= 1 }
        }
    }

    /// Opens a container; false when the depth limit is exceeded.
    @inline(__always)
    mutating func push(isArray: Bool) -> Bool {
        if depth == maximumDepth { return false }
        if depth == frameCapacity { growFrames() }
        frames[depth] = Frame(isArray: isArray, index: -1, keyPointer: nil, keyStart: 0, keyCount: 0, hasKey: false, keyInArena: false)
        depth &+= 1
        return true
    }

    @inline(__always)
    mutating func pop() {
        depth &-= 1
        if depth == 0 { valuesCompleted &+= 1 }
    }

    @inline(__always)
    mutating func setKey(_ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        let frame = frames + (depth - 1)
        frame.pointee.keyCount = count
        frame.pointee.hasKey = true
        if let bytes, let chunkBase, bytes >= chunkBase, bytes < chunkEnd.unsafelyUnwrapped {
            frame.pointee.keyPointer = bytes
            frame.pointee.keyInArena = false
        } else {
            copyKey(frame, bytes, count)
        }
    }

    private mutating func copyKey(_ frame: UnsafeMutablePointer<Frame>, _ bytes: UnsafePointer<UInt8>?, _ count: Int) {
        let start = keyArenaCount
        if start + count > keyArenaCapacity { growArena(to: start + count) }
        if count > 0 { (keyArena + start).update(from: bytes!, count: count) }
        frame.pointee.keyStart = start
        frame.pointee.keyInArena = true
        keyArenaCount = start + count
    }

    /// Before the chunk goes away: the keys of open objects move into a fresh, compact arena.
    mutating func preserveKeys() {
        let old = keyArena
        let oldCapacity = keyArenaCapacity
        var needed = 0
        for level in 0..<depth where frames[level].hasKey { needed += frames[level].keyCount }
        keyArenaCapacity = max(1024, needed * 2)
        keyArena = .allocate(capacity: keyArenaCapacity)
        keyArenaCount = 0
        for level in 0..<depth where frames[level].hasKey && !frames[level].isArray {
            let frame = frames + level
            let source = frame.pointee.keyInArena ? UnsafePointer(old + frame.pointee.keyStart) : frame.pointee.keyPointer
            copyKey(frame, source, frame.pointee.keyCount)
        }
        _ = oldCapacity
        old.deallocate()
    }

    private mutating func growFrames() {
        let capacity = frameCapacity * 2
        let new = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
        new.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = new
        frameCapacity = capacity
    }

    private mutating func growArena(to minimum: Int) {
        var capacity = keyArenaCapacity * 2
        while capacity < minimum { capacity *= 2 }
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        new.update(from: keyArena, count: keyArenaCount)
        keyArena.deallocate()
        keyArena = new
        keyArenaCapacity = capacity
    }

    /// The path through the first `levels` open containers: each contributes its current key or
    /// element index (a container that has not reached its first child ends the path).
    func path(levels: Int) -> JSONNodePath {
        var components: [JSONNodePath.Component] = []
        components.reserveCapacity(levels)
        for level in 0..<min(levels, depth) {
            let frame = frames[level]
            if frame.isArray {
                guard frame.index >= 0 else { break }
                components.append(.index(frame.index))
            } else {
                guard frame.hasKey else { break }
                let start = frame.keyInArena ? UnsafePointer(keyArena + frame.keyStart) : frame.keyPointer
                let bytes = UnsafeBufferPointer(start: start, count: frame.keyCount)
                components.append(.key(String(decoding: bytes, as: UTF8.self)))
            }
        }
        return JSONNodePath(components)
    }

    // MARK: Lines

    /// Finds the line and column of an absolute offset inside (or at the end of) the current
    /// chunk, plus an excerpt of that line.
    func locate(_ offset: Int) -> (location: SourceLocation, excerpt: String?, excerptColumn: Int) {
        let local = min(max(offset - chunkStart, 0), chunkCount)
        var line = lineAtChunkStart
        var lineStart = lineStartAtChunkStart
        var lineStartLocal = -1  // -1: the line began before this chunk
        var afterCR = pendingCR
        if let base = chunkBase {
            var index = 0
            while index < local {
                let byte = base[index]
                if byte == 0x0A {
                    if !afterCR { line += 1 }
                    lineStart = chunkStart + index + 1
                    lineStartLocal = index + 1
                    afterCR = false
                } else if byte == 0x0D {
                    line += 1
                    lineStart = chunkStart + index + 1
                    lineStartLocal = index + 1
                    afterCR = true
                } else {
                    afterCR = false
                }
                index += 1
            }
        }
        let absolute = chunkStart + local
        let location = SourceLocation(offset: absolute, line: line, column: absolute - lineStart + 1)

        // The excerpt: the line's bytes around the offset, at most 100 of them.
        var lineBytes: [UInt8] = []
        var caret: Int
        if lineStartLocal < 0 {
            lineBytes = lineTail
            caret = lineTail.count + local
            lineStartLocal = 0
        } else {
            caret = local - lineStartLocal
        }
        if let base = chunkBase {
            var end = lineStartLocal
            while end < chunkCount, base[end] != 0x0A, base[end] != 0x0D { end += 1 }
            lineBytes.append(contentsOf: UnsafeBufferPointer(start: base + lineStartLocal, count: end - lineStartLocal))
        }
        let windowStart = max(0, caret - 60)
        let windowEnd = min(lineBytes.count, max(caret + 40, windowStart))
        if windowStart >= windowEnd && lineBytes.isEmpty && caret == 0 {
            return (location, "", 1)
        }
        let clippedStart = min(windowStart, lineBytes.count)
        let excerpt = String(decoding: lineBytes[clippedStart..<max(windowEnd, clippedStart)], as: UTF8.self)
        caret -= clippedStart
        return (location, Self.printable(excerpt), caret + 1)
    }

    /// Replaces control characters so the excerpt prints on one line.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 && scalar != "\t" ? " " : scalar
        }))
    }

    /// Advances the line bookkeeping over a whole chunk after it has been parsed.
    mutating func advanceLines(over base: UnsafePointer<UInt8>, count: Int, lineFeeds: Int, hasCarriageReturn hasCR: Bool) {
        guard count > 0 else { return }
        var breaks = 0
        var lastBreakEnd = -1  // local offset just after the last break
        if !hasCR {
            breaks = lineFeeds
            if breaks > 0 {
                var last = count - 1
                while base[last] != 0x0A { last -= 1 }
                lastBreakEnd = last + 1
            }
            if pendingCR, base[0] == 0x0A {
                // The LF completes a CRLF counted in the previous chunk.
                breaks -= 1
            }
            pendingCR = false
        } else {
            var afterCR = pendingCR
            for index in 0..<count {
                let byte = base[index]
                if byte == 0x0A {
                    if !afterCR { breaks += 1 }
                    lastBreakEnd = index + 1
                    afterCR = false
                } else if byte == 0x0D {
                    breaks += 1
                    lastBreakEnd = index + 1
                    afterCR = true
                } else {
                    afterCR = false
                }
            }
            pendingCR = afterCR
        }
        lineAtChunkStart += breaks
        if lastBreakEnd >= 0 {
            lineStartAtChunkStart = chunkStart + lastBreakEnd
            let tailCount = min(count - lastBreakEnd, 120)
            lineTail = Array(UnsafeBufferPointer(start: base + (count - tailCount), count: tailCount))
        } else {
            let keep = min(count, 120)
            if lineTail.count + keep > 120 { lineTail.removeFirst(min(lineTail.count, lineTail.count + keep - 120)) }
            lineTail.append(contentsOf: UnsafeBufferPointer(start: base + (count - keep), count: keep))
        }
    }
}
