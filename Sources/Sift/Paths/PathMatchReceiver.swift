/// A value that reached an accepting state: a scalar still borrowed from the tokenizer, or a
/// captured subtree.
package enum MatchedValue {
    /// A scalar event (`string`, `number`, `bool`, `null`), valid only during the call.
    case scalar(JSONEvent)
    /// A captured value (containers, block results, buffered matches).
    case value(JSONValue)

    /// The value as a ``JSONValue`` (copies a borrowed scalar).
    package var jsonValue: JSONValue {
        switch self {
        case .scalar(let event): JSONValue(scalar: event) ?? .null
        case .value(let value): value
        }
    }

    /// Converts to a destination's type; `info` locates decoding errors.
    func convert<Value>(_ destination: Destination<Value>, info: MatchInfo) throws -> Value? {
        if let located = destination.fromLocatedValue { return try located(jsonValue, info) }
        switch self {
        case .scalar(let event): return try destination.fromScalar(event)
        case .value(let value): return try destination.fromValue(value)
        }
    }
}

/// Where and what a match is.
package struct MatchInfo: Sendable {
    /// The normalized path of the value, when the receiver asked for paths.
    package var path: JSONNodePath?
    /// The location of the value's first byte, when the receiver asked for locations.
    package var location: SourceLocation?
}

/// The consumer of a matcher: values for destinations, and the opening and closing of scopes.
///
/// Scope identifiers are the receiver's own: `beginScope` returns one, later values inside that
/// scope carry it, `endScope` closes it. The document root is scope `-1`.
package protocol PathMatchReceiver {
    /// Whether ``MatchInfo/path`` should be filled (costs a `String` per key on the path).
    var wantsPaths: Bool { get }
    /// Whether ``MatchInfo/location`` should be filled.
    var wantsLocations: Bool { get }

    /// A value for the destination of `accept`, inside scope `scope`.
    mutating func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws

    /// A container reached the scope accept `accept` inside scope `parent`: returns the new
    /// scope's identifier.
    mutating func beginScope(accept: PathAutomaton.Accept, parent: Int, info: MatchInfo) throws -> Int

    /// The container of scope `scope` closed.
    mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws

    /// A value reached a destination of another type and was dropped.
    mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, info: MatchInfo)

    /// A top-level value ended (each value of a multi-value input).
    mutating func endDocument() throws

    /// Whether the consumer asked to stop the parse.
    var stopRequested: Bool { get }
}

extension PathMatchReceiver {
    package var wantsPaths: Bool { false }
    package var wantsLocations: Bool { false }
    package mutating func beginScope(accept: PathAutomaton.Accept, parent: Int, info: MatchInfo) throws -> Int { -1 }
    package mutating func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {}
    package mutating func dropped(accept: PathAutomaton.Accept, found: JSONEvent, info: MatchInfo) {}
    package mutating func endDocument() throws {}
    package var stopRequested: Bool { false }
}
