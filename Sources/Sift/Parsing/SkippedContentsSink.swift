/// Takes the events inside a container the handler skips
/// (``JSONEventContext/skipContents(into:)``): the one way a consumer records a value without
/// handling each of its events, and the tokenizer's only contact with what records it.
///
/// The sink gets every event from the first one inside the container to the last one inside it;
/// the container's own start and end events go to the handler as usual. A subclass overrides the
/// methods below; this class itself takes nothing.
///
/// A class rather than a protocol so that the tokenizer holds it as an `Unmanaged` reference and
/// calls it borrowed (an unowned existential is retained and released around every call); one
/// method per kind of event so that each of the tokenizer's callbacks makes its own call, with
/// no event to build and switch over again.
class SkippedContentsSink {
    /// A container opens; true when the sink leaves it out: nothing inside that one is delivered
    /// to anyone (it is still parsed and checked), and its end goes to the sink.
    func takeStart(isArray: Bool) -> Bool { false }

    /// A container closes.
    func takeEnd(isArray: Bool) {}

    /// A key, with its unescaped bytes (valid only during the call).
    func takeKey(_ bytes: JSONBytes) {}

    /// A string, with its unescaped bytes (valid only during the call).
    func takeString(_ bytes: JSONBytes) {}

    /// A number, with its text (valid only during the call).
    func takeNumber(_ bytes: JSONBytes) {}

    /// A boolean.
    func takeBool(_ value: Bool) {}

    /// A null.
    func takeNull() {}
}
