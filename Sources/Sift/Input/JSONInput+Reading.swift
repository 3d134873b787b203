import Foundation

extension JSONInput {
    /// Whether the input is already in memory: it is parsed as one piece.
    var isInMemory: Bool {
        switch source {
        case .bytes, .data, .text: true
        case .file, .descriptor: false
        }
    }

    /// Calls `body` with the input's bytes, piece by piece, until the input ends or `body`
    /// returns false.
    ///
    /// In-memory inputs come as one piece. Files and descriptors are read 64 KiB at a time into
    /// one buffer that is reused for every piece (valid only during the call). The progress
    /// handler, if any, is called after every piece. A file that cannot be opened or read throws
    /// a ``JSONParseError`` of kind ``JSONParseError/Kind/inputError`` whose location is the
    /// number of bytes delivered before the failure (on line 1: the reader does not count lines).
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> Bool) throws(JSONParseError) {
        switch source {
        case .bytes(let bytes):
            try Self.deliverWhole(bytes.withUnsafeBytes { Self.run(body, $0) }, count: bytes.count, progress: progress)
        case .data(let data):
            try Self.deliverWhole(data.withUnsafeBytes { Self.run(body, $0) }, count: data.count, progress: progress)
        case .text(let text):
            var text = text
            let count = text.utf8.count
            try Self.deliverWhole(
                text.withUTF8 { Self.run(body, UnsafeRawBufferPointer($0)) }, count: count, progress: progress)
        case .file, .descriptor:
            try readAll(body)
        }
    }

    private static func run(
        _ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> Bool, _ buffer: UnsafeRawBufferPointer
    ) -> Result<Void, JSONParseError> {
        Result { () throws(JSONParseError) in
            if buffer.count > 0 { _ = try body(buffer) }
        }
    }

    private static func deliverWhole(
        _ result: Result<Void, JSONParseError>, count: Int, progress: (@Sendable (Int) -> Void)?
    ) throws(JSONParseError) {
        progress?(count)
        try result.get()
    }

    /// Reads a file or descriptor to its end into one reused buffer.
    private func readAll(_ body: (UnsafeRawBufferPointer) throws(JSONParseError) -> Bool) throws(JSONParseError) {
        let reader = InputChunkReader(self)
        defer { reader.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: JSONInput.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = try reader.read(into: buffer)
            if count == 0 { return }
            guard try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) else { return }
        }
    }
}
