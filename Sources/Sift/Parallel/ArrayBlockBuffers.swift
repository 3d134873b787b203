import Synchronization

/// The byte arrays of the blocks of one ``JSONArrayOutputs`` iteration, used again once their
/// blocks are parsed.
///
/// A block of elements is about a megabyte, read into an array of its own. Allocated afresh for
/// every block, each array's pages are mapped and zeroed by the kernel as the block is read into
/// them (a fault every 4 KB, a fifth of the parse of a light query); an array given back when
/// its block is parsed keeps its pages, and the next block is read into them.
///
/// At most `limit` arrays are kept: as many as blocks may be in flight, plus the one being cut;
/// an array that an element longer than a block grew past `largest` bytes is let go, so that
/// one long element does not stay in memory for the rest of the document.
///
/// ```swift
/// let buffers = ArrayBlockBuffers(limit: 5, largest: 1 << 22)
/// var bytes = buffers.take(capacity: 1 << 20)  // empty, with room for a block
/// bytes.append(contentsOf: read())
/// buffers.give(bytes)  // after the block is parsed
/// ```
final class ArrayBlockBuffers: Sendable {
    private let limit: Int
    private let largest: Int
    private let kept = Mutex<[[UInt8]]>([])

    init(limit: Int, largest: Int) {
        self.limit = limit
        self.largest = largest
    }

    /// How many arrays are kept for the blocks to come.
    var keptCount: Int { kept.withLock { $0.count } }

    /// An empty array with room for `capacity` bytes: one given back, or a new one.
    func take(capacity: Int) -> [UInt8] {
        var bytes = kept.withLock { $0.popLast() } ?? []
        bytes.reserveCapacity(capacity)
        return bytes
    }

    /// Keeps `bytes`, emptied, for a block to come, unless `limit` arrays are kept already or it
    /// holds room for more than `largest` bytes.
    func give(_ bytes: consuming [UInt8]) {
        guard bytes.capacity > 0 && bytes.capacity <= largest else { return }
        bytes.removeAll(keepingCapacity: true)
        let emptied = bytes
        kept.withLock { kept in
            if kept.count < limit { kept.append(emptied) }
        }
    }
}

extension ArrayBlockBuffers {
    /// The bytes of one block on their way to the thread that parses it, which takes them and
    /// gives them back to the ``ArrayBlockBuffers`` when the parse ends.
    ///
    /// ```swift
    /// let handoff = ArrayBlockBuffers.Handoff(bytes)
    /// workers.submit { let bytes = handoff.take(); parse(bytes); buffers.give(consume bytes) }
    /// ```
    final class Handoff: Sendable {
        private let bytes: Mutex<[UInt8]>

        init(_ bytes: consuming [UInt8]) {
            self.bytes = Mutex(bytes)
        }

        /// The bytes; the handoff holds nothing after.
        func take() -> [UInt8] {
            bytes.withLock { bytes in
                defer { bytes = [] }
                return bytes
            }
        }
    }
}
