import NIOCore
import Sift

/// One chunk of an input, as its reader produced it: a piece Sift's reader read from a file or
/// stdin, or a piece of an HTTP body as the connection delivered it.
///
/// Neither is copied: the tokenizer reads either one in place through
/// `withContiguousStorageIfAvailable`.
///
/// ```swift
/// let chunk = InputChunk.bytes(pieceOfAFile)
/// try tokenizer.feed(chunk)
/// ```
enum InputChunk: Sequence {
    /// Bytes of a file or of stdin.
    case bytes(JSONInputChunk)
    /// A piece of an HTTP body.
    case body(ByteBufferView)

    func makeIterator() -> Iterator {
        switch self {
        case .bytes(let bytes): Iterator(bytes: bytes.makeIterator())
        case .body(let body): Iterator(body: body.makeIterator())
        }
    }

    var underestimatedCount: Int {
        switch self {
        case .bytes(let bytes): bytes.count
        case .body(let body): body.count
        }
    }

    func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        switch self {
        case .bytes(let bytes): try bytes.withContiguousStorageIfAvailable(body)
        case .body(let view): try view.withContiguousStorageIfAvailable(body)
        }
    }

    /// The bytes of a chunk one by one (for a consumer that cannot read them in place).
    struct Iterator: IteratorProtocol {
        private var bytes: JSONInputChunk.Iterator?
        private var body: ByteBufferView.Iterator?

        init(bytes: JSONInputChunk.Iterator) {
            self.bytes = bytes
        }

        init(body: ByteBufferView.Iterator) {
            self.body = body
        }

        mutating func next() -> UInt8? {
            bytes != nil ? bytes?.next() : body?.next()
        }
    }
}
