import Sift

extension HubSchema {
    /// Calls `body` with each body component of the root view model as soon as its JSON object
    /// closes, keeping nothing of it afterwards: a feed of any length is read in the memory of its
    /// largest component.
    ///
    /// The root may be a view model object (its body components are streamed; its other
    /// properties are read and dropped) or an array of components. A component without an
    /// identifier gets `body-<position>` (see ``ComponentModel/hasGeneratedIdentifier``);
    /// components are not merged by identifier, since nothing is kept. An error thrown by `body`
    /// stops the parse and is rethrown unchanged. `options` sets the tokenizer's depth limit and
    /// leniency; with `JSONParserOptions.allowsMultipleValues` the body components of every
    /// top-level value are streamed, numbered on from one value to the next.
    ///
    /// ```swift
    /// try HubSchema.default.forEachComponent(in: .file("feed.json")) { component in
    ///     print(component.identifier, component.title ?? "")
    /// }
    /// ```
    public func forEachComponent(
        in input: JSONInput, options: JSONParserOptions = JSONParserOptions(), _ body: (ComponentModel) throws -> Void
    ) throws {
        try withoutActuallyEscaping(body) { body in
            _ = try HubParse.run(input, schema: self, options: options, streamBody: Self.streaming(body))
        }
    }

    /// Calls `body` with each body component of a document arriving as asynchronous chunks, as
    /// soon as its JSON object closes, with the same rules as the
    /// `JSONInput` form.
    ///
    /// ```swift
    /// try await HubSchema.default.forEachComponent(in: response.body) { print($0.identifier) }
    /// ```
    public func forEachComponent<Chunks: AsyncSequence>(
        in chunks: Chunks, options: JSONParserOptions = JSONParserOptions(), _ body: (ComponentModel) throws -> Void
    ) async throws where Chunks.Element: Sequence<UInt8> {
        try await withoutActuallyEscaping(body) { body in
            _ = try await HubParse.run(chunks: chunks, schema: self, options: options, streamBody: Self.streaming(body))
        }
    }

    /// The body components of a document, one by one as their JSON objects close.
    ///
    /// The components are parsed on the consumer's task; a file or standard input is read a chunk
    /// or two ahead on a thread of its own, so no blocking read occupies the caller's tasks.
    /// Stopping the iteration stops the reading; cancelling the task ends it with
    /// `CancellationError` at once. `options` sets the tokenizer's depth limit and leniency.
    ///
    /// ```swift
    /// for try await component in HubSchema.default.components(in: .standardInput) {
    ///     print(component.identifier)
    /// }
    /// ```
    public func components(in input: JSONInput, options: JSONParserOptions = JSONParserOptions())
        -> ComponentModelStream
    {
        ComponentModelStream(schema: self, input: input, options: options)
    }

    /// The body components of a document arriving as asynchronous chunks, one by one as their JSON
    /// objects close; a chunk is read only when the components of the previous ones are consumed.
    ///
    /// `options` sets the tokenizer's depth limit and leniency.
    ///
    /// ```swift
    /// for try await component in HubSchema.default.components(in: response.body) {
    ///     print(component.identifier)
    /// }
    /// ```
    public func components<Chunks: AsyncSequence>(
        in chunks: Chunks, options: JSONParserOptions = JSONParserOptions()
    ) -> ComponentModelChunkStream<Chunks> where Chunks.Element: Sequence<UInt8> {
        ComponentModelChunkStream(schema: self, chunks: chunks, options: options)
    }

    /// The body sink of a stream: names each component by its position and passes it on; the
    /// consumer's errors are marked so that they come out unchanged.
    static func streaming(_ body: @escaping (ComponentModel) throws -> Void) -> (ComponentModel) throws -> Void {
        let counter = StreamCounter()
        return { component in
            var component = component
            component.normalize()
            GeneratedIdentifiers.assign(in: &component, position: counter.next())
            do {
                try body(component)
            } catch {
                throw HubCallbackError(error: error)
            }
        }
    }
}

/// Counts the components of one stream.
final class StreamCounter {
    private var count = 0

    func next() -> Int {
        defer { count += 1 }
        return count
    }
}
