/// A run of whole lines of a newline-delimited input, as a worker of ``JSONLineOutputs`` parses
/// it: where it starts in the whole input, so that what is found in it is placed in the whole
/// input.
///
/// A block starts at the start of a line (after a line feed, or at the start of the input) and
/// ends after a line feed (or at the end of the input), except the pieces of a line longer than
/// a block (`isPartOfLongLine`), which only one tokenizer reads, in order. A block other than the first is parsed
/// after one line feed of its own, so that it is never the start of an input (a byte order mark
/// there is an error, as it is in the middle of the whole input); ``location(of:)`` accounts for
/// it.
///
/// ```swift
/// struct Printer: JSONLineHandler {
///     let block: JSONLineBlock
///     mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
///         print(block.location(of: context.location), event)  // line and offset in the whole input
///     }
///     ...
/// }
/// ```
public struct JSONLineBlock: Sendable {
    /// The block's place among the blocks of its input, from 0.
    ///
    /// ```swift
    /// block.index  // 0 for the first block
    /// ```
    public let index: Int

    /// The byte offset of the block's first byte in the whole input, from 0.
    ///
    /// ```swift
    /// block.offset  // 1_048_601
    /// ```
    public let offset: Int

    /// The line of the block's first byte in the whole input, from 1.
    ///
    /// ```swift
    /// block.line  // 4_211
    /// ```
    public let line: Int

    /// The bytes of the block, from `bytesStart` on (a segment of a block after a line set aside
    /// shares the block's bytes).
    let bytes: [UInt8]
    let bytesStart: Int

    /// Whether the block starts inside a line that an earlier block started (it continues a
    /// line longer than a block).
    let startsInsideLine: Bool

    /// Whether the block ends inside a line that a later block goes on with (a line longer than
    /// a block is cut into pieces, so that it never has to be held whole).
    let endsInsideLine: Bool

    init(
        index: Int, offset: Int, line: Int, bytes: [UInt8], bytesStart: Int = 0, startsInsideLine: Bool = false,
        endsInsideLine: Bool = false
    ) {
        self.index = index
        self.offset = offset
        self.line = line
        self.bytes = bytes
        self.bytesStart = bytesStart
        self.startsInsideLine = startsInsideLine
        self.endsInsideLine = endsInsideLine
    }

    /// Whether the block holds part of a line longer than a block: it cannot be parsed on its
    /// own, only by the tokenizer that reads the whole line in order.
    var isPartOfLongLine: Bool { startsInsideLine || endsInsideLine }

    /// Whether the block is parsed after a line feed of its own (every block but the one at the
    /// start of the input).
    var isPrefixed: Bool { offset > 0 }

    /// The line feed a block other than the first is parsed after.
    static let prefix: [UInt8] = [0x0A]

    /// The place in the whole input of `location`, a place the tokenizer of this block reported.
    ///
    /// Columns are unchanged: the block starts at the start of a line.
    ///
    /// ```swift
    /// block.location(of: context.location)
    /// ```
    public func location(of location: SourceLocation) -> SourceLocation {
        let skipped = isPrefixed ? 1 : 0
        return SourceLocation(
            offset: offset + location.offset - skipped, line: line + location.line - 1 - skipped,
            column: location.column)
    }

    /// The line that holds `location` (a place this block's tokenizer reported): the byte offset
    /// of its first byte in the whole input and its bytes, without its line break; nil when the
    /// block does not hold the whole line (a line longer than a block, cut into pieces).
    ///
    /// What a handler that rejects a record keeps of it, as ``JSONInvalidLine`` keeps a line
    /// that does not parse.
    ///
    /// ```swift
    /// if let line = block.line(at: context.location) {
    ///     print(line.offset, String(decoding: line.text, as: UTF8.self))
    /// }
    /// ```
    public func line(at location: SourceLocation) -> (offset: Int, text: [UInt8])? {
        let index = bytesStart + location.offset - (isPrefixed ? 1 : 0)
        guard index >= bytesStart, index <= bytes.count else { return nil }
        var start = index
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        if start == 0, startsInsideLine { return nil }
        var end = index
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end == bytes.count, endsInsideLine { return nil }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return (offset + start - bytesStart, Array(bytes[start..<end]))
    }

    /// `error`, a failure of this block's tokenizer, placed in the whole input (same message,
    /// path and source line); so is the located error a `DecodingError` from the handler
    /// carries (a record that did not decode: see `JSONValueDecoder`).
    func placing(_ error: JSONParseError) -> JSONParseError {
        // A failure to read has no place in the block.
        guard error.kind != .inputError else { return error }
        var underlying = error.underlyingError
        if let decoding = underlying as? DecodingError {
            underlying = decoding.mappingContext { context in
                guard let located = context.underlyingError as? JSONParseError else { return context }
                return DecodingError.Context(
                    codingPath: context.codingPath, debugDescription: context.debugDescription,
                    underlyingError: placing(located))
            }
        }
        return JSONParseError(
            kind: error.kind, message: error.message, location: location(of: error.location), path: error.path,
            sourceLine: error.sourceLine, excerptColumn: error.excerptColumn, underlyingError: underlying)
    }
}
