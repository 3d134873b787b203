import DequeModule
import Sift

/// The body components of a document arriving as asynchronous byte chunks, yielded one by one as
/// their JSON objects close (made by `HubSchema.components(in:)`).
///
/// It pulls: a chunk is read from the upstream sequence only when the components of the previous
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
        AsyncIterator(
            upstream: chunks.makeAsyncIterator(), parser: ComponentStreamParser(schema: schema, options: options))
    }

    /// Reads chunks until the next component is complete.
    ///
    /// ```swift
    /// while let component = try await iterator.next() { print(component.identifier) }
    /// ```
    public struct AsyncIterator: AsyncIteratorProtocol {
        var upstream: Chunks.AsyncIterator
        let parser: ComponentStreamParser

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
            while true {
                try Task.checkCancellation()
                if let component = parser.queue.pop() { return component }
                try parser.throwPendingError()
                if parser.isFinished { return nil }
                await parser.feedNext(of: &upstream, isolation: actor)
            }
        }
    }
}

extension ComponentModelChunkStream: Sendable where Chunks: Sendable {}

/// A Hub document parser whose body components collect in a queue, fed on demand.
///
/// An error (of the parse, of the upstream sequence, or cancellation) is held until the components
/// before it have been consumed, then thrown once; after it the stream ends.
final class ComponentStreamParser {
    let queue = ComponentQueue()
    private let tokenizer: JSONTokenizer<HubDocumentHandler>
    private var pendingError: (any Error)?
    private(set) var isFinished = false

    init(schema: HubSchema, options: JSONParserOptions) {
        let queue = self.queue
        tokenizer = JSONTokenizer(
            options: options,
            handler: HubDocumentHandler(
                compiled: schema.compiled, options: options, streamBody: HubSchema.streaming { queue.append($0) }))
    }

    /// Feeds the next chunk of `upstream`, or ends the document when there is none.
    ///
    /// After a parse error it reads on only as far as the error's source line needs, so every
    /// split of the document gives the same error text.
    func feedNext<Chunks: AsyncIteratorProtocol>(
        of upstream: inout Chunks, isolation: isolated (any Actor)?
    ) async where Chunks.Element: Sequence<UInt8> {
        do {
            if try await tokenizer.feedNextChunk(of: &upstream, isolation: isolation) { return }
            isFinished = true
            try tokenizer.finish()
        } catch let error as JSONParseError {
            isFinished = true
            pendingError = HubParse.unwrapped(error)
        } catch {
            isFinished = true
            pendingError = error
        }
    }

    /// Throws the error that ended the parse, once.
    func throwPendingError() throws {
        guard let error = pendingError else { return }
        pendingError = nil
        throw error
    }
}

/// The components parsed but not yet consumed, oldest first.
final class ComponentQueue {
    private var items = Deque<ComponentModel>()

    func append(_ component: ComponentModel) {
        items.append(component)
    }

    func pop() -> ComponentModel? {
        items.popFirst()
    }
}
