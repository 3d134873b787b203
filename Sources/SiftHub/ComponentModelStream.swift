import Sift

/// The body components of a `JSONInput`, yielded one by one as their JSON objects close (made by
/// `HubSchema.components(in:)`).
///
/// The components are parsed on the consumer's task, from the input's chunks: a file or standard
/// input is read ahead (a chunk or two) on a thread of its own, so no blocking read ever occupies
/// the caller's tasks. Stopping the iteration stops the reading; cancelling the task ends it with
/// `CancellationError` at once, even while standard input stays open and quiet.
///
/// ```swift
/// for try await component in HubSchema.default.components(in: .file("feed.json")) {
///     print(component.identifier)
/// }
/// ```
public struct ComponentModelStream: AsyncSequence, Sendable {
    /// Each element is one body component.
    ///
    /// ```swift
    /// let component: ComponentModel? = try await iterator.next()
    /// ```
    public typealias Element = ComponentModel

    let schema: HubSchema
    let input: JSONInput
    let options: JSONParserOptions

    /// Prepares an iteration; the input is read from the first call to ``AsyncIterator/next()``.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(
            base: ComponentModelChunkStream(schema: schema, chunks: JSONInputChunks(input), options: options)
                .makeAsyncIterator())
    }

    /// Parses the input's chunks until the next component is complete.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: ComponentModelChunkStream<JSONInputChunks>.AsyncIterator

        /// The next body component, or nil at the end of the document.
        ///
        /// Throws the parse error of invalid JSON (after which it returns nil), or `CancellationError`
        /// when the task is cancelled.
        ///
        /// ```swift
        /// let component = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ComponentModel? {
            try await base.next(isolation: nil)
        }

        /// The next body component, parsed in the caller's isolation.
        ///
        /// ```swift
        /// let component = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> ComponentModel? {
            try await base.next(isolation: actor)
        }
    }
}
