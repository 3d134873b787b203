/// The source line of an error, built from the bytes around it: up to 60 bytes of the line
/// before the offending byte and up to 40 from it on.
///
/// The bytes after the error may not have arrived yet when the error is found; the excerpt then
/// stays open and takes them from later chunks, so the finished excerpt is the same however the
/// input was split.
struct SourceExcerpt {
    static let bytesBefore = 60
    static let bytesAfter = 40

    private(set) var bytes: [UInt8]
    /// The index of the offending byte in ``bytes``.
    let caret: Int
    /// Whether the line has ended or the window is full.
    private(set) var isComplete = false

    init(bytes: [UInt8], caret: Int) {
        self.bytes = []
        self.caret = caret
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Takes bytes that follow the ones already held, up to the end of the line or the window.
    mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
        guard !isComplete else { return }
        let limit = caret + Self.bytesAfter
        for byte in buffer {
            if bytes.count >= caret, byte == 0x0A || byte == 0x0D {
                isComplete = true
                return
            }
            if bytes.count >= limit {
                isComplete = true
                return
            }
            bytes.append(byte)
        }
    }

    /// The input has ended: nothing more will come.
    mutating func close() {
        isComplete = true
    }

    /// The printable line and the 1-based column, in UTF-8 bytes of that line, of the caret;
    /// nil for an empty line.
    var rendered: (line: String, column: Int)? {
        guard !bytes.isEmpty else { return nil }
        var end = bytes.count
        if end > caret { end = Self.trimmingPartialCharacter(bytes, end: end) }
        let before = Self.printable(String(decoding: bytes[0..<min(caret, end)], as: UTF8.self))
        let after = caret < end ? Self.printable(String(decoding: bytes[caret..<end], as: UTF8.self)) : ""
        return (before + after, before.utf8.count + 1)
    }

    /// Drops a multi-byte character cut off by the end of the window.
    private static func trimmingPartialCharacter(_ bytes: [UInt8], end: Int) -> Int {
        var lead = end - 1
        while lead > 0, end - lead < 4, bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        let byte = bytes[lead]
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        return lead + length > end ? lead : end
    }

    /// Replaces control characters so the excerpt prints on one line.
    private static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F ? " " : scalar
                }))
    }
}
