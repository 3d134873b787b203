/// A document of about `size` bytes, produced piece by piece and never stored: an opening (such
/// as `{"body":[`), one block of elements repeated with commas between, then `]}`.
///
/// The memory tests' feeds differ only in their block; this is how each is streamed.
struct RepeatedBlockFeed {
    /// How many times the block is produced.
    let blocks: Int
    private var produced = 0
    private let first: [UInt8]
    private let following: [UInt8]

    init(size: Int, opening: String, block text: String) {
        let block = Array(text.utf8)
        blocks = max(size / block.count, 1)
        first = Array(opening.utf8) + block
        following = [UInt8(ascii: ",")] + block
    }

    /// The next piece of the document, nil after its end.
    mutating func next() -> [UInt8]? {
        defer { produced += 1 }
        switch produced {
        case 0: return first
        case ..<blocks: return following
        case blocks: return Array("]}".utf8)
        default: return nil
        }
    }
}
