/// One match of a query, borrowed: valid only during the callback that receives it
/// (``JSONQuery/add(_:places:onMatch:)``).
///
/// The streaming form of a match, for consumers that write each value out as it comes (a
/// command-line tool, a filter): a scalar arrives as its tokenizer event, whose bytes are read
/// in place, with no ``JSONValue`` made for it; a container arrives captured, as its checked
/// text when nothing else needs its events (the tokenizer then passes it as it passes a skipped
/// container) or as flat entries over its bytes, and becomes a ``JSONValue`` only when ``value``
/// is read. Copy what you keep
/// (``value``) before the callback returns.
///
/// ```swift
/// var query = JSONQuery()
/// query.add(try JSONPath("$.items[*]"), places: .path) { match in
///     try match.write(to: writer)  // a scalar from the input's bytes, a container from its capture
///     print(match.path?.normalized ?? "$")
/// }
/// try query.run(.file("items.json"))
/// ```
public struct JSONMatchView {
    /// The places a query computes for each match of a viewed path (see
    /// ``JSONQuery/add(_:places:onMatch:)``): none by default, since each costs work per match.
    ///
    /// ```swift
    /// query.add(path, places: [.path, .location]) { match in print(match.path!, match.location!) }
    /// ```
    public struct Places: OptionSet, Sendable {
        /// The bits of the set.
        ///
        /// ```swift
        /// JSONMatchView.Places.path.rawValue  // 1
        /// ```
        public let rawValue: UInt8

        /// Creates a set of places from its raw value.
        ///
        /// ```swift
        /// let places = JSONMatchView.Places(rawValue: 3)  // [.path, .location]
        /// ```
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// The normalized path of each match (``JSONMatchView/path``).
        public static let path = Places(rawValue: 1)
        /// Where each match starts in the input (``JSONMatchView/location``).
        public static let location = Places(rawValue: 2)
    }

    /// What was matched: a borrowed scalar, a value, or a container's capture.
    enum Content {
        case matched(MatchedValue)
        case tape(JSONTape)
    }

    let content: Content
    let info: MatchInfo
    let stopper: StopSignal

    init(matched: MatchedValue, info: MatchInfo, stopper: StopSignal) {
        content = .matched(matched)
        self.info = info
        self.stopper = stopper
    }

    init(tape: JSONTape, info: MatchInfo, stopper: StopSignal) {
        content = .tape(tape)
        self.info = info
        self.stopper = stopper
    }

    /// The event of a scalar match (`string`, `number`, `bool` or `null`), its bytes borrowed from
    /// the tokenizer; nil for a container (and for a scalar held back to be delivered in order,
    /// which arrives as ``value``).
    ///
    /// ```swift
    /// if case .string(let bytes)? = match.scalar { print(bytes.string) }
    /// ```
    public var scalar: JSONEvent? {
        if case .matched(.scalar(let event)) = content { return event }
        return nil
    }

    /// The matched value: a scalar is copied into a ``JSONValue``, and a container built from
    /// its capture, each time this is read (read it once).
    ///
    /// ```swift
    /// let kept: JSONValue = match.value
    /// ```
    public var value: JSONValue {
        switch content {
        case .matched(let matched): matched.jsonValue
        case .tape(let tape): tape.jsonValue()
        }
    }

    /// Writes the matched value to `writer`: the bytes `writer.write(match.value)` writes, from
    /// the input's bytes for a scalar and from the capture for a container, with no
    /// ``JSONValue`` built (compact output copies a container's text, rewriting only its
    /// whitespace and the escapes the writer writes otherwise).
    ///
    /// ```swift
    /// query.add(try JSONPath("$.items[*]")) { match in
    ///     try match.write(to: writer)
    ///     try writer.reset()
    /// }
    /// ```
    public func write<Sink: JSONOutputSink>(to writer: JSONWriter<Sink>) throws(JSONWriterError) {
        switch content {
        case .matched(.scalar(let event)): try writer.writeMatched(event)
        case .matched(.value(let value)): try writer.write(value)
        case .tape(let tape): try writer.write(tape)
        }
    }

    /// The RFC 9535 normalized path of the value, when the query was asked for it
    /// (``Places/path``); otherwise nil, unless another path of the query needed it.
    ///
    /// ```swift
    /// match.path?.normalized  // "$['items'][0]['id']"
    /// ```
    public var path: JSONNodePath? { info.path }

    /// Where the value starts in the input, when the query was asked for it
    /// (``Places/location``); otherwise nil, unless another path of the query needed it.
    ///
    /// ```swift
    /// match.location?.line
    /// ```
    public var location: SourceLocation? { info.location }

    /// Stops the parse after this match: the rest of the input is not read.
    ///
    /// ```swift
    /// match.stopParsing()
    /// ```
    public func stopParsing() {
        stopper.isRaised = true
    }
}

extension JSONQuery {
    /// Adds a path whose matches are handed to `onMatch` as borrowed views, each as soon as its
    /// value is complete (for a combined path, when the document ends, in combination order).
    ///
    /// The fastest way to stream matches out: scalars are not copied (``JSONMatchView/scalar``),
    /// and only the `places` asked for are computed.
    ///
    /// ```swift
    /// var query = JSONQuery()
    /// query.add(try JSONPath("$..uri")) { match in
    ///     if let event = match.scalar { try writer.write(event) } else { try writer.write(match.value) }
    /// }
    /// try query.run(.file("feed.json"))
    /// ```
    public mutating func add(
        _ path: JSONPath, places: JSONMatchView.Places = [], onMatch: @escaping (JSONMatchView) throws -> Void
    ) {
        slots.append(ViewSlotFactory(places: places, alternatives: path.alternatives.count, body: onMatch))
        paths.append((path, .view))
    }
}

struct ViewSlotFactory: QuerySlotFactory {
    let places: JSONMatchView.Places
    let alternatives: Int
    let body: (JSONMatchView) throws -> Void
    func make() -> any QuerySlot { ViewSlot(places: places, alternatives: alternatives, body: body) }
}

/// Hands a path's matches to a callback as ``JSONMatchView``s.
final class ViewSlot: QuerySlot {
    let places: JSONMatchView.Places
    let alternatives: Int
    let body: (JSONMatchView) throws -> Void
    /// The matches of a combined path, copied and held until the document ends.
    var held: [[(value: JSONValue, info: MatchInfo)]] = []

    init(places: JSONMatchView.Places, alternatives: Int, body: @escaping (JSONMatchView) throws -> Void) {
        self.places = places
        self.alternatives = alternatives
        self.body = body
    }

    var needsPaths: Bool { places.contains(.path) }
    var needsLocations: Bool { places.contains(.location) }
    var mayNeedLocations: Bool { false }
    var holdsMatches: Bool { alternatives > 1 }

    func receive(_ value: CapturedMatch, alternative: Int, info: MatchInfo, stopper: StopSignal) throws {
        let view: JSONMatchView
        switch value {
        case .matched(let value): view = JSONMatchView(matched: value, info: info, stopper: stopper)
        case .tape(let tape): view = JSONMatchView(tape: tape, info: info, stopper: stopper)
        }
        guard alternatives > 1 else {
            try body(view)
            return
        }
        while held.count <= alternative { held.append([]) }
        held[alternative].append((view.value, info))
    }

    func endDocument(stopper: StopSignal) throws {
        let batches = held
        held = []
        for batch in batches {
            for (value, info) in batch where !stopper.isRaised {
                try body(JSONMatchView(matched: .value(value), info: info, stopper: stopper))
            }
        }
    }
}
