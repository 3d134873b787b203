import Foundation
import Testing

@testable import Sift
@testable import SiftHub

/// Serialized, so that the reading threads counted are this test's own.
@Suite("Streaming body components", .serialized)
struct StreamingTests {
    struct Failure: Error, Equatable {}

    @Test func theCallbackSeesEachBodyComponent() throws {
        var streamed: [ComponentModel] = []
        try HubSchema.default.forEachComponent(in: .string(Fixtures.guideExample)) { streamed.append($0) }
        #expect(streamed == GuideExampleTests.expected.bodyComponents)
    }

    @Test func aRootArrayStreamsToo() throws {
        var identifiers: [String] = []
        try HubSchema.default.forEachComponent(in: .string(#"[{"id":"a"},{},{"id":"c","children":[{}]}]"#)) {
            identifiers.append($0.identifier)
            identifiers += $0.children.map(\.identifier)
        }
        #expect(identifiers == ["a", "body-1", "c", "c-child-0"])
    }

    @Test func onlyTheRootBodyStreams() throws {
        var identifiers: [String] = []
        try HubSchema.default.forEachComponent(
            in: .string(
                #"""
                {"header":{"id":"h"},"overlays":[{"id":"o"}],
                 "body":[{"id":"a","target":{"view":{"body":[{"id":"inner"}]}}}]}
                """#)
        ) { identifiers.append($0.identifier) }
        #expect(identifiers == ["a"])
    }

    @Test func theCallbacksErrorComesOutUnchanged() throws {
        var count = 0
        #expect(throws: Failure()) {
            try HubSchema.default.forEachComponent(in: .string(Fixtures.guideExample)) { _ in
                count += 1
                if count == 2 { throw Failure() }
            }
        }
        #expect(count == 2)
    }

    @Test func componentsBeforeAnErrorAreDelivered() throws {
        var identifiers: [String] = []
        #expect(throws: JSONParseError.self) {
            try HubSchema.default.forEachComponent(in: .string(#"[{"id":"a"},{"id":"b"},{"id" 1}]"#)) {
                identifiers.append($0.identifier)
            }
        }
        #expect(identifiers == ["a", "b"])
    }

    @Test(arguments: [1, 3, 16, 4096])
    func theChunkSequenceYieldsEachComponent(chunkSize: Int) async throws {
        var streamed: [ComponentModel] = []
        for try await component in HubSchema.default.components(in: chunks(Fixtures.guideExample, size: chunkSize)) {
            streamed.append(component)
        }
        #expect(streamed == GuideExampleTests.expected.bodyComponents)
        var viaCallback: [ComponentModel] = []
        try await HubSchema.default.forEachComponent(in: chunks(Fixtures.guideExample, size: chunkSize)) {
            viaCallback.append($0)
        }
        #expect(viaCallback == streamed)
    }

    @Test func theChunkSequenceReadsOnlyWhatItNeeds() async throws {
        let counter = ChunkCounter()
        let feed = GeneratedFeed(count: 10_000)
        let counted = CountingChunks(base: feed, counter: counter)
        var iterator = HubSchema.default.components(in: counted).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.identifier == "c0")
        #expect(counter.value == 1)
    }

    @Test func theChunkSequenceThrowsParseErrorsThenEnds() async throws {
        var iterator = HubSchema.default.components(in: chunks(#"[{"id":"a"},{"id":}]"#, size: 4)).makeAsyncIterator()
        #expect(try await iterator.next()?.identifier == "a")
        await #expect(throws: JSONParseError.self) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func theInputSequenceYieldsEachComponent() async throws {
        var streamed: [ComponentModel] = []
        for try await component in HubSchema.default.components(in: .string(Fixtures.guideExample)) {
            streamed.append(component)
        }
        #expect(streamed == GuideExampleTests.expected.bodyComponents)
    }

    @Test func theInputSequenceDeliversALongFeedInOrder() async throws {
        let items = (0..<2_000).map { #"{"id":"i\#($0)"}"# }.joined(separator: ",")
        var count = 0
        for try await component in HubSchema.default.components(in: .string("[\(items)]")) {
            #expect(component.identifier == "i\(count)")
            count += 1
        }
        #expect(count == 2_000)
    }

    @Test func theInputSequenceThrowsParseErrorsThenEnds() async throws {
        var iterator = HubSchema.default.components(in: .string(#"[{"id":"a"},{"id":}]"#)).makeAsyncIterator()
        #expect(try await iterator.next()?.identifier == "a")
        await #expect(throws: JSONParseError.self) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    @Test func stoppingEarlyStopsTheReadingThread() async throws {
        let items = (0..<50_000).map { #"{"id":"i\#($0)"}"# }.joined(separator: ",")
        var seen: [String] = []
        let file = try Self.temporaryFile("[\(items)]")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for try await component in HubSchema.default.components(in: .file(file)) {
            seen.append(component.identifier)
            if seen.count == 3 { break }
        }
        #expect(seen == ["i0", "i1", "i2"])
        #expect(await readingThreadsEnd())
    }

    @Test func cancellingTheTaskEndsTheIteration() async throws {
        let items = (0..<50_000).map { #"{"id":"i\#($0)"}"# }.joined(separator: ",")
        let file = try Self.temporaryFile("[\(items)]")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let stream = HubSchema.default.components(in: .file(file))
        let task = Task {
            var count = 0
            for try await _ in stream {
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await readingThreadsEnd())
    }

    /// Whether the stream's reading threads are gone within a few seconds.
    func readingThreadsEnd() async -> Bool {
        for _ in 0..<200 {
            if readingThreadCount() == 0 { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// The number of reading threads running.
    func readingThreadCount() -> Int {
        ReadAheadThread.runningThreads.load(ordering: .relaxed)
    }

    /// A temporary file holding `text`, read by a thread of its own; its path.
    static func temporaryFile(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-stream-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theReadingThreadRunsWhileTheIteratorLives() async throws {
        let items = (0..<50_000).map { #"{"id":"i\#($0)"}"# }.joined(separator: ",")
        let file = try Self.temporaryFile("[\(items)]")
        defer { try? FileManager.default.removeItem(atPath: file) }
        var iterator: ComponentModelStream.AsyncIterator? = HubSchema.default.components(in: .file(file))
            .makeAsyncIterator()
        _ = try await iterator?.next()
        #expect(readingThreadCount() >= 1)
        iterator = nil
        #expect(await readingThreadsEnd())
    }
}

/// Counts the chunks taken from a sequence.
final class ChunkCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// A chunk sequence that counts how many chunks were asked for.
struct CountingChunks<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == [UInt8] {
    typealias Element = [UInt8]
    let base: Base
    let counter: ChunkCounter

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let counter: ChunkCounter

        mutating func next() async throws -> [UInt8]? {
            guard let chunk = try await base.next() else { return nil }
            counter.increment()
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), counter: counter)
    }
}
