/// Runs a ``CompiledPaths`` automaton over the tokenizer's events.
///
/// Per open container it keeps the set of active states (entries on one stack); a key or an
/// array element computes the child's set from the parent's; a value whose set is empty is
/// skipped with a depth counter, with no per-token work inside it. In an object whose members
/// a single state picks by distinct names (the objects of mapped models, most queries' steps),
/// a key only looks up the one state its value enters, and a scalar goes straight to that
/// state's accepts. Only values that reach a destination asking for a container are captured
/// as ``JSONValue``s, and only that subtree.
///
/// The work is done by a non-generic engine that reaches the receiver through a box: a matcher
/// instantiated for a receiver in another module runs code compiled and optimised here, with no
/// generic metadata lookups per token. Copies of a matcher share its receiver.
@usableFromInline package struct PathMatcher<Receiver: PathMatchReceiver>: JSONEventHandler {
    @usableFromInline var engine: PathMatcherEngine
    private let box: MatchReceiverBox<Receiver>

    /// The receiver, with whatever it accumulated.
    package var receiver: Receiver {
        get { box.value }
        nonmutating _modify { yield &box.value }
    }

    /// What tests count: held matches, selective captures (see ``EngineDiagnostics``).
    package var diagnostics: EngineDiagnostics { engine.diagnostics }

    /// Creates a matcher for `paths` that reports to `receiver`.
    package init(paths: CompiledPaths, receiver: Receiver) {
        box = MatchReceiverBox(receiver)
        engine = PathMatcherEngine(paths: paths, receiver: box)
    }

    /// Handles one token.
    ///
    /// The matcher asks the tokenizer to skip the contents of containers no path enters
    /// (``JSONEventContext/skipContents()``): a handler that wraps a matcher sees only the events the
    /// matcher asked for.
    @inlinable
    package mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try engine.handle(event, context: context)
    }
}

/// The receiver calls the engine makes, without the receiver's type: overridden by
/// ``MatchReceiverBox``.
///
/// A class rather than a protocol so that the engine can hold it as an `Unmanaged` reference
/// and call it borrowed: an unowned existential was retained and released around every call.
class MatchReceiving {
    func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        preconditionFailure("overridden")
    }

    func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        preconditionFailure("overridden")
    }

    func receiveTape(_ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        preconditionFailure("overridden")
    }

    func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int {
        preconditionFailure("overridden")
    }

    func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        preconditionFailure("overridden")
    }

    func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        preconditionFailure("overridden")
    }

    func endDocument() throws {
        preconditionFailure("overridden")
    }

    var stopRequested: Bool { preconditionFailure("overridden") }
}

/// Holds a ``PathMatcher``'s receiver for its engine.
final class MatchReceiverBox<Receiver: PathMatchReceiver>: MatchReceiving {
    /// Reached only through the matcher, one call at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) var value: Receiver

    init(_ value: Receiver) {
        self.value = value
    }

    override func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        try self.value.receive(value, accept: accept, scope: scope, info: info)
    }

    override func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        try value.receiveScalar(event, accept: accept, scope: scope)
    }

    override func receiveTape(_ tape: JSONTape, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        try value.receiveTape(tape, accept: accept, scope: scope, info: info)
    }

    override func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int {
        try value.beginScope(accept: accept, parent: parent, isArray: isArray, info: info)
    }

    override func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try value.endScope(scope, accept: accept)
    }

    override func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        value.dropped(accept: accept, found: found, scope: scope, info: info)
    }

    override func endDocument() throws {
        try value.endDocument()
    }

    /// Read through an `inout` access: a plain read of a generic stored property copies the
    /// whole receiver out (and destroys the copy) on every call from unspecialised code.
    override var stopRequested: Bool { Self.stopRequested(of: &value) }

    private static func stopRequested(of receiver: inout Receiver) -> Bool {
        receiver.stopRequested
    }
}
