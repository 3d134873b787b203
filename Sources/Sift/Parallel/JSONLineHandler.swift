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
///
/// When the tokenizer reads one block (``init(_:bytes:offset:)``), a line break between two
/// values is looked for in the block's bytes between them (usually one byte), so that no value
/// pays for its line and column; the tokenizer that reads blocks in order compares lines.
struct CommittingHandler<Base: JSONLineHandler>: JSONEventHandler {
    var base: Base
    /// The depth after the last event.
    private(set) var depth = 0
    /// The bytes the tokenizer reads, when they are one block, and the index in them of the
    /// tokenizer's offset 0 (-1 after a prefix).
    private let bytes: [UInt8]?
    private let bytesStart: Int
    /// Where the last value not yet committed ended, if any: the end of its last token (with
    /// `bytes`) or its line.
    private var uncommittedEnd: Int?

    /// A handler whose tokenizer is fed blocks one after another.
    init(_ base: Base) {
        self.base = base
        bytes = nil
        bytesStart = 0
    }

    /// A handler whose tokenizer reads `bytes` (or a part of them) and nothing else, the
    /// tokenizer's offset 0 being `bytes[offset]`.
    init(_ base: Base, bytes: [UInt8], offset: Int) {
        self.base = base
        self.bytes = bytes
        bytesStart = offset
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        guard depth == 0 || (depth == 1 && event.isContainerEnd) else {
            // Inside a top-level value: only the depth counts.
            try base.handle(event, context: context)
            switch event {
            case .startObject, .startArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .key, .string, .number, .bool, .null: break
            }
            return
        }
        let place = bytes == nil ? context.location.line : context.engine.currentTokenEnd
        if depth == 0, let end = uncommittedEnd, isOnLaterLine(place, than: end) { commit() }
        try base.handle(event, context: context)
        switch event {
        case .startObject, .startArray:
            depth += 1
        case .endObject, .endArray:
            depth -= 1
            if depth == 0 { uncommittedEnd = place }
        case .key:
            break
        case .string, .number, .bool, .null:
            if depth == 0 { uncommittedEnd = place }
        }
    }

    /// Whether `place` is on a later line than `end` (places as ``uncommittedEnd`` holds them):
    /// with `bytes`, whether a line break lies between; a token holds no line break.
    private func isOnLaterLine(_ place: Int, than end: Int) -> Bool {
        guard let bytes else { return place > end }
        var index = max(end + bytesStart, 0)
        let stop = min(place + bytesStart, bytes.count)
        while index < stop {
            if bytes[index] == 0x0A || bytes[index] == 0x0D { return true }
            index += 1
        }
        return false
    }

    /// Commits everything the handler produced: the lines read are complete.
    mutating func commit() {
        base.commitValue()
        uncommittedEnd = nil
    }

    /// Commits what the handler produced if its values ended on a line before `location`,
    /// where the parse failed (as the tokenizer reported it): their lines are complete and
    /// valid.
    mutating func commit(before location: SourceLocation) {
        guard let uncommittedEnd else { return }
        if isOnLaterLine(bytes == nil ? location.line : location.offset, than: uncommittedEnd) { commit() }
    }
}

extension JSONEvent {
    /// Whether the event closes an object or an array.
    fileprivate var isContainerEnd: Bool {
        switch self {
        case .endObject, .endArray: true
        default: false
        }
    }
}
