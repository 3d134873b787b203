/// The matches of a path found on several threads, handed out one by one in input order, as one
/// thread would find them: ``JSONLineMatches`` (the records of a newline-delimited input) and
/// ``JSONArrayMatches`` (the elements of one document's array).
///
/// ```swift
/// let matches: JSONOrderedMatches<JSONLineMatch> = JSONInput.file("events.ndjson").lineMatches(at: path)
/// for try await match in matches { print(match.value) }
/// ```
public struct JSONOrderedMatches<Match: Sendable>: AsyncSequence, Sendable {
    /// A match.
    ///
    /// ```swift
    /// if let match: JSONLineMatches.Element = try await iterator.next() { print(match.value) }
    /// ```
    public typealias Element = Match

    /// Starts reading the batches of matches (one a block, in input order).
    let makeBatches: @Sendable () -> Batches

    /// The matches of `outputs`, whose elements are the matches of each block in turn; with
    /// `unwrapsConsumerErrors`, an error the handler threw (a value that did not decode) is
    /// thrown as it was thrown, as one thread's forms throw it
    /// (``JSONParseError/consumerThrownError``).
    ///
    /// A model module hands out what its own ``JSONLineHandler`` builds on several threads this
    /// way, one item at a time, in input order:
    ///
    /// ```swift
    /// let outputs = JSONArrayOutputs(.file("feed.json"), path: try JSONPath("$.body[*]")) { _ in RowCollector() }
    /// for try await row in JSONOrderedValues(outputs) { print(row) }  // RowCollector.Output == [Row]
    /// ```
    public init<Outputs: AsyncSequence & Sendable>(_ outputs: Outputs, unwrapsConsumerErrors: Bool = false)
    where Outputs.Element == [Match] {
        makeBatches = { Batches(outputs.makeAsyncIterator(), unwrapsConsumerErrors: unwrapsConsumerErrors) }
    }

    /// Starts reading.
    ///
    /// ```swift
    /// var iterator = matches.makeAsyncIterator()
    /// ```
    public func makeAsyncIterator() -> Iterator {
        Iterator(batches: makeBatches())
    }

    /// Hands out the matches of each block in turn.
    ///
    /// ```swift
    /// var iterator = matches.makeAsyncIterator()
    /// while let match = try await iterator.next() { print(match.value) }
    /// ```
    public struct Iterator: AsyncIteratorProtocol {
        let batches: Batches
        var batch: [Match] = []
        var position = 0

        /// The next match in input order; nil after the last.
        ///
        /// Throws the first error of the input, after the matches before it.
        ///
        /// ```swift
        /// while let match = try await iterator.next() { print(match.value) }
        /// ```
        public mutating func next() async throws -> Match? {
            while position == batch.count {
                guard let next = try await batches.next() else { return nil }
                batch = next
                position = 0
            }
            defer { position += 1 }
            return batch[position]
        }
    }

    /// The iterator of the blocks' outputs, behind a reference so that the matches' type names
    /// neither the outputs' type nor their handler's.
    final class Batches {
        let next: () async throws -> [Match]?

        init<Outputs: AsyncIteratorProtocol>(_ outputs: Outputs, unwrapsConsumerErrors: Bool)
        where Outputs.Element == [Match] {
            var outputs = outputs
            next = {
                do {
                    return try await outputs.next()
                } catch let error as JSONParseError where unwrapsConsumerErrors {
                    throw error.consumerThrownError
                }
            }
        }
    }
}

extension JSONOrderedMatches {
    /// The processors this process may run on: the default parallelism.
    ///
    /// ```swift
    /// JSONLineMatches.defaultParallelism  // 8 on an 8-core machine
    /// ```
    public static var defaultParallelism: Int {
        JSONLineOutputs<JSONInputChunks, LineMatchCollector>.defaultParallelism
    }
}
