import Sift

/// Connects a ``MappingRun`` to the actions layer (``MatchConsumer``).
struct MappingConsumer: MatchConsumer {
    let run: MappingRun

    var wantsLocations: Bool { run.wantsLocations }

    /// Mapping runs to the end of the input (failures are collected, not stopping).
    var canRequestStop: Bool { false }

    func receive(_ value: MatchedValue, at destination: MatchDestination, scope: Int, info: MatchInfo) throws {
        try run.receive(value, at: destination, scope: scope, info: info)
    }

    func receiveScalar(_ event: JSONEvent, at destination: MatchDestination, scope: Int) throws {
        try run.receiveScalar(event, at: destination, scope: scope)
    }

    func beginScope(
        program: Int, at destination: MatchDestination, parent: Int, isArray: Bool, info: MatchInfo
    ) throws -> Int {
        try run.beginScope(program: program, at: destination, parent: parent, isArray: isArray, info: info)
    }

    func endScope(_ scope: Int, at destination: MatchDestination) throws {
        try run.endScope(scope)
    }

    func mismatched(_ found: JSONEvent, at destination: MatchDestination, scope: Int, info: MatchInfo) {
        run.mismatched(found, at: destination, scope: scope, info: info)
    }

    func endDocument() throws {
        try run.endDocument()
    }
}
