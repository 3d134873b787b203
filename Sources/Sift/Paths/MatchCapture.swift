/// How a destination takes the values that reach it: all the matcher knows of a destination.
///
/// What a value then becomes (a `Bool`, a URL, a decoded model) is the actions' business
/// (`DestinationKind`, in Actions/); the matcher only needs to know which values to deliver, and
/// whether as borrowed events, captured ``JSONValue``s or flat ``JSONTape``s.
public struct MatchCapture: OptionSet, Sendable, Hashable {
    /// The bits of the modes.
    public let rawValue: UInt8

    /// The modes of `rawValue`'s bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Containers that reach the destination are captured (as a ``JSONValue``, or as a
    /// ``JSONTape`` with ``tapes``); without it they are dropped.
    public static let containers = MatchCapture(rawValue: 1)
    /// Scalars reach the destination; without it they are dropped.
    public static let scalars = MatchCapture(rawValue: 2)
    /// Scalars are captured as ``JSONValue``s instead of being delivered as their events.
    public static let scalarValues = MatchCapture(rawValue: 4)
    /// A container may arrive flat, as a ``JSONTape`` (Codable destinations).
    public static let tapes = MatchCapture(rawValue: 8)
    /// A container may arrive as its text, in a ``JSONTape`` that holds it (views).
    ///
    /// Only when nothing else is captured around it and no path goes into it: the tokenizer
    /// then passes it as it passes a skipped container, checking every byte, and keeps its
    /// bytes. Only with ``tapes``.
    public static let text = MatchCapture(rawValue: 32)
    /// A presence probe, which the matcher ignores.
    ///
    /// It is delivered as ``scalars`` are (containers are dropped, as their opening event); the
    /// actions layer reports either as what began at the path.
    public static let probe = MatchCapture(rawValue: 16)
}
