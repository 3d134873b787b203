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

/// The root of a Hub document is neither an object (a view model) nor an array (body components).
///
/// It is the ``JSONParseError/underlyingError`` of the ``JSONParseError`` thrown by the parsing
/// functions, which carries the location.
///
/// ```swift
/// do {
///     _ = try ViewModel(parsing: .string("42"))
/// } catch let error as JSONParseError {
///     print(error.underlyingError is HubDocumentError) // true
///     print(error) // 1:1: error: ... a Hub document must be an object (a view model) or an array ...
/// }
/// ```
public struct HubDocumentError: Error, Sendable, CustomStringConvertible {
    /// What the root value is: "a string", "a number", "a boolean" or "null".
    ///
    /// ```swift
    /// error.found // "a number"
    /// ```
    public let found: String

    /// A sentence for a person.
    ///
    /// ```swift
    /// print(error) // a Hub document must be an object (a view model) or an array (body components), not a number
    /// ```
    public var description: String {
        "a Hub document must be an object (a view model) or an array (body components), not \(found)"
    }
}

/// An error thrown by a caller's closure while parsing, rethrown unchanged at the API boundary.
struct HubCallbackError: Error {
    let error: any Error
}

/// Runs the parses behind the public entry points.
enum HubParse {
    /// Parses a whole input into the raw root view model (not normalized, no generated identifiers).
    static func run(
        _ input: JSONInput, schema: HubSchema, streamBody: ((ComponentModel) throws -> Void)? = nil
    ) throws -> ViewModel {
        let tokenizer = JSONTokenizer(handler: HubDocumentHandler(compiled: schema.compiled, streamBody: streamBody))
        try unwrappingCallbackErrors { try tokenizer.parse(input) }
        return tokenizer.handler.receiver.root
    }

    /// Parses an asynchronous sequence of chunks into the raw root view model.
    static func run<Chunks: AsyncSequence>(
        chunks: Chunks, schema: HubSchema, streamBody: ((ComponentModel) throws -> Void)? = nil
    ) async throws -> ViewModel where Chunks.Element: Sequence<UInt8> {
        let tokenizer = JSONTokenizer(handler: HubDocumentHandler(compiled: schema.compiled, streamBody: streamBody))
        do {
            try await tokenizer.parse(chunks)
        } catch let error as JSONParseError {
            throw unwrapped(error)
        }
        return tokenizer.handler.receiver.root
    }

    static func unwrappingCallbackErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as JSONParseError {
            throw unwrapped(error)
        }
    }

    /// A caller's own error instead of the parse error wrapping it.
    static func unwrapped(_ error: JSONParseError) -> any Error {
        if let callback = error.underlyingError as? HubCallbackError { return callback.error }
        return error
    }

    /// The finished form of a parsed root: duplicates merged, identifiers generated.
    static func finished(_ raw: ViewModel) -> ViewModel {
        var viewModel = raw
        viewModel.normalize()
        GeneratedIdentifiers.assign(in: &viewModel)
        return viewModel
    }
}
