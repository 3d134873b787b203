/// Where a match goes, in its consumer's own terms: the identifier the consumer gave the path
/// when it added it, and the alternative of a combined path the match came from.
///
/// The matcher's accepts stay inside the engine: a consumer sees only what it chose itself.
///
/// ```swift
/// builder.addMatch(path, kind: .string, tag: titleTag)
/// // ... later, in a MatchConsumer:
/// // destination.tag == titleTag, destination.alternative == 0
/// ```
public struct MatchDestination: Sendable, Hashable {
    /// The identifier given to the path when it was added (its `tag`).
    ///
    /// ```swift
    /// if destination.tag == titleTag { titles.append(text) }
    /// ```
    public var tag: Int
    /// The alternative of a combined path (``JSONPath/combine(with:)``), in combination order.
    ///
    /// ```swift
    /// let fromFallback = destination.alternative > 0
    /// ```
    public var alternative: Int

    /// A destination by its tag and alternative.
    ///
    /// ```swift
    /// let title = MatchDestination(tag: 0, alternative: 0)
    /// ```
    public init(tag: Int, alternative: Int) {
        self.tag = tag
        self.alternative = alternative
    }

    /// The destination of an accept of the matcher.
    @inlinable
    public init(_ accept: PathAutomaton.Accept) {
        tag = accept.tag
        alternative = accept.alternative
    }
}

/// A consumer of the actions layer: the deliveries of matches, by capture mode, to the
/// consumer's own destinations (``MatchDestination``).
///
/// The seam every model builder is written on, in this package and outside it: compile paths
/// and scopes into a ``MatchProgram``, run it with a consumer, and the consumer receives each
/// match in its own terms.
///
/// The matcher's receiver protocol (``PathMatchReceiver``) is implemented once, here, for every
/// consumer: its extension turns accepts into deliveries. The implementation is inlinable and
/// generic over the consumer, so each consumer's module specialises it: a delivery is a direct
/// call, with no existential and no extra hop per event, and the scalar fast path stays inlined.
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
/// What a consumer asks of the matcher (`wantsPaths`, `wantsTapes`, `stopRequested`...) and
/// `endDocument()` are the receiver's own requirements.
///
/// ```swift
/// struct Titles: MatchConsumer {
///     var titles: [String] = []
///     mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) {
///         if let title = try? value.converted(to: String.self) { titles.append(title) }
///     }
/// }
/// let program = MatchProgram { try $0.addMatch(JSONPath("$.body[*].title"), kind: .string, tag: 0) }
/// let titles = try program.run(.file("feed.json"), consumer: Titles()).titles
/// ```
///
/// A consumer runs on one task; errors it throws end the run and reach the caller unchanged.
public protocol MatchConsumer: PathMatchReceiver {
    /// A scalar as its event, valid only during the call, with no place: the fast path.
    mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws
    /// A value (a borrowed scalar or a captured subtree) with its place, as asked.
    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws
    /// A container for a Codable destination, captured flat (see `wantsTapes`): the engine's
    /// own decoders read it; by default it goes to ``receive(_:at:scope:info:)`` as a ``JSONValue``.
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
}

extension MatchConsumer {
    /// By default a scalar goes to ``receive(_:at:scope:info:)`` with no place.
    ///
    /// ```swift
    /// mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) {
    ///     if case .string(let bytes) = event { names.append(bytes.string) }
    /// }
    /// ```
    public mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
        try receive(.scalar(event), at: destination, scope: scope, info: MatchInfo())
    }

    /// By default a flat container goes to ``receive(_:at:scope:info:)`` as a ``JSONValue``.
    ///
    /// ```swift
    /// var wantsTapes: Bool { false }  // the matcher then captures JSONValues directly
    /// ```
    public mutating func receiveTape(
        _ tape: JSONTape, at destination: MatchDestination, scope: Int, info: MatchInfo
    ) throws {
        try receive(.value(tape.jsonValue()), at: destination, scope: scope, info: info)
    }

    /// By default no scope opens (the values inside it come with scope `-1`).
    ///
    /// ```swift
    /// mutating func beginScope(program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo) -> Int {
    ///     items.append(Item()); return items.count - 1
    /// }
    /// ```
    public mutating func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int { -1 }

    /// By default nothing happens when a scope closes.
    ///
    /// ```swift
    /// mutating func endScope(_ scope: Int, at destination: MatchDestination) { finished.append(items[scope]) }
    /// ```
    public mutating func endScope(_ scope: Int, at destination: MatchDestination) throws {}

    /// By default a probe's report is ignored.
    ///
    /// ```swift
    /// mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) { seen = true }
    /// ```
    public mutating func probed(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {}

    /// By default a value of the wrong kind is dropped silently.
    ///
    /// ```swift
    /// mutating func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
    ///     problems.append("\(info.path ?? .root): \(found)")
    /// }
    /// ```
    public mutating func mismatched(
        _ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo
    ) {}
}

// MARK: - The matcher's receiver, implemented once

extension MatchConsumer {
    /// A scalar taken as its event: a probe's report, or the consumer's fast path.
    @inlinable
    public mutating func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        if _slowPath(accept.isProbe) {
            probed(event, at: MatchDestination(accept), scope: scope, info: MatchInfo())
            return
        }
        try receiveScalar(event, at: MatchDestination(accept), scope: scope)
    }

    /// A value for a destination; for a probe, what began there.
    @inlinable
    public mutating func receive(
        _ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo
    ) throws {
        if _slowPath(accept.isProbe) {
            // A probe reports what began; a value held for ordering is not reported again.
            if case .scalar(let event) = value { probed(event, at: MatchDestination(accept), scope: scope, info: info) }
            return
        }
        try receive(value, at: MatchDestination(accept), scope: scope, info: info)
    }

    /// A Codable container captured flat.
    @inlinable
    public mutating func receiveTape(
        _ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo
    ) throws {
        try receiveTape(tape, at: MatchDestination(accept), scope: scope, info: info)
    }

    /// A model's scope opens, with the program that runs in it.
    @inlinable
    public mutating func beginScope(
        accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        guard case .scope(let program) = accept.kind else { return -1 }
        return try beginScope(
            program: program, at: MatchDestination(accept), parent: parent, isArray: isArray, info: info)
    }

    /// A model's scope closes.
    @inlinable
    public mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try endScope(scope, at: MatchDestination(accept))
    }

    /// A value was dropped: a probe's report, or a mismatch.
    @inlinable
    public mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        if accept.isProbe {
            probed(found, at: MatchDestination(accept), scope: scope, info: info)
        } else {
            mismatched(found, at: MatchDestination(accept), scope: scope, info: info)
        }
    }
}

extension PathAutomaton.Accept {
    /// Whether the destination is a presence probe (``DestinationKind/probe``).
    @inlinable
    public var isProbe: Bool {
        guard case .match(let capture) = kind else { return false }
        return capture.contains(.probe)
    }
}

extension MatchedValue {
    /// The value as `T`, through the one conversion table (``JSONScalarConvertible``).
    ///
    /// ```swift
    /// let url = try value.converted(to: URL.self)  // JSONConversionError names what was found
    /// ```
    @inlinable
    public func converted<T: JSONScalarConvertible>(to type: T.Type) throws(JSONConversionError) -> T {
        switch self {
        case .scalar(let event): try T.converting(event)
        case .value(let value): try T.converting(value)
        }
    }
}
