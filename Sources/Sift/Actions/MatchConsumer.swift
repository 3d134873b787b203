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

    @inlinable
    package init(_ accept: PathAutomaton.Accept) {
        tag = accept.tag
        alternative = accept.alternative
    }
}

/// A consumer of the actions layer: the deliveries of matches, by capture mode, to the
/// consumer's own destinations (``MatchDestination``).
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
/// let matcher = PathMatcher(paths: paths, receiver: Titles())
/// ```
package protocol MatchConsumer: PathMatchReceiver {
    /// A scalar as its event, valid only during the call, with no place: the fast path.
    mutating func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws
    /// A value (a borrowed scalar or a captured subtree) with its place, as asked.
    mutating func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws
    /// A container for a Codable destination, captured flat (see `wantsTapes`).
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
}

// MARK: - The matcher's receiver, implemented once

extension MatchConsumer {
    /// A scalar taken as its event: a probe's report, or the consumer's fast path.
    @inlinable
    package mutating func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        if _slowPath(accept.isProbe) {
            probed(event, at: MatchDestination(accept), scope: scope, info: MatchInfo())
            return
        }
        try receiveScalar(event, at: MatchDestination(accept), scope: scope)
    }

    /// A value for a destination; for a probe, what began there.
    @inlinable
    package mutating func receive(
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
    package mutating func receiveTape(
        _ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo
    ) throws {
        try receiveTape(tape, at: MatchDestination(accept), scope: scope, info: info)
    }

    /// A model's scope opens, with the program that runs in it.
    @inlinable
    package mutating func beginScope(
        accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        guard case .scope(let program) = accept.kind else { return -1 }
        return try beginScope(
            program: program, at: MatchDestination(accept), parent: parent, isArray: isArray, info: info)
    }

    /// A model's scope closes.
    @inlinable
    package mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try endScope(scope, at: MatchDestination(accept))
    }

    /// A value was dropped: a probe's report, or a mismatch.
    @inlinable
    package mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
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
    package var isProbe: Bool {
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
    package func converted<T: JSONScalarConvertible>(to type: T.Type) throws(JSONConversionError) -> T {
        switch self {
        case .scalar(let event): try T.converting(event)
        case .value(let value): try T.converting(value)
        }
    }
}
