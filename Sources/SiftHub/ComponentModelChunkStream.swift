import Sift

/// The body components of a document arriving as asynchronous byte chunks, yielded one by one as
/// their JSON objects close (made by `HubSchema.components(in:)`).
///
/// It pulls (through `JSONElementStream`, the engine's one push-to-pull bridge): a chunk is read from the upstream sequence only when the components of the previous
/// chunks have been consumed, so memory stays bounded by the chunk size and the largest component,
/// whatever the length of the feed.
///
/// ```swift
/// for try await component in HubSchema.default.components(in: response.body) {
///     print(component.identifier)
/// }
/// ```
public struct ComponentModelChunkStream<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Sequence<UInt8> {
    /// Each element is one body component.
    ///
    /// ```swift
    /// let component: ComponentModel? = try await iterator.next()
    /// ```
    public typealias Element = ComponentModel

    let schema: HubSchema
    let chunks: Chunks
    let options: JSONParserOptions

    /// Starts reading the chunks.
    ///
    /// ```swift
    /// var iterator = stream.makeAsyncIterator()
    /// let first = try await iterator.next()
    /// ```
    public func makeAsyncIterator() -> AsyncIterator {
        let compiled = schema.compiled
        let options = options
        // Hub's handler reports a root of the wrong kind as a parse error of its own.
        let components = JSONElementStream(chunks: chunks, options: options, unwrapsConsumerErrors: false) { outlet in
            HubDocumentHandler(
                compiled: compiled, options: options, streamBody: HubSchema.streaming { outlet.yield($0) })
        }
        return AsyncIterator(components: components.makeAsyncIterator())
    }

    /// Reads chunks until the next component is complete.
    ///
    /// An error (of the parse, of the upstream sequence, or cancellation) is held until the
    /// components before it have been consumed, then thrown once; after it the stream ends.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var components: JSONElementStream<ComponentModel, HubDocumentHandler, Chunks>.AsyncIterator

        /// The next body component, or nil at the end of the document.
        ///
        /// Throws the parse error of invalid JSON, or the upstream sequence's error; after an error it
        /// returns nil. A cancelled task gets `CancellationError`, checked before each component.
        ///
        /// ```swift
        /// let component = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ComponentModel? {
            try await next(isolation: nil)
        }

        /// The next body component, parsed in the caller's isolation (no executor hop per
        /// component).
        ///
        /// ```swift
        /// let component = try await iterator.next(isolation: #isolation)
        /// ```
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> ComponentModel? {
            do {
                return try await components.next(isolation: actor)
            } catch let error as JSONParseError {
                throw HubParse.unwrapped(error)
            }
        }
    }
}

extension ComponentModelChunkStream: Sendable where Chunks: Sendable {}
