/// A ``JSONEventHandler`` for the blocks of lines ``JSONLineOutputs`` parses on several threads:
/// what it produces is held per top-level value, and handed out only once the value has parsed,
/// so that nothing of an invalid record is ever handed out.
///
/// One handler is made for each block, on the thread that parses it; it sees the block's events
/// only. Its ``Output`` crosses threads.
///
/// ```swift
/// struct IDCollector: JSONLineHandler {
///     var ids: [Int] = []
///     var committed: [Int] = []
///     mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
///         if context.depth == 1, case .number(let bytes) = event, let id = Int(bytes.string) { ids.append(id) }
///     }
///     mutating func commitValue() { committed += ids; ids = [] }
///     mutating func takeCommitted() -> [Int] { defer { committed = [] }; return committed }
/// }
/// ```
public protocol JSONLineHandler: JSONEventHandler, SendableMetatype {
    /// What the handler hands out for the values of a block (sent to the consumer's task).
    associatedtype Output: Sendable

    /// The top-level value being read is complete and valid: what it produced may be handed out.
    ///
    /// ```swift
    /// mutating func commitValue() { committed += pending; pending = [] }
    /// ```
    mutating func commitValue()

    /// What the committed values produced since the last call, which the handler then forgets;
    /// what a value not yet committed produced is kept back (and dropped if the parse fails).
    ///
    /// ```swift
    /// mutating func takeCommitted() -> [Int] { defer { committed = [] }; return committed }
    /// ```
    mutating func takeCommitted() -> Output

    /// The line just before this handler's lines failed and was set aside (``JSONLineOutputs``
    /// made with `skipsInvalidLines`): a handler that reports such lines keeps it with its
    /// output. The default forgets it.
    ///
    /// ```swift
    /// mutating func setAside(_ line: JSONInvalidLine) { invalidLines.append(line.line) }
    /// ```
    mutating func setAside(_ line: JSONInvalidLine)
}

extension JSONLineHandler {
    /// Forgets the line set aside.
    ///
    /// ```swift
    /// handler.setAside(line)  // nothing happens
    /// ```
    public mutating func setAside(_ line: JSONInvalidLine) {}
}

/// Runs a ``JSONLineHandler`` and commits what it produced when its lines are complete.
///
/// It commits before a top-level value that starts on a later line than the last one
/// ended, or when told (``commit()``) at the end of a line between values. A value that ends on
/// the line where the next one fails is never committed.
struct CommittingHandler<Base: JSONLineHandler>: JSONEventHandler {
    var base: Base
    /// The depth after the last event.
    private(set) var depth = 0
    /// The line where the last value not yet committed ended, if any.
    private var uncommittedLine: Int?

    init(_ base: Base) {
        self.base = base
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        let opens: Bool
        switch event {
        case .startObject, .startArray, .string, .number, .bool, .null: opens = depth == 0
        case .endObject, .endArray, .key: opens = false
        }
        if opens, let line = uncommittedLine, context.location.line > line { commit() }
        try base.handle(event, context: context)
        switch event {
        case .startObject, .startArray:
            depth += 1
        case .endObject, .endArray:
            depth -= 1
            if depth == 0 { uncommittedLine = context.location.line }
        case .key:
            break
        case .string, .number, .bool, .null:
            if depth == 0 { uncommittedLine = context.location.line }
        }
    }

    /// Commits everything the handler produced: the lines read are complete.
    mutating func commit() {
        base.commitValue()
        uncommittedLine = nil
    }

    /// Commits what the handler produced if its values ended before `line` (where the parse
    /// failed): their lines are complete and valid.
    mutating func commit(before line: Int) {
        if let uncommittedLine, uncommittedLine < line { commit() }
    }
}
