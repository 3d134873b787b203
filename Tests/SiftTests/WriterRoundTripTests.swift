import Foundation
import SiftCorpora
import Testing

@testable import Sift

@Suite("JSONWriter round trips")
struct WriterRoundTripTests {
    /// Re-encodes `bytes` event by event through a writer with `sink`.
    static func reencode<Sink: JSONOutputSink>(
        _ bytes: [UInt8], sink: Sink, options: JSONWriterOptions = JSONWriterOptions()
    ) throws -> JSONWriter<Sink> {
        let writer = JSONWriter(sink: sink, options: options)
        let tokenizer = JSONTokenizer(handler: writer)
        try tokenizer.feed(bytes)
        try tokenizer.finish()
        try writer.flush()
        return writer
    }

    @Test(.enabled(if: Corpora.isAvailable), arguments: Corpora.documents)
    func corpusEventsReencodeToAnEqualValue(_ name: String) throws {
        let bytes = try Corpora.bytes(name)
        let value = try JSONValue(parsing: bytes)

        let compact = try Self.reencode(bytes, sink: JSONBufferSink()).sink.bytes
        #expect(try JSONValue(parsing: compact) == value)
        // Writing the value gives the very same bytes as replaying its events.
        #expect(try value.jsonBytes() == compact)
        // Re-encoding compact output is the identity.
        #expect(try Self.reencode(compact, sink: JSONBufferSink()).sink.bytes == compact)

        let pretty = try Self.reencode(bytes, sink: JSONBufferSink(), options: .pretty).sink.bytes
        #expect(try JSONValue(parsing: pretty) == value)
        #expect(try value.jsonBytes(options: .pretty) == pretty)
    }

    @Test(.enabled(if: Corpora.isAvailable))
    func smallFileSinkBuffersGiveTheSameBytes() throws {
        let bytes = try Corpora.bytes("twitter.json")
        let whole = try Self.reencode(bytes, sink: JSONBufferSink()).sink.bytes
        for capacity in [1, 7, 4096] {
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("sift-writer-\(UUID().uuidString).json").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let sink = try JSONFileSink(path: path, bufferCapacity: capacity)
            _ = try Self.reencode(bytes, sink: sink)
            try sink.close()
            #expect(sink.bytesWritten == whole.count)
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == whole, "capacity \(capacity)")
        }
    }

    @Test func fileSinkWritesLargePiecesAndAppends() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-writer-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = String(repeating: "abcdefghij", count: 20_000)
        do {
            let writer = JSONWriter(sink: try JSONFileSink(path: path, bufferCapacity: 1000))
            try writer.write(["s": .string(long)] as JSONValue)
            try writer.reset()
            try writer.flush()
        }
        do {
            // Deinitialising the writer and its sink delivers what was held back.
            let writer = JSONWriter(sink: try JSONFileSink(path: path, appending: true))
            try writer.write([1, 2] as JSONValue)
            try writer.reset()
        }
        let values = try JSONValue.parseAll(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(values == [["s": .string(long)], [1, 2]])
    }

    @Test func fileSinkReportsOpenAndWriteErrors() throws {
        #expect(throws: JSONWriterError.self) { try JSONFileSink(path: "/nonexistent-dir/x.json") }
        let sink = JSONFileSink(fileDescriptor: -1)
        let writer = JSONWriter(sink: sink)
        try writer.write("x" as JSONValue)
        let error = try #require(throws: JSONWriterError.self) { try writer.flush() }
        #expect(error.kind == .ioError)
        #expect(error.message.contains("Bad file descriptor"))
    }

    @Test(arguments: [1, 2, 5, 64])
    func chunkedTokenizingGivesTheSameOutput(chunkSize: Int) throws {
        let text = #"{"a":[1,-2.50e3,{"b":null}],"c":"d\u00e9\n","e":[],"f":{},"g":[[true,false]]}"#
        let bytes = Array(text.utf8)
        let whole = try Self.reencode(bytes, sink: JSONBufferSink()).sink.string
        let writer = JSONWriter()
        let tokenizer = JSONTokenizer(handler: writer)
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            try tokenizer.feed(bytes[start..<min(start + chunkSize, bytes.count)])
        }
        try tokenizer.finish()
        #expect(writer.sink.string == whole)
        #expect(whole == #"{"a":[1,-2.50e3,{"b":null}],"c":"dé\n","e":[],"f":{},"g":[[true,false]]}"#)
    }

    @Test(.enabled(if: Corpora.isAvailable))
    func ndjsonReencodesLineByLine() throws {
        let bytes = try Corpora.bytes("amazon_cellphones.ndjson")
        let writer = JSONWriter()
        let tokenizer = JSONTokenizer(
            options: JSONParserOptions(allowsMultipleValues: true),
            handler: JSONEventClosure { event, _ in
                try writer.write(event)
                if writer.isComplete { try writer.reset() }
            })
        try tokenizer.feed(bytes)
        try tokenizer.finish()
        let output = writer.sink.bytes
        #expect(try JSONValue.parseAll(output) == JSONValue.parseAll(bytes))
        #expect(output.last == UInt8(ascii: "\n"))
    }
}
