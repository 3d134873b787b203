import Foundation
import Testing

@testable import Sift

/// The one input reader, as asynchronous chunks: the same values and errors as the synchronous
/// forms, for every kind of input and every split of a caller's chunks.
@Suite struct InputChunksTests {
    static let names = JSONPath.root.goTo("items").forEach().goTo("name").string

    /// An error, by its description.
    struct Failure: Error, Equatable {
        let text: String
    }

    /// The synchronous answer: every name, or the error's description.
    static func syncNames(_ input: JSONInput) -> Result<[String], Failure> {
        do {
            return .success(try JSONQuery.collect(names, from: input))
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }

    /// The asynchronous answer over any values sequence.
    static func asyncNames<S: AsyncSequence>(_ values: S) async -> Result<[String], Failure> where S.Element == String {
        var collected: [String] = []
        do {
            for try await name in values { collected.append(name) }
            return .success(collected)
        } catch {
            return .failure(Failure(text: "\(error)"))
        }
    }

    /// The document of ``InputTests``, and one with an error a few bytes before the end of the
    /// first 64 KiB read.
    static let documents: [[UInt8]] = {
        var broken = Array(#"{"items":["#.utf8) + Array(repeating: UInt8(ascii: " "), count: 65_500)
        broken += Array(#"{"name":"a"},,{"name":"b"}]}"#.utf8) + Array(repeating: UInt8(ascii: "\n"), count: 70_000)
        return [InputTests.document, broken]
    }()

    @Test(arguments: 0..<2)
    func everyInputGivesTheSyncAnswer(document index: Int) async throws {
        let bytes = Self.documents[index]
        let expected = Self.syncNames(.bytes(bytes))
        if index == 0 { #expect(try expected.get().count == 3000) }
        let url = try InputTests.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        let inputs: [JSONInput] = [
            .bytes(bytes), .data(Data(bytes)), .string(String(decoding: bytes, as: UTF8.self)), .file(url.path),
        ]
        for input in inputs {
            #expect(Self.syncNames(input) == expected)
            #expect(await Self.asyncNames(input.values(at: Self.names)) == expected)
        }
    }

    @Test(arguments: [1, 7, 4093, 65_536, 1 << 20])
    func everySplitOfACallersChunksGivesTheSyncAnswer(chunkSize: Int) async throws {
        for bytes in Self.documents {
            let pieces = stride(from: 0, to: bytes.count, by: chunkSize).map {
                Array(bytes[$0..<min($0 + chunkSize, bytes.count)])
            }
            let values = Chunks(pieces: pieces).jsonValues(at: Self.names)
            #expect(await Self.asyncNames(values) == Self.syncNames(.bytes(bytes)))
        }
    }

    @Test func aPipeGivesTheSyncAnswer() async throws {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let document = InputTests.document
        let thread = Thread {
            for start in stride(from: 0, to: document.count, by: 1000) {
                writer.write(Data(document[start..<min(start + 1000, document.count)]))
            }
            try? writer.close()
        }
        thread.start()
        let values = JSONInput.fileDescriptor(pipe.fileHandleForReading.fileDescriptor).values(at: Self.names)
        #expect(await Self.asyncNames(values) == Self.syncNames(.bytes(document)))
    }

    @Test func inMemoryInputsAreSlicedInPlace() async throws {
        let bytes = InputCancellationTests.bigArray
        let text = String(decoding: bytes, as: UTF8.self)
        let data = Data(bytes)
        let origins = [
            bytes.withUnsafeBytes { UnsafeRawPointer($0.baseAddress!) },
            try #require(text.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress!) }),
            data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress!) },
        ]
        for (input, origin) in zip([JSONInput.bytes(bytes), .string(text), .data(data)], origins) {
            var joined: [UInt8] = []
            var index = 0
            for try await chunk in JSONInputChunks(input) {
                #expect(chunk.count <= JSONInput.chunkSize)
                // Each chunk is the caller's own storage, where the one before ended: no copy.
                let base = try #require(chunk.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress!) })
                #expect(base == origin + index * JSONInput.chunkSize)
                chunk.withContiguousStorageIfAvailable { joined += $0 }
                index += 1
            }
            #expect(joined == bytes)
            #expect(index > 50)
        }
    }

    @Test func aFileThatCannotBeOpenedThrowsTheSyncError() async throws {
        let input = JSONInput.file("/nonexistent-sift-dir/x.json")
        let expected = Self.syncNames(input)
        let message = "error: cannot open '/nonexistent-sift-dir/x.json': No such file or directory"
        #expect(expected == .failure(Failure(text: message)))
        #expect(await Self.asyncNames(input.values(at: Self.names)) == expected)
    }

    @Test func progressIsReportedForEveryChunk() async throws {
        let url = try InputTests.temporaryFile(InputTests.document)
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = Reports()
        var total = 0
        for try await chunk in JSONInputChunks(.file(url.path).reportingProgress { reports.append($0) }) {
            total += chunk.count
            #expect(Array(chunk) == Array(InputTests.document[(total - chunk.count)..<total]))
        }
        #expect(total == InputTests.document.count)
        #expect(reports.values.last == InputTests.document.count)
        #expect(reports.values == reports.values.sorted())
    }
}
