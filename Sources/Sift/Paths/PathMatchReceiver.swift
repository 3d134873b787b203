/// A value that reached a destination: a scalar still borrowed from the tokenizer, or a
/// captured subtree.
///
/// ```swift
/// switch value {
/// case .scalar(let event): print(event)        // valid only during the delivery
/// case .value(let json): print(json)           // a container, or a value held for ordering
/// }
/// ```
public enum MatchedValue {
    /// A scalar event (`string`, `number`, `bool`, `null`), valid only during the call.
    case scalar(JSONEvent)
    /// A captured value (containers, block results, buffered matches).
    case value(JSONValue)

    /// The value as a ``JSONValue`` (copies a borrowed scalar).
    ///
    /// ```swift
    /// let kept: JSONValue = value.jsonValue
    /// ```
    public var jsonValue: JSONValue {
        switch self {
        case .scalar(let event): JSONValue(scalar: event) ?? .null
        case .value(let value): value
        }
    }
}

/// Where a match is: its normalized path and location, when the consumer asked for them
/// (``PathMatchReceiver/wantsPaths``, ``PathMatchReceiver/wantsLocations``).
///
/// ```swift
/// print(info.path?.description ?? "$", info.location?.line ?? 0)
/// ```
public struct MatchInfo: Sendable {
    /// The normalized path of the value, when the receiver asked for paths.
    ///
    /// ```swift
    /// info.path?.description  // "$.items[2].name"
    /// ```
    public var path: JSONNodePath?
    /// The location of the value's first byte, when the receiver asked for locations.
    ///
    /// ```swift
    /// info.location?.line  // 3
    /// ```
    public var location: SourceLocation?
    /// The event of a scalar being delivered, when the receiver asked for places on demand.
    ///
    /// Valid only during the delivery (see ``resolved()``). For a container located on demand
    /// (``start``), the event that delivers it: its end.
    var pending: PendingPlace?
    /// For a container located on demand: the absolute offset of its first byte, located
    /// through ``pending`` (only when the whole input is one chunk); -1 otherwise.
    var start = -1

    /// A place with what is known of it.
    ///
    /// ```swift
    /// let nowhere = MatchInfo()
    /// ```
    public init(path: JSONNodePath? = nil, location: SourceLocation? = nil) {
        self.path = path
        self.location = location
    }

    /// The path, computed from the pending event if need be (`$` when unknown).
    var resolvedPath: JSONNodePath { path ?? pending?.context.path ?? .root }

    /// The location, computed from the pending event if need be.
    var resolvedLocation: SourceLocation? {
        if let location { return location }
        guard let context = pending?.context else { return nil }
        return start >= 0 ? context.location(of: start) : context.location
    }

    /// The info with path and location computed, independent of the event being delivered.
    func resolved() -> MatchInfo {
        guard pending != nil else { return self }
        return MatchInfo(path: resolvedPath, location: resolvedLocation)
    }
}

/// The event a match was found at, while it is being delivered.
struct PendingPlace: @unchecked Sendable {
    let context: JSONEventContext
}

/// What a consumer of matches asks of the matcher, and the matcher's own deliveries.
///
/// A model builder conforms through ``MatchConsumer``, which refines this protocol and
/// implements its deliveries; it sets only what it needs here (all have defaults).
///
/// ```swift
/// struct Located: MatchConsumer {
///     var wantsLocations: Bool { true }
///     mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
///         print(info.location?.line ?? 0)
///     }
/// }
/// ```
///
/// Scope identifiers are the receiver's own: `beginScope` returns one, later values inside that
/// scope carry it, `endScope` closes it. The document root is scope `-1`. The deliveries in the
/// matcher's terms (an accept of ``PathAutomaton``) are the engine's:
/// ``MatchConsumer`` implements them once, inlinable, for every consumer.
public protocol PathMatchReceiver {
    /// Whether ``MatchInfo/path`` should be filled (costs a `String` per key on the path).
    var wantsPaths: Bool { get }
    /// Whether ``MatchInfo/location`` should be filled.
    var wantsLocations: Bool { get }
    /// Whether scalars delivered at once should carry their event, so that their path and
    /// location can be computed on demand while `receive` runs (containers get them filled).
    var wantsPlacesOnDemand: Bool { get }
    /// Whether containers captured for Codable destinations (with no block and no reordering)
    /// may arrive flat instead of as ``JSONValue``s.
    var wantsTapes: Bool { get }

    /// A value for the destination of `accept`, inside scope `scope`.
    mutating func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws

    /// A scalar for the destination of `accept` (one that takes scalars as events, with no block
    /// and no reordering), inside scope `scope`, for a receiver that wants no paths, locations
    /// or places: `receive(_:accept:scope:info:)` with an empty info, which is its default.
    mutating func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws

    /// A container for the Codable destination of `accept`, captured flat (see ``wantsTapes``).
    mutating func receiveTape(_ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws

    /// A container (an array when `isArray`, else an object) reached the scope accept `accept`
    /// inside scope `parent`: returns the new scope's identifier.
    mutating func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int

    /// The container of scope `scope` closed.
    mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws

    /// A value reached a destination of another type, inside scope `scope`, and was dropped
    /// (`found` is its event: the opening one for a container, whose contents are skipped).
    mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo)

    /// A top-level value ended (each value of a multi-value input).
    mutating func endDocument() throws

    /// Whether the consumer asked to stop the parse.
    var stopRequested: Bool { get }

    /// Whether ``stopRequested`` can ever become true (read once): a receiver that never stops
    /// spares the matcher a call after every delivered value.
    var canRequestStop: Bool { get }
}

extension PathMatchReceiver {
    /// No paths by default.
    ///
    /// ```swift
    /// var wantsPaths: Bool { true }  // to have them
    /// ```
    public var wantsPaths: Bool { false }
    /// No locations by default.
    ///
    /// ```swift
    /// var wantsLocations: Bool { true }  // to have them
    /// ```
    public var wantsLocations: Bool { false }
    /// No places on demand by default.
    ///
    /// ```swift
    /// var wantsPlacesOnDemand: Bool { true }  // to resolve info.path while receive runs
    /// ```
    public var wantsPlacesOnDemand: Bool { false }
    /// Containers arrive as ``JSONValue``s by default.
    ///
    /// ```swift
    /// var wantsTapes: Bool { false }
    /// ```
    public var wantsTapes: Bool { false }
    /// Nothing to do at the end of a value by default.
    ///
    /// ```swift
    /// mutating func endDocument() throws { documents += 1 }
    /// ```
    public mutating func endDocument() throws {}
    /// Never stops by default.
    ///
    /// ```swift
    /// var stopRequested: Bool { found != nil }
    /// ```
    public var stopRequested: Bool { false }
    /// May stop (``stopRequested`` is read after each value) by default.
    ///
    /// ```swift
    /// var canRequestStop: Bool { false }  // runs to the end of the input
    /// ```
    public var canRequestStop: Bool { true }
}
