import Sift

/// The body components of a `JSONInput`, parsed on several threads and handed out one by one in
/// document order (made by `HubSchema.components(in:parallelism:options:)`).
///
/// The body array's elements are cut into blocks of whole components (a scan that never takes a
/// bracket inside a string for structure), each block is parsed on a thread of its own, and the
/// components come out in document order with the identifiers, errors and error locations the
/// one-thread ``ComponentModelStream`` gives. At most twice `parallelism` blocks of about 256 KiB
/// are in flight, so memory stays bounded by blocks, never by the document.
///
/// The document runs on one thread, in order, where it cannot be split: a root array of
/// components, a schema whose body path does not select the elements of one array, an input
/// that cannot be read twice (a pipe, standard input), comments allowed, or several top-level
/// values.
///
/// ```swift
/// for try await component in HubSchema.default.components(in: .file("feed.json"), parallelism: 4) {
///     print(component.identifier)
/// }
/// ```
public struct ComponentModelParallelStream: AsyncSequence, Sendable {
    /// Each element is one body component.
    ///
    /// ```swift
    /// let component: ComponentModel? = try await iterator.next()
    /// ```
    public typealias Element = ComponentModel

    let components: JSONOrderedValues<ComponentModel>

    /// The size at which a block of components is cut: 256 KiB, a quarter of
    /// `JSONArrayOutputs`' default, since a block's models take several times its bytes and up
    /// to twice `parallelism` blocks of them are held.
    static let blockSize = 1 << 18

    init(schema: HubSchema, input: JSONInput, parallelism: Int, options: JSONParserOptions, blockSize: Int) {
        let outputs = JSONArrayOutputs(
            input, path: schema.viewModel.bodyComponents ?? JSONPath.root, options: options,
            parallelism: parallelism, blockSize: blockSize
        ) { _ in
            ComponentBlockHandler(schema: schema, options: options)
        }
        components = JSONOrderedValues(outputs)
    }

    /// Prepares an iteration; the input is read from the first call to ``AsyncIterator/next()``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: components.makeAsyncIterator())
    }

    /// Hands out the components of each block in turn, numbering those without an identifier by
    /// their place in the document.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: JSONOrderedValues<ComponentModel>.Iterator
        var position = 0

        /// The next body component in document order, or nil at the end of the document.
        ///
        /// Throws the error one thread reading the document reports, after the components before
        /// it.
        ///
        /// ```swift
        /// while let component = try await iterator.next() { print(component.identifier) }
        /// ```
        public mutating func next() async throws -> ComponentModel? {
            guard var component = try await base.next() else { return nil }
            GeneratedIdentifiers.assign(in: &component, position: position)
            position += 1
            return component
        }
    }
}

extension HubSchema {
    /// The body components of a document, parsed on `parallelism` threads, one by one in document
    /// order (see ``ComponentModelParallelStream``): the same components, identifiers and errors
    /// as ``components(in:options:)->ComponentModelStream``.
    ///
    /// ```swift
    /// for try await component in HubSchema.default.components(in: .file("feed.json"), parallelism: 4) {
    ///     print(component.identifier)
    /// }
    /// ```
    public func components(
        in input: JSONInput, parallelism: Int, options: JSONParserOptions = JSONParserOptions()
    ) -> ComponentModelParallelStream {
        ComponentModelParallelStream(
            schema: self, input: input, parallelism: parallelism, options: options,
            blockSize: ComponentModelParallelStream.blockSize)
    }
}
