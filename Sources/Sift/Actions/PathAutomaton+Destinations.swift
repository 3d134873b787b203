/// Typed destinations and result orders, in the terms the automaton knows (see ``MatchCapture``).
extension PathAutomaton {
    /// Adds a path whose values go to a destination of `kind`, reported with `tag`.
    package func addMatch(_ path: JSONPath, kind: DestinationKind, tag: Int, program: Int = 0) {
        var capture = kind.capture
        // A view's containers are captured flat only where no match can hold another: nested
        // captures share one value builder, whereas each tape would record every event again.
        if kind == .view && path.mayNestMatches { capture.subtract([.tapes, .text]) }
        addMatch(path, capture: capture, tag: tag, program: program)
    }

    /// The order of the matches of the paths added from now on.
    package var resultOrder: JSONQuery.ResultOrder {
        get { streamsMatches ? .streaming : .rfc9535 }
        set { streamsMatches = newValue == .streaming }
    }
}

extension JSONPath {
    /// Whether one match of the path may lie inside another: a descendant segment, or
    /// alternatives (whose lengths may differ).
    fileprivate var mayNestMatches: Bool {
        alternatives.count > 1
            || alternatives.contains { segments in
                segments.contains { if case .descendant = $0 { true } else { false } }
            }
    }
}

extension DestinationKind {
    /// How the matcher delivers the values that reach a destination of this kind.
    var capture: MatchCapture {
        var capture: MatchCapture = []
        if capturesContainers { capture.insert(.containers) }
        if acceptsScalars { capture.insert(.scalars) }
        if self == .value || self == .decoded { capture.insert(.scalarValues) }
        // A Codable type decodes a tape; a view writes it out, or builds a value when asked
        // (see `addMatch(_:kind:tag:program:)`), and so may take it as its text.
        if self == .decoded || self == .view { capture.insert(.tapes) }
        if self == .view { capture.insert(.text) }
        if self == .probe { capture.insert(.probe) }
        return capture
    }
}
