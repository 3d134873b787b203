/// Typed destinations and result orders, in the terms the automaton knows (see ``MatchCapture``).
extension PathAutomaton {
    /// Adds a path whose values go to a destination of `kind`, reported with `tag`.
    package func addMatch(_ path: JSONPath, kind: DestinationKind, tag: Int, program: Int = 0) {
        addMatch(path, capture: kind.capture, tag: tag, program: program)
    }

    /// The order of the matches of the paths added from now on.
    package var resultOrder: JSONQuery.ResultOrder {
        get { streamsMatches ? .streaming : .rfc9535 }
        set { streamsMatches = newValue == .streaming }
    }
}

extension DestinationKind {
    /// How the matcher delivers the values that reach a destination of this kind.
    var capture: MatchCapture {
        var capture: MatchCapture = []
        if capturesContainers { capture.insert(.containers) }
        if acceptsScalars { capture.insert(.scalars) }
        if self == .value || self == .decoded { capture.insert(.scalarValues) }
        if self == .decoded { capture.insert(.tapes) }
        if self == .probe { capture.insert(.probe) }
        return capture
    }
}
