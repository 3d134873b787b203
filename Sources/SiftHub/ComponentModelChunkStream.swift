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
        /// returns nil.
        ///
        /// ```swift
        /// let component = try await iterator.next()
        /// ```
        public mutating func next() async throws -> ComponentModel? {
            while true {
                if let component = parser.queue.pop() { return component }
                if parser.isFinished { return nil }
                let chunk: Chunks.Element?
                do {
                    chunk = try await upstream.next()
                } catch {
                    parser.isFinished = true
                    throw error
                }
                if let chunk {
                    try parser.feed(chunk)
                } else {
                    try parser.finish()
                }
            }
        }
    }
}

extension ComponentModelChunkStream: Sendable where Chunks: Sendable {}

/// A ``ComponentModelParser`` whose body components collect in a queue, fed on demand.
final class ComponentStreamParser {
    let queue = ComponentQueue()
    private let parser: ComponentModelParser
    var isFinished = false

    init(schema: HubSchema, options: JSONParserOptions) {
        let queue = self.queue
        parser = ComponentModelParser(schema: schema, options: options) { queue.append($0) }
    }

    func feed(_ chunk: some Sequence<UInt8>) throws {
        do {
            try parser.feed(chunk)
        } catch {
            isFinished = true
            throw error
        }
    }

    func finish() throws {
        isFinished = true
        try parser.finish()
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
