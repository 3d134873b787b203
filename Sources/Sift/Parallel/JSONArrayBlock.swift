/// A part of one JSON document that ``JSONArrayOutputs`` hands to a ``JSONLineHandler`` of its
/// own: a run of whole elements of the array the path selects the elements of, or the rest of
/// the document around that array.
///
/// The handler matches ``path`` in the block's events, and places what it finds in the document
/// with ``documentPath(of:)``.
///
/// ```swift
/// let outputs = JSONArrayOutputs(.file("feed.json"), path: try JSONPath("$.body[*].id")) { block in
///     var query = JSONQuery()
///     query.add(block.path, places: .path) { match in print(block.documentPath(of: match.path!)) }
///     ...
/// }
/// ```
public struct JSONArrayBlock: Sendable {
    /// The path to match in this block's events: relative to the block's elements
    /// (`$[*].text.title` for `$.body[*].text.title`), or the whole path for the rest of the
    /// document.
    ///
    /// ```swift
    /// block.path.description  // "$[*]['text']['title']"
    /// ```
    public let path: JSONPath

    /// The block's place among the blocks of its document, from 0.
    ///
    /// ```swift
    /// block.index  // 0 for the first block
    /// ```
    public let index: Int

    /// How the block's node paths become the document's: the split path and the index of the
    /// block's first element, or nil for a block whose events are the document's.
    let elements: (split: ArraySplitPath, first: Int)?

    /// Where the bytes the block's tokenizer reads lie in the document.
    let placement: Placement

    /// How the places a block's tokenizer reports become the document's.
    enum Placement: Sendable {
        /// The tokenizer reads the document itself.
        case document
        /// The tokenizer reads a `[` of the block's own, then the document's bytes from `start`.
        case elements(start: SourceLocation)
        /// The tokenizer reads the document up to the array's `[` (at `open`), then from its `]`
        /// (at `close`) on: the document without the array's elements.
        case rest(open: SourceLocation, close: SourceLocation)
    }

    init(index: Int, path: JSONPath, elements: (split: ArraySplitPath, first: Int)?, placement: Placement) {
        self.index = index
        self.path = path
        self.elements = elements
        self.placement = placement
    }

    /// The node path in the document of `path`, a node path this block's tokenizer reported (a
    /// match of ``path``).
    ///
    /// ```swift
    /// block.documentPath(of: match.path!).normalized  // "$['body'][12345]['text']['title']"
    /// ```
    public func documentPath(of path: JSONNodePath) -> JSONNodePath {
        guard let elements else { return path }
        return elements.split.documentPath(of: path, firstElement: elements.first)
    }

    /// The place in the document of `location`, a place this block's tokenizer reported (a
    /// match's, an event's): its byte offset, line and column in the whole document.
    ///
    /// ```swift
    /// block.location(of: match.location!)  // 1:123456 in a document on one line
    /// ```
    public func location(of location: SourceLocation) -> SourceLocation {
        switch placement {
        case .document:
            return location
        case .elements(let start):
            // The block's first byte is the tokenizer's second, after its own `[`.
            let offset = start.offset + location.offset - 1
            guard location.line == 1 else {
                return SourceLocation(offset: offset, line: start.line + location.line - 1, column: location.column)
            }
            return SourceLocation(offset: offset, line: start.line, column: start.column + location.column - 2)
        case .rest(let open, let close):
            guard location.offset > open.offset else { return location }
            // The tokenizer's byte after the `[` is the document's `]`.
            let offset = close.offset + location.offset - open.offset - 1
            guard location.line == open.line else {
                return SourceLocation(
                    offset: offset, line: location.line + close.line - open.line, column: location.column)
            }
            return SourceLocation(offset: offset, line: close.line, column: close.column + offset - close.offset)
        }
    }
}

extension JSONArrayBlock {
    /// The bytes a block of elements is parsed between: its elements are those of an array.
    static let opening: [UInt8] = [UInt8(ascii: "[")]
    static let closing: [UInt8] = [UInt8(ascii: "]")]
    /// The comma between two blocks of elements, which neither holds.
    static let separator: [UInt8] = [UInt8(ascii: ",")]

    /// Parses `bytes`, whole elements of the array (or, when `holdsError`, the bytes from the
    /// first element of a block to the error that ends the document, `atEnd` when the document
    /// ends with them), with the handler `makeHandler` makes for this block.
    ///
    /// Everything the handler produced before an error is committed: one tokenizer reading the
    /// document hands it out before the error.
    func parse<Handler: JSONLineHandler>(
        _ bytes: [UInt8], options: JSONParserOptions, holdsError: Bool = false, atEnd: Bool = false,
        makeHandler: (JSONArrayBlock) -> Handler
    ) -> LineBlockOutcome<Handler.Output> {
        let tokenizer = JSONTokenizer(options: options, handler: makeHandler(self))
        do throws(JSONParseError) {
            try tokenizer.feed(Self.opening)
            try tokenizer.feed(bytes)
            if !holdsError && !tokenizer.isStopped { try tokenizer.feed(Self.closing) }
            if (!holdsError || atEnd) && !tokenizer.isStopped { try tokenizer.finish() }
        } catch {
            tokenizer.handler.commitValue()
            return .failed([tokenizer.handler.takeCommitted()], error)
        }
        tokenizer.handler.commitValue()
        let output = tokenizer.handler.takeCommitted()
        if tokenizer.isStopped { return .stopped([output]) }
        // A block that should hold an error and parsed: the error lies past what was read.
        return holdsError ? .unfinished : .complete([output])
    }
}
