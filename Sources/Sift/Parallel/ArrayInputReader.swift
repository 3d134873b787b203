/// The bytes of an input that can be read more than once (a file, or an input in memory), read
/// in order from an offset, for ``JSONArrayOutputs``: the array's elements after the prefix, and
/// then the rest of the document.
///
/// ```swift
/// let reader = ArrayInputReader(.file("feed.json"), from: 23)
/// var buffer: [UInt8] = []
/// while try reader.read(upTo: 1 << 20, appendingTo: &buffer) {}
/// ```
final class ArrayInputReader {
    private let file: InputChunkReader?
    /// An input in memory and the offset of its next byte.
    private let bytes: [UInt8]
    private var position: Int
    /// Whether the last read found the end of the input.
    private(set) var isAtEnd = false
    /// What a read of the file lands in before it is appended (kept from read to read).
    private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// A reader of `input` from its byte `offset` (from where a descriptor stands, which cannot
    /// be read again: see ``canReread(_:)``).
    init(_ input: JSONInput, from offset: Int) {
        switch input.source {
        case .file:
            file = InputChunkReader(offset > 0 ? input.reading(bytes: offset..<Int.max) : input)
            bytes = []
        case .descriptor:
            file = InputChunkReader(input)
            bytes = []
        case .bytes(let all):
            file = nil
            bytes = all
        case .data(let data):
            file = nil
            bytes = [UInt8](data)
        case .text(let text):
            file = nil
            bytes = Array(text.utf8)
        }
        position = file == nil ? min(offset, bytes.count) : 0
    }

    /// Whether `input` can be read again, from any offset: a regular file read whole, or an
    /// input in memory.
    static func canReread(_ input: JSONInput) -> Bool {
        switch input.source {
        case .file: input.byteCount != nil && input.byteRange == nil
        case .bytes, .data, .text: true
        case .descriptor: false
        }
    }

    /// Appends up to `count` more bytes of the input to `buffer`; false at the end of the input.
    func read(upTo count: Int, appendingTo buffer: inout [UInt8]) throws(JSONParseError) -> Bool {
        guard let file else {
            let end = min(position + count, bytes.count)
            buffer.append(contentsOf: bytes[position..<end])
            defer { position = end }
            isAtEnd = end == bytes.count
            return end > position
        }
        if scratch.count < count {
            scratch.deallocate()
            scratch = .allocate(byteCount: count, alignment: 64)
        }
        let read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<count]))
        buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<read]))
        isAtEnd = read == 0
        return read > 0
    }

    /// Closes the file, if any.
    func close() {
        file?.close()
    }

    deinit {
        scratch.deallocate()
    }
}
