import Sift

/// The body components of a `JSONInput`, parsed on several threads and handed out one by one in
/// document order (made by `HubSchema.components(in:parallelism:options:)`), or the values a
/// transform made of them on those threads (`HubSchema.components(in:parallelism:options:transform:)`).
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
public struct ComponentModelParallelStream<Output: Sendable>: AsyncSequence, Sendable {
    /// Each element is one body component, transformed (a `ComponentModel` itself unless
    /// `HubSchema.components(in:parallelism:options:transform:)` made the stream).
    ///
    /// ```swift
    /// let component: ComponentModel? = try await iterator.next()
    /// ```
    public typealias Element = Output

    let components: JSONOrderedValues<ComponentBlockHandler<Output>.Component>
    let transform: @Sendable (ComponentModel) throws -> Output
    /// The one-thread stream of the same document, read when a component was placed wrongly.
    let inOrder: ComponentModelStream

    /// The size at which a block of components is cut: 256 KiB, a quarter of
    /// `JSONArrayOutputs`' default, since a block's models take several times its bytes and up
    /// to twice `parallelism` blocks of them are held.
    static var blockSize: Int { 1 << 18 }

    init(
        schema: HubSchema, input: JSONInput, parallelism: Int, options: JSONParserOptions, blockSize: Int,
        transform: @escaping @Sendable (ComponentModel) throws -> Output
    ) {
        let outputs = JSONArrayOutputs(
            input, path: schema.viewModel.bodyComponents ?? JSONPath.root, options: options,
            parallelism: parallelism, blockSize: blockSize
        ) { block in
            ComponentBlockHandler(schema: schema, options: options, firstElement: block.firstElement) { component in
                do {
                    return try transform(component)
                } catch {
                    throw TransformFailure(error: error)
                }
            }
        }
        components = JSONOrderedValues(outputs)
        self.transform = transform
        inOrder = ComponentModelStream(schema: schema, input: input, options: options)
    }

    /// Prepares an iteration; the input is read from the first call to ``AsyncIterator/next()``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: components.makeAsyncIterator(), transform: transform, inOrder: inOrder)
    }

    /// Hands out the components of each block in turn, those without an identifier numbered by
    /// their place in the document: the blocks number them as if every element before them were
    /// a component, and when one turns out to have another place, the rest is read again here,
    /// on one thread.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The blocks' components; nil once the document is read again on one thread.
        var base: JSONOrderedValues<ComponentBlockHandler<Output>.Component>.Iterator?
        let transform: @Sendable (ComponentModel) throws -> Output
        let inOrder: ComponentModelStream
        /// The one-thread stream, once a component turned out to have another place than its
        /// block gave it (an element before it was not a component).
        var rereading: ComponentModelStream.AsyncIterator?
        var position = 0

        /// The next body component in document order, or nil at the end of the document.
        ///
        /// Throws the error one thread reading the document reports, after the components before
        /// it; an error the transform threw is thrown as it was.
        ///
        /// ```swift
        /// while let component = try await iterator.next() { print(component.identifier) }
        /// ```
        public mutating func next() async throws -> Output? {
            if rereading != nil { return try await nextReread() }
            let next: ComponentBlockHandler<Output>.Component?
            do {
                next = try await base?.next()
            } catch let error as JSONParseError {
                if let failure = error.consumerThrownError as? TransformFailure { throw failure.error }
                throw error
            }
            guard let next else { return nil }
            defer { position += 1 }
            switch next {
            case .transformed(let output):
                return output
            case .placed(let output, let placed):
                if placed == position { return output }
                // The rest comes from the document read again on one thread, after the
                // components handed out (the blocks' threads end as the iteration is dropped).
                base = nil
                var reread = inOrder.makeAsyncIterator()
                for _ in 0..<position { _ = try await reread.next() }
                rereading = reread
                return try await nextReread()
            case .unnamed(var component):
                GeneratedIdentifiers.assign(in: &component, position: position)
                return try transform(component)
            }
        }
    }
}

extension ComponentModelParallelStream.AsyncIterator {
    /// The next component of the one-thread stream, transformed here.
    fileprivate mutating func nextReread() async throws -> Output? {
        guard let component = try await rereading?.next() else { return nil }
        return try transform(component)
    }
}

/// An error a stream's transform threw on a block's thread, told apart from the document's own
/// errors on its way through the tokenizer.
struct TransformFailure: Error {
    let error: any Error
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
    ) -> ComponentModelParallelStream<ComponentModel> {
        components(in: input, parallelism: parallelism, options: options) { $0 }
    }

    /// The body components of a document, parsed on `parallelism` threads and each turned into a
    /// value by `transform` on the thread that parsed it, handed out one by one in document order.
    ///
    /// The work of the transform (serializing, converting to your own types) is shared among the
    /// threads, where a loop over ``components(in:parallelism:options:)`` does it on one. Each
    /// component reaches `transform` with the identifiers the one-thread stream gives it. One
    /// whose generated identifiers depend on its place in the stream (it, or a component below
    /// it, has no identifier of its own) is named in its block with the place it has when every
    /// element of the array before it is a component, as in almost every feed; after an element
    /// that is not (a `null`, a number), the rest of the document is read again on the calling
    /// thread, from the start, and transformed there. `transform` may run on several threads at
    /// once, more than once for a component, and on components after one whose transform threw:
    /// make it a function of its argument alone. The first error in document order ends the
    /// sequence after the values before it: the document's, or the one `transform` threw, as it
    /// threw it.
    ///
    /// ```swift
    /// let titles = HubSchema.default.components(in: .file("feed.json"), parallelism: 4) { component in
    ///     component.title ?? ""
    /// }
    /// for try await title in titles { print(title) }
    /// ```
    public func components<Output: Sendable>(
        in input: JSONInput, parallelism: Int, options: JSONParserOptions = JSONParserOptions(),
        transform: @escaping @Sendable (ComponentModel) throws -> Output
    ) -> ComponentModelParallelStream<Output> {
        ComponentModelParallelStream(
            schema: self, input: input, parallelism: parallelism, options: options,
            blockSize: ComponentModelParallelStream<Output>.blockSize, transform: transform)
    }
}
