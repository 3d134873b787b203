/// Where a match goes, in its consumer's own terms: the identifier the consumer gave the path
/// when it added it, and the alternative of a combined path the match came from.
///
/// The matcher's accepts (``PathAutomaton/Accept``) stay inside the engine: a consumer sees
/// only what it chose itself.
///
/// ```swift
/// automaton.addMatch(path, kind: .string, tag: titleTag)
/// // ... later, in a MatchConsumer:
/// // destination.tag == titleTag, destination.alternative == 0
/// ```
package struct MatchDestination: Sendable, Hashable {
    /// The identifier given to the path when it was added (its `tag`).
    package var tag: Int
    /// The alternative of a combined path (``JSONPath/combine(with:)``), in combination order.
    package var alternative: Int

    package init(tag: Int, alternative: Int) {
        self.tag = tag
        self.alternative = alternative
    }

    @inline(__always)
    init(_ accept: PathAutomaton.Accept) {
        tag = accept.tag
        alternative = accept.alternative
    }
}

/// A consumer of the actions layer: the deliveries of matches, by capture mode, to the
/// consumer's own destinations (``MatchDestination``).
///
/// Capture modes, chosen per destination when its path is added (``DestinationKind``):
/// - a scalar as its event, borrowed from the tokenizer (``receiveScalar(_:at:scope:)``);
/// - a typed scalar or a ``JSONValue`` subtree (``receive(_:at:scope:info:)``, converted
///   through ``MatchedValue/converted(to:)``, the one conversion table);
/// - a flat ``JSONTape`` for Codable destinations (``receiveTape(_:at:scope:info:)``);
/// - the begin and end of a model's scope (``beginScope(program:at:parent:isArray:info:)``);
/// - a presence probe: what began at a path, captured or not (``probed(_:at:scope:info:)``);
/// - a value of the wrong kind, dropped (``mismatched(_:at:scope:info:)``).
///
/// ```swift
/// struct Titles: MatchConsumer {
///     var titles: [String] = []
///     mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
///         if let title = try? value.converted(to: String.self) { titles.append(title) }
///     }
/// }
/// let matcher = PathMatcher(paths: paths, consumer: Titles())
/// ```
package protocol MatchConsumer {
    /// Whether ``MatchInfo/path`` should be filled (costs a `String` per key on the path).
    var wantsPaths: Bool { get }
    /// Whether ``MatchInfo/location`` should be filled.
    var wantsLocations: Bool { get }
    /// Whether scalars should carry their place, computed on demand while they are delivered.
    var wantsPlacesOnDemand: Bool { get }
    /// Whether Codable containers may arrive as tapes (``receiveTape(_:at:scope:info:)``).
    var wantsTapes: Bool { get }
    /// Whether the consumer asked to stop the parse.
    var stopRequested: Bool { get }
    /// Whether ``stopRequested`` can ever become true (read once).
    var canRequestStop: Bool { get }

    /// A scalar as its event, valid only during the call, with no place: the fast path.
    mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws
    /// A value (a borrowed scalar or a captured subtree) with its place, as asked.
    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws
    /// A container for a Codable destination, captured flat (see ``wantsTapes``).
    mutating func receiveTape(_ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo) throws
    /// A container reached a model scope: returns the new scope's identifier (the root is `-1`).
    mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int
    /// The container of scope `scope` closed.
    mutating func endScope(_ scope: Int, at destination: MatchDestination) throws
    /// A value began at a probed path (``DestinationKind/probe``): `found` is a scalar or the
    /// opening event of a container, whose contents are skipped.
    mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo)
    /// A value of a kind the destination does not take was dropped (`found`: a container's
    /// opening event, or a scalar reaching a scope).
    mutating func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo)
    /// A top-level value ended.
    mutating func endDocument() throws
}

extension MatchConsumer {
    package var wantsPaths: Bool { false }
    package var wantsLocations: Bool { false }
    package var wantsPlacesOnDemand: Bool { false }
    package var wantsTapes: Bool { false }
    package var stopRequested: Bool { false }
    package var canRequestStop: Bool { true }

    package mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
        try receive(.scalar(event), at: destination, scope: scope, info: MatchInfo())
    }

    package mutating func receiveTape(
        _ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo
    ) throws {
        try receive(.value(tape.jsonValue()), at: destination, scope: scope, info: info)
    }

    package mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int { -1 }

    package mutating func endScope(_ scope: Int, at destination: MatchDestination) throws {}

    package mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {}

    package mutating func mismatched(
        _ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo
    ) {}

    package mutating func endDocument() throws {}
}

/// The one receiver of the matcher: turns its accepts into a ``MatchConsumer``'s deliveries.
///
/// Generic over the consumer, so that every call is specialised and the scalar fast path is an
/// inlined call, with no existential per event.
///
/// ```swift
/// let matcher = PathMatcher(paths: paths, consumer: consumer)
/// try JSONTokenizer(handler: matcher).parse(input)
/// ```
package struct MatchActions<Consumer: MatchConsumer>: PathMatchReceiver {
    /// The consumer, with whatever it accumulated.
    package var consumer: Consumer

    package init(_ consumer: Consumer) {
        self.consumer = consumer
    }

    package var wantsPaths: Bool { consumer.wantsPaths }
    package var wantsLocations: Bool { consumer.wantsLocations }
    package var wantsPlacesOnDemand: Bool { consumer.wantsPlacesOnDemand }
    package var wantsTapes: Bool { consumer.wantsTapes }
    package var stopRequested: Bool { consumer.stopRequested }
    package var canRequestStop: Bool { consumer.canRequestStop }

    @inline(__always)
    package mutating func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        if _slowPath(accept.isProbe) {
            consumer.probed(event, at: MatchDestination(accept), scope: scope, info: MatchInfo())
            return
        }
        try consumer.receiveScalar(event, at: MatchDestination(accept), scope: scope)
    }

    @inline(__always)
    package mutating func receive(
        _ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo
    ) throws {
        if _slowPath(accept.isProbe) {
            // A probe reports what began; a value held for ordering was already reported.
            if case .scalar(let event) = value {
                consumer.probed(event, at: MatchDestination(accept), scope: scope, info: info)
            }
            return
        }
        try consumer.receive(value, at: MatchDestination(accept), scope: scope, info: info)
    }

    @inline(__always)
    package mutating func receiveTape(
        _ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo
    ) throws {
        try consumer.receiveTape(tape, at: MatchDestination(accept), scope: scope, info: info)
    }

    @inline(__always)
    package mutating func beginScope(
        accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        guard case .scope(let program) = accept.kind else { return -1 }
        return try consumer.beginScope(
            program: program, at: MatchDestination(accept), parent: parent, isArray: isArray, info: info)
    }

    @inline(__always)
    package mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try consumer.endScope(scope, at: MatchDestination(accept))
    }

    @inline(__always)
    package mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        if accept.isProbe {
            consumer.probed(found, at: MatchDestination(accept), scope: scope, info: info)
        } else {
            consumer.mismatched(found, at: MatchDestination(accept), scope: scope, info: info)
        }
    }

    @inline(__always)
    package mutating func endDocument() throws {
        try consumer.endDocument()
    }
}

extension PathAutomaton.Accept {
    /// Whether the destination is a presence probe (``DestinationKind/probe``).
    @inline(__always)
    var isProbe: Bool {
        guard case .match(let capture) = kind else { return false }
        return capture.contains(.probe)
    }
}

extension PathMatcher {
    /// Creates a matcher for `paths` whose matches go through the actions layer to `consumer`.
    ///
    /// ```swift
    /// let matcher = PathMatcher(paths: CompiledPaths(automaton), consumer: consumer)
    /// ```
    package init<Consumer>(paths: CompiledPaths, consumer: Consumer) where Receiver == MatchActions<Consumer> {
        self.init(paths: paths, receiver: MatchActions(consumer))
    }
}

extension MatchedValue {
    /// The value as `T`, through the one conversion table (``JSONScalarConvertible``).
    ///
    /// ```swift
    /// let url = try value.converted(to: URL.self)  // JSONConversionError names what was found
    /// ```
    package func converted<T: JSONScalarConvertible>(to type: T.Type) throws(JSONConversionError) -> T {
        switch self {
        case .scalar(let event): try T.converting(event)
        case .value(let value): try T.converting(value)
        }
    }
}
