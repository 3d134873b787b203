import Sift

/// Connects a ``MappingRun`` to the path matcher.
struct MappingReceiver: PathMatchReceiver {
    let run: MappingRun

    var wantsLocations: Bool { run.wantsLocations }

    /// Mapping runs to the end of the input (failures are collected, not stopping).
    var canRequestStop: Bool { false }

    func receive(_ value: MatchedValue, accept: PathAutomaton.Accept, scope: Int, info: MatchInfo) throws {
        try run.receive(value, accept: accept, scope: scope, info: info)
    }

    func receiveScalar(_ event: JSONEvent, accept: PathAutomaton.Accept, scope: Int) throws {
        try run.receiveScalar(event, accept: accept, scope: scope)
    }

    func beginScope(accept: PathAutomaton.Accept, parent: Int, isArray: Bool, info: MatchInfo) throws -> Int {
        try run.beginScope(accept: accept, parent: parent, isArray: isArray, info: info)
    }

    func endScope(_ scope: Int, accept: PathAutomaton.Accept) throws {
        try run.endScope(scope)
    }

    func dropped(accept: PathAutomaton.Accept, found: JSONEvent, scope: Int, info: MatchInfo) {
        run.dropped(accept: accept, found: found, scope: scope, info: info)
    }

    func endDocument() throws {
        try run.endDocument()
    }
}
