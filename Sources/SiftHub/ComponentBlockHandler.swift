import Sift

/// The handler of one block of a document that ``ComponentModelParallelStream`` parses on
/// several threads: the document's handler (``HubDocumentHandler``), whose body components are
/// normalized on the block's thread, transformed there when their identifiers are final, and
/// held until the block's value is complete.
///
/// A block of the body's elements is parsed as an array of components; the rest of the document
/// (or the whole of it, when it is not split) as the document it is.
///
/// ```swift
/// let outputs = JSONArrayOutputs(input, path: bodyPath) { _ in
///     ComponentBlockHandler(schema: .default, options: options) { $0.identifier }
/// }
/// ```
struct ComponentBlockHandler<Output: Sendable>: JSONLineHandler {
    /// A component of a block: transformed already, or waiting for the identifiers only its
    /// place in the whole stream gives (see ``GeneratedIdentifiers/isNamed(_:)``).
    enum Component: Sendable {
        case transformed(Output)
        case unnamed(ComponentModel)
    }

    /// The components the document's handler streamed and the block has not committed yet.
    final class Pending {
        var components: [Component] = []
    }

    private var document: HubDocumentHandler
    private let pending = Pending()
    private var committed: [Component] = []

    init(
        schema: HubSchema, options: JSONParserOptions,
        transform: @escaping @Sendable (ComponentModel) throws -> Output
    ) {
        let pending = pending
        document = HubDocumentHandler(compiled: schema.compiled, options: options) { component in
            var component = component
            component.normalize()
            if GeneratedIdentifiers.isNamed(component) {
                pending.components.append(.transformed(try transform(component)))
            } else {
                pending.components.append(.unnamed(component))
            }
        }
    }

    mutating func handle(_ event: JSONEvent, context: JSONEventContext) throws {
        try document.handle(event, context: context)
    }

    mutating func commitValue() {
        committed += pending.components
        pending.components.removeAll(keepingCapacity: true)
    }

    mutating func takeCommitted() -> [Component] {
        defer { committed = [] }
        return committed
    }
}
