import Sift

/// The tokenizer's handler for a Hub document: picks the automaton by the kind of the root value
/// (an object is a view model, an array holds body components, anything else is an error), then
/// runs it.
struct HubDocumentHandler: JSONEventHandler {
    private let compiled: CompiledHubSchema
    /// Runs the object-root automaton until the root turns out to be an array.
    private var matcher: PathMatcher<HubReceiver>
    private var started = false

    init(compiled: CompiledHubSchema, streamBody: ((ComponentModel) throws -> Void)? = nil) {
        self.compiled = compiled
        var receiver = HubReceiver(memory: compiled.memory)
        receiver.streamBody = streamBody
        matcher = PathMatcher(paths: compiled.objectRoot, receiver: receiver)
    }

    /// The receiver, with the root view model it assembled.
    var receiver: HubReceiver {
        matcher.receiver
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        switch event {
        case .startObject:
            started = true
            matcher.receiver.openingArray = false
        case .startArray:
            if !started {
                started = true
                matcher = PathMatcher(paths: compiled.arrayRoot, receiver: matcher.receiver)
            }
            matcher.receiver.openingArray = true
        default:
            if !started { throw Self.rootError(event, context) }
        }
        try matcher.handle(event, context: context)
    }

    private static func rootError(_ event: JSONEvent, _ context: JSONEventContext) -> JSONParseError {
        let found: String
        switch event {
        case .string: found = "a string"
        case .number: found = "a number"
        case .bool: found = "a boolean"
        case .null: found = "null"
        default: found = "\(event)"
        }
        return context.error(
            "a Hub document must be an object (a view model) or an array (body components), not \(found)",
            underlying: HubDocumentError(found: found))
    }
}
