import Sift

/// The handler of one block of a document that ``ComponentModelParallelStream`` parses on
/// several threads: the document's handler (``HubDocumentHandler``), whose body components are
/// normalized and transformed on the block's thread (named first by their place in the array,
/// when they need generated identifiers), and held until the block's value is complete.
///
/// A block of the body's elements is parsed as an array of components; the rest of the document
/// (or the whole of it, when it is not split) as the document it is.
///
/// ```swift
/// let outputs = JSONArrayOutputs(input, path: bodyPath) { block in
///     ComponentBlockHandler(schema: .default, options: options, firstElement: block.firstElement) { $0.identifier }
/// }
/// ```
struct ComponentBlockHandler<Output: Sendable>: JSONLineHandler {
    /// A component of a block: transformed already; transformed with the identifiers of the
    /// place it has if every element before it in the array is a component (which
    /// ``ComponentModelParallelStream`` checks); or waiting for the identifiers only its place in
    /// the whole stream gives (see ``GeneratedIdentifiers/isNamed(_:)``).
    enum Component: Sendable {
        case transformed(Output)
        case placed(Output, position: Int)
        case unnamed(ComponentModel)
    }

    /// The components the document's handler streamed and the block has not committed yet.
    final class Pending {
        var components: [Component] = []
    }

    private var document: HubDocumentHandler
    private let pending = Pending()
    private var committed: [Component] = []

    /// The handler of a block whose first element is element `firstElement` of the body array
    /// (nil for the rest of the document, or a document that is not split).
    ///
    /// A component that needs generated identifiers is named here as the `n`-th component of
    /// the block is when every element before it is a component (`firstElement + n`), as in
    /// almost every feed, so that its transform runs here too. Its model is not kept: one that
    /// turns out to have another place makes the stream read the document again on one thread
    /// (the models would otherwise be freed on the thread that hands the outputs out, which
    /// costs more, with the allocator's locks, than the transform saves).
    init(
        schema: HubSchema, options: JSONParserOptions, firstElement: Int?,
        transform: @escaping @Sendable (ComponentModel) throws -> Output
    ) {
        let pending = pending
        var count = 0
        document = HubDocumentHandler(compiled: schema.compiled, options: options) { component in
            var component = component
            component.normalize()
            defer { count += 1 }
            if GeneratedIdentifiers.isNamed(component) {
                pending.components.append(.transformed(try transform(component)))
                return
            }
            guard let firstElement else {
                pending.components.append(.unnamed(component))
                return
            }
            let position = firstElement + count
            var placed = component
            GeneratedIdentifiers.assign(in: &placed, position: position)
            if let output = try? transform(placed) {
                pending.components.append(.placed(output, position: position))
            } else {
                // Thrown with identifiers that may not be its own: the calling thread decides.
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
