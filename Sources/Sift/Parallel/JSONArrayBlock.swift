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

    init(index: Int, path: JSONPath, elements: (split: ArraySplitPath, first: Int)?) {
        self.index = index
        self.path = path
        self.elements = elements
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
}

extension JSONArrayBlock {
    /// The bytes a block of elements is parsed between: its elements are those of an array.
    static let opening: [UInt8] = [UInt8(ascii: "[")]
    static let closing: [UInt8] = [UInt8(ascii: "]")]

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
