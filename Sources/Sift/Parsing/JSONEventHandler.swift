/// A consumer of the events of a ``JSONTokenizer``.
///
/// `handle(_:context:)` is called once per token, in document order. Throwing stops the parse:
/// the tokenizer reports a ``JSONParseError`` of kind ``JSONParseError/Kind/consumerError``
/// whose ``JSONParseError/underlyingError`` is what was thrown. To stop without an error, call
/// ``JSONEventContext/stopParsing()``.
///
/// ```swift
/// struct KeyCounter: JSONEventHandler {
///     var keys = 0
///     mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
///         if case .key = event { keys += 1 }
///     }
/// }
/// let tokenizer = JSONTokenizer(handler: KeyCounter())
/// try tokenizer.parse(.string(#"{"a":1,"b":{"c":2}}"#))
/// print(tokenizer.handler.keys) // 3
/// ```
public protocol JSONEventHandler {
    /// Handles one event. The event's bytes are valid only during this call.
    ///
    /// ```swift
    /// mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
    ///     if case .string(let text) = event { print(text.string, "at", context.location) }
    /// }
    /// ```
    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws
}

/// A handler that keeps no value of any event (it validates, or counts): the tokenizer then never
/// keeps a long string or number while it runs past its chunks, so memory stays flat however
/// long a value is.
///
/// ```swift
/// struct Counter: ValueDiscardingHandler {
///     var events = 0
///     mutating func handle(_ event: JSONEvent, context: JSONEventContext) { events += 1 }
/// }
/// ```
public protocol ValueDiscardingHandler: JSONEventHandler {}

/// A ``JSONEventHandler`` made of a closure.
///
/// ```swift
/// let printer = JSONEventClosure { event, _ in print(event) }
/// ```
public struct JSONEventClosure: JSONEventHandler {
    /// The closure called for every event.
    ///
    /// ```swift
    /// let handler = JSONEventClosure { event, context in print(context.depth, event) }
    /// ```
    public var body: (JSONEvent, JSONEventContext) throws -> Void

    /// Wraps a closure.
    ///
    /// ```swift
    /// JSONEventClosure { event, _ in print(event) }
    /// ```
    public init(_ body: @escaping (JSONEvent, JSONEventContext) throws -> Void) {
        self.body = body
    }

    /// Calls the closure.
    ///
    /// ```swift
    /// try handler.handle(.null, context: context)
    /// ```
    public func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try body(event, context)
    }
}

/// What a handler can learn about the event it is handling: depth, path, location; and a way to
/// stop the parse.
///
/// Everything here is computed on demand, so a handler that never asks pays nothing. Valid only
/// during the `handle` call it was passed to.
///
/// ```swift
/// let tokenizer = JSONTokenizer(handler: JSONEventClosure { event, context in
///     if case .string = event { print(context.path, context.location) }
/// })
/// try tokenizer.parse(.string(#"{"a":["x"]}"#))
/// // Prints "$.a[0] 1:7"
/// ```
public struct JSONEventContext {
    unowned(unsafe) let engine: TokenizerEngine
    let event: JSONEvent
    let tokenLength: Int

    @usableFromInline
    init(engine: TokenizerEngine, event: JSONEvent, tokenLength: Int) {
        self.engine = engine
        self.event = event
        self.tokenLength = tokenLength
    }

    /// The number of containers open around this event (after a `startObject`/`startArray`,
    /// including the one it opened; after an `endObject`/`endArray`, excluding the one it closed).
    ///
    /// ```swift
    /// context.depth // 0 for a top-level scalar
    /// ```
    public var depth: Int { engine.state.pointee.depth }

    /// The path of the value this event belongs to: for a key, the member it names; for an end
    /// event, the container that closes.
    ///
    /// ```swift
    /// context.path.description // "$.body[3].text"
    /// ```
    public var path: JSONNodePath {
        let state = engine.state.pointee
        switch event {
        case .startObject, .startArray: return state.path(levels: state.depth - 1)
        default: return state.path(levels: state.depth)
        }
    }

    /// The absolute byte offset of the token's first byte.
    ///
    /// ```swift
    /// context.offset // 7
    /// ```
    public var offset: Int { engine.currentTokenStart(tokenLength: tokenLength) }

    /// The line and column of the token's first byte.
    ///
    /// ```swift
    /// context.location.line
    /// ```
    public var location: SourceLocation { engine.state.pointee.location(of: offset) }

    /// Whether the whole input is one chunk, so that an offset of an earlier event can be located
    /// during any later one.
    var holdsWholeInput: Bool { engine.holdsWholeInput }

    /// Where `offset`, an absolute offset in the chunk of this event, is.
    func location(of offset: Int) -> SourceLocation { engine.state.pointee.location(of: offset) }

    /// The number of top-level values completed before this event (useful with
    /// ``JSONParserOptions/allowsMultipleValues``).
    ///
    /// ```swift
    /// context.valueIndex // 2 while reading the third line of an NDJSON file
    /// ```
    public var valueIndex: Int { engine.state.pointee.valuesCompleted }

    /// Stops the parse after this event, without an error: the rest of the input is not read.
    ///
    /// ```swift
    /// if case .string(let name) = event, name.equals("needle") { context.stopParsing() }
    /// ```
    public func stopParsing() {
        engine.state.pointee.stopRequested = true
    }

    /// On a `startObject` / `startArray` event: the handler's next event is the one that closes
    /// this container; nothing inside it is delivered (it is still parsed and checked).
    public func skipContents() {
        let state = engine.state
        switch event {
        case .startObject, .startArray:
            state.pointee.skipFrom = state.pointee.depth
            engine.beginFastSkip()
        default: break
        }
    }

    /// On a `startObject` event: the handler takes only the members whose names are in `names`;
    /// the others may be passed without any event at all, not even their keys (they are still
    /// parsed and checked).
    ///
    /// With a set made `atAnyDepth`, a member is passed only when its value holds none of the
    /// names either, at any depth. The caller keeps `names` alive until this object's end event.
    /// Errors and their locations are the same as when every member is delivered.
    ///
    /// ```swift
    /// static let wanted = MemberNameSet([Array("id".utf8)])
    /// mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
    ///     if case .startObject = event { context.takeOnlyMembers(named: Self.wanted) }
    /// }
    /// ```
    public func takeOnlyMembers(named names: MemberNameSet) {
        if case .startObject = event { engine.takeOnlyMembers(named: names.pointer) }
    }

    /// On a `startObject` event: as ``takeOnlyMembers(named:)`` with the chain's first level,
    /// and, in the object value of a member taken at one level, the names of the next level;
    /// the tokenizer may then read the whole object at once, once this event returns.
    ///
    /// The handler must take exactly the chain's names in every object along it (and be given
    /// nothing else there): the events it gets are those ``takeOnlyMembers(named:)`` at each
    /// level would give it.
    package func takeOnlyMembers(alongChain chain: MemberChain) {
        if case .startObject = event { engine.takeOnlyMembers(named: chain.first.pointer, chain: chain.pointer) }
    }

    /// On a `startObject` / `startArray` event: skips the container's contents when nothing
    /// inside it is named one of `names`.
    ///
    /// Skips as ``skipContents()`` does when the tokenizer finds from the bytes at hand that no
    /// member inside the container, at any depth, is named one of `names`; returns whether it
    /// did. Otherwise nothing changes and the contents are delivered as usual.
    ///
    /// For a handler that looks for some names at every depth (`$..name`): a container that
    /// holds none of them has nothing it wants.
    package func skipContentsUnlessMember(named names: MemberNameSet) -> Bool {
        switch event {
        case .startObject, .startArray: engine.skipUnlessHasMember(names.pointer)
        default: false
        }
    }

    /// On a `startArray` event: the handler takes nothing from this array's scalar elements.
    ///
    /// A string or number element that runs past its chunk is then checked without being kept,
    /// and delivered without its bytes (empty), as after ``skipValue()``.
    package func takeNoScalarElements() {
        guard case .startArray = event else { return }
        let state = engine.state
        state.pointee.frames[state.pointee.depth - 1].skipsScalarElements = true
    }

    /// On a `key` event: nobody wants the member's value.
    ///
    /// A string or number value that runs past its chunk is then checked without being kept, and
    /// delivered without its bytes (empty).
    package func skipValue() {
        if case .key = event { engine.state.pointee.skipsNextValue = true }
    }

    /// On a `startObject` / `startArray` event: as ``skipContents()``, but the contents go to
    /// `sink`.
    ///
    /// Containers the sink leaves out are not even delivered to it. The caller keeps `sink` alive
    /// until this container's end event.
    func skipContents(into sink: SkippedContentsSink) {
        let state = engine.state
        switch event {
        case .startObject, .startArray:
            state.pointee.skipFrom = state.pointee.depth
            state.pointee.sink = Unmanaged.passUnretained(sink)
            state.pointee.sinkSkipFrom = .max
        default: break
        }
    }

    /// On a `startObject` / `startArray` event: keeps the input from this token on, until
    /// ``endRetainingInput()``, for ``retainedInput()``.
    package func beginRetainingInput() {
        engine.beginRetainingInput(at: offset)
    }

    /// The input kept since ``beginRetainingInput()``, through this token: valid only during the
    /// `handle` call it was asked for in.
    package func retainedInput() -> UnsafeRawBufferPointer {
        engine.retainedInput()
    }

    /// Stops keeping input.
    package func endRetainingInput() {
        engine.endRetainingInput()
    }

    /// An error located at this token, carrying the current path, for handlers that reject a
    /// value.
    ///
    /// ```swift
    /// throw context.error("expected a string")
    /// ```
    public func error(_ message: String, underlying: (any Error)? = nil) -> JSONParseError {
        engine.contextFailure(message, tokenLength: tokenLength, underlying: underlying).error
    }
}
