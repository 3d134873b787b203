/// Takes the events inside a container the handler skips
/// (``JSONEventContext/skipContents(into:)``): the one way a consumer records a value without
/// handling each of its events, and the tokenizer's only contact with what records it.
///
/// The sink gets every event from the first one inside the container to the last one inside it;
/// the container's own start and end events go to the handler as usual. A subclass overrides
/// ``take(_:)``; this class itself takes nothing.
///
/// A class rather than a protocol so that the tokenizer holds it as an `Unmanaged` reference and
/// calls it borrowed: an unowned existential is retained and released around every call.
class SkippedContentsSink {
    /// Takes one event; true when the event opened a container the sink leaves out: nothing
    /// inside that one is delivered to anyone (it is still parsed and checked), and its end event
    /// goes to the sink.
    func take(_ event: JSONEvent) -> Bool { false }
}
