import Foundation
import Testing

@testable import Sift

#if canImport(Glibc)
    import Glibc
#endif

/// `JSONInput` and the `parse` entry points: files, descriptors, pipes, asynchronous chunks.
@Suite struct InputTests {
    /// A document of about 300 KB (several 64 KiB reads).
    static let document: [UInt8] = {
        let items = (0..<3000).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"],"price":\#($0).25}"# }
        return Array(("{\"first\":true,\"items\":[\n" + items.joined(separator: ",\n") + "\n]}\n").utf8)
    }()

    static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sift-input-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }

    static func digest(_ input: JSONInput, options: JSONParserOptions = JSONParserOptions()) throws -> (Int, UInt64) {
        let tokenizer = JSONTokenizer(options: options, handler: TokenizerTestSupport.DigestRecorder())
        try tokenizer.parse(input)
        return (tokenizer.handler.events, tokenizer.handler.digest)
    }

    @Test func everyInMemoryFormGivesTheSameEvents() throws {
        let expected = try Self.digest(.bytes(Self.document))
        #expect(expected.0 > 30_000)
        #expect(try Self.digest(.data(Data(Self.document))) == expected)
        #expect(try Self.digest(.string(String(decoding: Self.document, as: UTF8.self))) == expected)
    }

    @Test func fileIsReadInPiecesWithProgress() throws {
        let url = try Self.temporaryFile(Self.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = Reports()
        let input = JSONInput.file(url.path).reportingProgress { reports.append($0) }
        #expect(input.byteCount == Self.document.count)
        #expect(input.name == url.path)
        #expect(try Self.digest(input) == (try Self.digest(.bytes(Self.document))))
        let counts = reports.values
        #expect(counts.count == (Self.document.count + 65_535) / 65_536)
        #expect(counts.last == Self.document.count)
        #expect(counts == counts.sorted())
    }

    @Test func fileDescriptorIsReadFromItsPositionAndLeftOpen() throws {
        let url = try Self.temporaryFile(Array("garbage ".utf8) + Self.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(lseek(descriptor, 8, SEEK_SET) == 8)
        let input = JSONInput.fileDescriptor(descriptor)
        #expect(input.byteCount == Self.document.count)
        #expect(try Self.digest(input) == (try Self.digest(.bytes(Self.document))))
        #expect(fcntl(descriptor, F_GETFD) != -1, "Sift must not close the descriptor")
    }

    @Test func pipeIsReadUntilTheWriterCloses() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let document = Self.document
        let writer = Thread {
            document.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    // Uneven pieces, so reads see partial tokens.
                    let count = min(1000 + offset % 777, buffer.count - offset)
                    let written = write(writeEnd, buffer.baseAddress! + offset, count)
                    if written <= 0 { break }
                    offset += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        defer { close(readEnd) }
        let input = JSONInput.fileDescriptor(readEnd)
        #expect(input.byteCount == nil)
        #expect(try Self.digest(input) == (try Self.digest(.bytes(Self.document))))
    }

    @Test func missingFileIsAnInputError() throws {
        let path = "/nonexistent-sift-dir/x.json"
        do {
            try JSONTokenizer.validate(.file(path))
            Issue.record("a missing file must throw")
        } catch {
            #expect(error.kind == .inputError)
            #expect(error.message == "cannot open '/nonexistent-sift-dir/x.json': No such file or directory")
            #expect(error.description == "error: cannot open '/nonexistent-sift-dir/x.json': No such file or directory")
            #expect(
                error.diagnostic(file: "x.json")
                    == "x.json: error: cannot open '/nonexistent-sift-dir/x.json': No such file or directory")
        }
        #expect(JSONInput.file(path).byteCount == nil)
    }

    @Test func directoryIsAnInputError() throws {
        let directory = FileManager.default.temporaryDirectory.path
        do {
            try JSONTokenizer.validate(.file(directory))
            Issue.record("a directory must throw")
        } catch {
            #expect(error.kind == .inputError)
            #expect(error.message == "cannot read '\(directory)': Is a directory")
        }
    }

    @Test func stringLiteralIsJSONTextNotAPath() throws {
        let url = try Self.temporaryFile(Array("[1]".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let input = JSONInput(stringLiteral: "feed.json")
        #expect(input.name == nil)
        do {
            try JSONTokenizer.validate(input)
            Issue.record("a file name is not JSON")
        } catch {
            #expect(error.kind == .invalidSyntax)
        }
        try JSONTokenizer.validate("[1, 2, 3]")
        try JSONTokenizer.validate(.string("{}"))
        #expect(JSONInput.string(url.path).byteCount == url.path.utf8.count)
    }

    @Test func stopParsingStopsReadingTheFile() throws {
        let url = try Self.temporaryFile(Self.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = Reports()
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, context in
                if case .key(let key) = event, key.equals("first") { context.stopParsing() }
            })
        try tokenizer.parse(JSONInput.file(url.path).reportingProgress { reports.append($0) })
        #expect(tokenizer.isStopped)
        #expect(reports.values == [65_536])
    }

    @Test func errorAtAReadBoundaryHasTheSameTextAsInMemory() throws {
        // The error sits a few bytes before the end of the first 64 KiB read: its source line is
        // completed from the next read.
        var bytes = Array("[".utf8) + Array(repeating: UInt8(ascii: " "), count: 65_530) + Array("1,,2, 3, 4]".utf8)
        bytes += Array(repeating: UInt8(ascii: "\n"), count: 70_000)
        let url = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let inMemory = try #require(
            TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: .whole))
        #expect(inMemory.sourceLine?.hasSuffix("1,,2, 3, 4]") == true)
        do {
            try JSONTokenizer.validate(.file(url.path))
            Issue.record("must throw")
        } catch {
            #expect(error.description == inMemory.description)
        }
    }

    // MARK: Asynchronous sequences

    @Test func asyncStreamOfByteArrays() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        for start in stride(from: 0, to: Self.document.count, by: 4093) {
            continuation.yield(Array(Self.document[start..<min(start + 4093, Self.document.count)]))
        }
        continuation.finish()
        let tokenizer = JSONTokenizer(handler: TokenizerTestSupport.DigestRecorder())
        try await tokenizer.parse(stream)
        let expected = try Self.digest(.bytes(Self.document))
        #expect((tokenizer.handler.events, tokenizer.handler.digest) == expected)
    }

    @Test func asyncSequenceOfDataAndSlices() async throws {
        let pieces = stride(from: 0, to: Self.document.count, by: 1000).map {
            Self.document[$0..<min($0 + 1000, Self.document.count)]
        }
        let expected = try Self.digest(.bytes(Self.document))

        let slices = JSONTokenizer(handler: TokenizerTestSupport.DigestRecorder())
        try await slices.parse(Chunks(pieces: pieces.map { $0 }))
        #expect((slices.handler.events, slices.handler.digest) == expected)

        let data = JSONTokenizer(handler: TokenizerTestSupport.DigestRecorder())
        try await data.parse(Chunks(pieces: pieces.map { Data($0) }))
        #expect((data.handler.events, data.handler.digest) == expected)
    }

    struct TransportError: Error, Equatable {}

    @Test func errorsOfTheSequencePropagateUnchanged() async throws {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
        continuation.yield(Array(#"{"a":[1,"#.utf8))
        continuation.finish(throwing: TransportError())
        let tokenizer = JSONTokenizer(handler: IgnoringHandler())
        await #expect(throws: TransportError.self) { try await tokenizer.parse(stream) }
    }

    @Test func parseErrorFromAsyncChunksMatchesWholeInput() async throws {
        let text = Array(#"{"values":[1,2,3,,4,5,6,7,8,9,10,11,12,13,14,15]}"#.utf8)
        let whole = try #require(
            TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), text, split: .whole))
        let tokenizer = JSONTokenizer(handler: IgnoringHandler())
        do {
            try await tokenizer.parse(Chunks(pieces: text.map { [$0] }))
            Issue.record("must throw")
        } catch let error as JSONParseError {
            #expect(error.description == whole.description)
            #expect(error.sourceLine == String(decoding: text, as: UTF8.self))
        }
    }

    @Test func stopParsingAsksForNoMoreChunks() async throws {
        let counter = Reports()
        let chunks = Chunks(
            pieces: [Array(#"{"a":1,"#.utf8), Array(#""b":2,"#.utf8), Array(#""c":3}"#.utf8)], pulls: counter)
        let tokenizer = JSONTokenizer(
            handler: JSONEventClosure { event, context in
                if case .key(let key) = event, key.equals("a") { context.stopParsing() }
            })
        try await tokenizer.parse(chunks)
        #expect(tokenizer.isStopped)
        #expect(counter.values.count == 1)
    }
}

/// Collects integers from any thread.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []

    func append(_ value: Int) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// An asynchronous sequence of prepared chunks that counts how many it handed out.
struct Chunks<Element: Sequence<UInt8> & Sendable>: AsyncSequence, Sendable {
    var pieces: [Element]
    var pulls: Reports?

    struct AsyncIterator: AsyncIteratorProtocol {
        var pieces: [Element]
        var index = 0
        var pulls: Reports?

        mutating func next() async -> Element? {
            guard index < pieces.count else { return nil }
            defer { index += 1 }
            pulls?.append(index)
            return pieces[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(pieces: pieces, pulls: pulls) }
}
