/// Follows one array element with a tokenizer, to find where it ends when the scan of
/// ``ValueEndScan`` does not vouch for it (it nests deeper than the scan goes, or the scan
/// leaves a byte to yajl): the tokenizer tells a valid element from an invalid one exactly.
///
/// The element is parsed as the first element of an array of its own, under the depth limit
/// that applies to it in the document.
///
/// ```swift
/// var finder = ArrayElementEndFinder(options: options)
/// finder.feed(bytes[start...], offset: 0)  // .end(12): the element is bytes[start ..< start + 12]
/// ```
struct ArrayElementEndFinder {
    /// What the bytes fed so far tell.
    enum Found: Equatable {
        /// The element goes on past them.
        case needsMore
        /// The element ends just before this offset from its first byte.
        case end(Int)
        /// The element is not valid JSON (or breaks the depth limit).
        case invalid
    }

    private let tokenizer: JSONTokenizer<EndWatcher>

    /// A finder under `options`, whose depth limit is the one left for the element.
    init(options: JSONParserOptions) {
        tokenizer = JSONTokenizer(options: options, handler: EndWatcher())
        // The array the element is parsed in; its offsets then start at 1.
        try? tokenizer.feed(CollectionOfOne(UInt8(ascii: "[")))
    }

    /// Feeds the element's next bytes.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> Found {
        do throws(JSONParseError) {
            try tokenizer.feed(bytes)
        } catch {
            return .invalid
        }
        return tokenizer.handler.end.map { .end($0 - 1) } ?? .needsMore
    }

    /// The input ended.
    mutating func finish() -> Found {
        if let end = tokenizer.handler.end { return .end(end - 1) }
        return .invalid
    }

    /// Stops the parse when the first element of the array ends, noting where.
    private struct EndWatcher: ValueDiscardingHandler {
        var end: Int?

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            guard context.depth == 1 else { return }
            switch event {
            case .endObject, .endArray: end = context.offset + 1
            case .string, .number, .bool, .null: end = context.engine.currentTokenEnd
            case .startObject, .startArray, .key: return
            }
            context.stopParsing()
        }
    }
}
