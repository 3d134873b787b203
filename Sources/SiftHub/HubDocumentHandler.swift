import Sift

/// The tokenizer's handler for a Hub document: picks the program by the kind of the root value
/// (an object is a view model, an array holds body components, anything else is an error), then
/// runs it.
///
/// With `JSONParserOptions.allowsMultipleValues`, each top-level value is one payload: its
/// program is picked by its own kind, and when it closes its root view model is added to the
/// previous ones with the rules of ``ViewModelBuilder``.
struct HubDocumentHandler: JSONEventHandler {
    private let compiled: CompiledHubSchema
    /// Runs the program of the current top-level value's kind.
    private var matcher: MatchHandler<HubAssembler>
    /// Whether `matcher` runs the array-root program.
    private var rootIsArray = false
    /// Whether the current top-level value has started.
    private var started = false
    /// The payloads of the values already closed, when several values are allowed.
    private var payloads: ViewModelBuilder?

    init(compiled: CompiledHubSchema, options: JSONParserOptions, streamBody: ((ComponentModel) throws -> Void)? = nil)
    {
        self.compiled = compiled
        var assembler = HubAssembler(memory: compiled.memory, textIsValidUTF8: options.validatesUTF8)
        assembler.streamBody = streamBody
        matcher = compiled.objectRoot.matcher(assembler)
        if options.allowsMultipleValues { payloads = ViewModelBuilder() }
    }

    /// The root view model assembled so far (not normalized; for several values, the payloads
    /// merged in order).
    var root: ViewModel {
        guard let payloads else { return matcher.consumer.root }
        return payloads.accumulatedRoot
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        switch event {
        case .startObject, .startArray:
            var isArray = false
            if case .startArray = event { isArray = true }
            if !started { try startValue(isArray: isArray) }
        case .endObject, .endArray:
            try matcher.handle(event, context: context)
            if context.depth == 0, payloads != nil { endPayload() }
            return
        default:
            if !started { throw Self.rootError(event, context) }
        }
        try matcher.handle(event, context: context)
    }

    /// Starts a top-level value: runs the program of its kind, keeping the consumer (and what it
    /// streamed or assembled so far).
    private mutating func startValue(isArray: Bool) throws {
        if let error = compiled.streamingError { throw error }
        started = true
        guard isArray != rootIsArray else { return }
        rootIsArray = isArray
        matcher = (isArray ? compiled.arrayRoot : compiled.objectRoot).matcher(matcher.consumer)
    }

    /// Adds the root of the top-level value that just closed to the payloads, and starts afresh.
    private mutating func endPayload() {
        started = false
        payloads?.add(matcher.consumer.takeRoot())
    }

    private static func rootError(_ event: JSONEvent, _ context: JSONEventContext) -> JSONParseError {
        let found = JSONValueKind(of: event)?.description ?? "\(event)"
        return context.error(
            "a Hub document must be an object (a view model) or an array (body components), not \(found)",
            underlying: HubDocumentError(found: found))
    }
}
