/// Finds the array a split path selects the elements of (``ArraySplitPath/prefix``): parses the
/// document from its start, passing every container off the way to it, and stops at the value at
/// the prefix.
///
/// ```swift
/// let finder = JSONTokenizer(options: options, handler: ArrayStartFinder(prefix: [.key("body")]))
/// try finder.parse(.file("feed.json"))
/// finder.handler.arrayStart?.offset  // 23: where the array's `[` is
/// ```
struct ArrayStartFinder: ValueDiscardingHandler {
    let prefix: [JSONNodePath.Component]
    /// Where the array's `[` is, once found.
    private(set) var arrayStart: SourceLocation?
    /// Whether the value at the prefix was found, an array or not.
    private(set) var foundValue = false

    init(prefix: [JSONNodePath.Component]) {
        self.prefix = prefix
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
        let isStart: Bool
        switch event {
        case .startObject, .startArray: isStart = true
        case .string, .number, .bool, .null: isStart = false
        case .key, .endObject, .endArray: return
        }
        let path = context.path.components
        if path == prefix {
            foundValue = true
            if case .startArray = event { arrayStart = context.location }
            context.stopParsing()
        } else if isStart && !(path.count < prefix.count && Array(prefix[..<path.count]) == path) {
            context.skipContents()
        }
    }
}
